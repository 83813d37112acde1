/**
 * Brands: the default brand of each mode, listing, creation, changes (slug with redirects from the old one,
 * public flag, colour) and logos. Every query filters by org and mode.
 */
import { applyLanguages } from "./languages";
import { and, desc, eq, lt, sql, type SQL } from "drizzle-orm";
import { byId, preparedScoped, scopeValues } from "../../platform/db/tenancy";
import type { Static } from "elysia";
import type { Db } from "../../platform/db/client";
import type { Reader, Tx } from "../../platform/db/unit-of-work";
import type { Clock } from "../../platform/clock";
import type { Ctx } from "../../platform/context";
import type { Deps } from "../../platform/deps";
import { newId } from "../../platform/ids";
import { AppError, conflict, invalid, notFound } from "../../platform/errors";
import { toPage, type PageRequest } from "../../platform/http/pagination";
import { brands } from "./tables";
import type { newBrandBody } from "./model";
import { endHold, formerOwner, formerSlugsColumn, heldByAnother, parseFormerSlugs, slugMoved } from "./former-slugs";
import { presentBrand, submissionCountColumn, type BrandRow } from "./present";
import { prepared, preparedAs } from "../../platform/db/prepared";
import { applyCustomDomain } from "./custom-domain";
import { applyWallHeader } from "./wall-header";
import { applyBrandMail } from "./brand-mail";
import { checkFrameOrigins } from "./frame-origins";
import { applyWallAttribution } from "./wall-attribution";
import { applyReviewItem } from "./review-item";
import { DEFAULT_REVIEW_TYPE } from "./review-markup";

const SLUG = /^[a-z0-9](?:[a-z0-9-]{1,58}[a-z0-9])$/;
const RESERVED = new Set(["app", "api", "cdn", "public", "admin", "v1", "static", "assets", "sitemap", "robots"]);
const COLOR = /^#[0-9a-fA-F]{6}$/;

/** Turns a name into a slug candidate. */
export function slugify(name: string): string {
  const s = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 50);
  return s.length >= 3 ? s : `brand-${s || "x"}`.slice(0, 50);
}

/** Checks a slug from input. */
export function checkSlug(slug: string): string {
  if (!SLUG.test(slug) || slug.includes("--"))
    throw invalid(
      "A slug is 3 to 60 lowercase letters, digits and single hyphens, starting and ending with a letter or digit.",
      "slug",
    );
  if (RESERVED.has(slug)) throw invalid(`"${slug}" is reserved; choose another slug.`, "slug");
  return slug;
}

/** Where slugs must be unique: across the box for live brands, within the org for test brands. */
export const slugScopeOf = (orgId: string, mode: string) => (mode === "live" ? "live" : `test:${orgId}`);

/**
 * Whether `slug` is taken for a brand of the context's organisation: another brand has it, or another organisation
 * still holds it as a former slug (former-slugs.ts). Both are the same 409 to the caller, in the same words.
 */
function slugTaken(db: Db, ctx: Ctx, scope: string, slug: string, exceptBrandId?: string): boolean {
  return slugInUse(db, scope, slug, exceptBrandId) || heldByAnother(db, "brand", ctx, scope, slug);
}

function slugInUse(db: Db, scope: string, slug: string, exceptBrandId?: string): boolean {
  const row = db
    .select({ id: brands.id })
    .from(brands)
    .where(and(eq(brands.slugScope, scope), eq(brands.slug, slug)))
    .get();
  return !!row && row.id !== exceptBrandId;
}

/**
 * A free slug based on `base` (adds -2, -3… as needed). A slug anyone still has as a former one is passed over too,
 * even a lapsed or an own one: a made-up slug should not end an old address's redirect.
 */
function freeSlug(db: Db, scope: string, base: string): string {
  let candidate = base;
  for (
    let i = 2;
    slugInUse(db, scope, candidate) || formerOwner(db, "brand", scope, candidate) || RESERVED.has(candidate);
    i++
  )
    candidate = `${base.slice(0, 50)}-${i}`;
  return candidate;
}

/** The 409 for a slug in use or held by another organisation: the same words for both, so neither is hinted at. */
const slugTakenError = (slug: string) =>
  conflict("slug_taken", `The slug "${slug}" is taken; choose another.`, { field: "slug" });

/** Creates the default brand in live mode (slug from the org name) and in test mode (slug `default`). */
export function createDefaultBrands(db: Db, clock: Clock, orgId: string, orgName: string): void {
  const now = clock.now();
  for (const mode of ["live", "test"] as const) {
    const scope = slugScopeOf(orgId, mode);
    const slug = mode === "test" ? "default" : freeSlug(db, scope, slugify(orgName));
    db.insert(brands)
      .values({
        id: newId("brand", now),
        orgId,
        mode,
        name: orgName,
        slug,
        slugScope: scope,
        isDefault: true,
        createdAt: now,
        updatedAt: now,
      })
      .run();
  }
}

/**
 * A brand row of the context's org, mode and brand scope (a client's brands) that is in use; 404 otherwise, and 409
 * `brand_deleting` while its deletion runs (nothing new may be made or changed in a brand on its way out).
 */
export function getBrandRow(db: Db, ctx: Ctx, id: string): BrandRow {
  const row = readBrandRow(db, ctx, id);
  if (row.deletingAt != null)
    throw new AppError("brand_deleting", 409, `The brand “${row.name}” is being deleted; it can no longer be used.`);
  return row;
}

/** A brand row of the context's org, mode and brand scope, also while it is being deleted; 404 otherwise. */
export function readBrandRow(db: Db, ctx: Ctx, id: string): BrandRow {
  const row = prepared(db, brandById).get({ id, ...scopeValues(ctx) });
  if (!row) throw notFound("brand");
  return row;
}

/** One brand by id within an org, mode and brand scope (the lookup nearly every brand-owned route makes). */
const brandById = (db: Db) =>
  db
    .select()
    .from(brands)
    .where(and(eq(brands.id, sql.placeholder("id")), preparedScoped(brands, { brandColumn: brands.id })))
    .prepare();

/** A page of the brands the context sees, newest first. */
export function listBrands(r: Reader, page: PageRequest) {
  const { db, ctx, deps } = r;
  const params = { ...scopeValues(ctx), limit: page.limit + 1, after: page.after?.[0] ?? "" };
  // The testimonial count is the submissions module's expression (deps.hooks); one statement per shape and handle.
  const count = submissionCountColumn(deps.hooks);
  const rows = page.after
    ? preparedAs(db, "brands.page.after", (db) => brandPage(db, true, count)).all(params)
    : preparedAs(db, "brands.page.first", (db) => brandPage(db, false, count)).all(params);
  return toPage(
    deps.signer,
    page,
    rows,
    (r) => [r.brand.id],
    (r) => presentBrand(deps, r.brand, r.n, parseFormerSlugs(r.former)),
  );
}

const brandPage = (db: Db, after: boolean, count: SQL<number>) =>
  db
    .select({ brand: brands, n: count, former: formerSlugsColumn("brand") })
    .from(brands)
    .where(
      and(
        preparedScoped(brands, { brandColumn: brands.id }),
        after ? lt(brands.id, sql.placeholder("after")) : undefined,
      ),
    )
    .orderBy(desc(brands.id))
    .limit(sql.placeholder("limit"))
    .prepare();

/** Input of brand creation: the POST /v1/brands body. */
export type NewBrand = Static<typeof newBrandBody>;

/** Creates a brand (checked against the `brands` allowance by the caller). */
export function createBrand(tx: Tx, input: NewBrand) {
  const { db, ctx, deps } = tx;
  const name = input.name.trim();
  if (!name || name.length > 120) throw invalid("A brand needs a name of 1 to 120 characters.", "name");
  if (input.color !== undefined && !COLOR.test(input.color)) throw invalid("Colours are hex like #4f46e5.", "color");
  const scope = slugScopeOf(ctx.orgId, ctx.mode);
  let slug: string;
  if (input.slug !== undefined) {
    slug = checkSlug(input.slug);
    if (slugTaken(db, ctx, scope, slug)) throw slugTakenError(slug);
    // The organisation's own former slug, or another's lapsed one: taking it ends that hold.
    endHold(db, "brand", scope, slug);
  } else slug = freeSlug(db, scope, slugify(name));
  const now = ctx.clock.now();
  const row: BrandRow = {
    id: newId("brand", now),
    orgId: ctx.orgId,
    mode: ctx.mode,
    name,
    slug,
    slugScope: scope,
    color: input.color?.toLowerCase() ?? "#4f46e5",
    isDefault: false,
    isPublic: false,
    logoKey: null,
    introText: null,
    websiteUrl: null,
    wallLinkId: null,
    customDomain: null,
    customDomainStatus: null,
    customDomainError: null,
    customDomainCheckedAt: null,
    mailFromName: null,
    mailReplyTo: null,
    frameOrigins: null,
    wallAttribution: true,
    cardFont: "sans",
    reviewType: DEFAULT_REVIEW_TYPE,
    reviewItemName: null,
    languages: null,
    defaultLanguage: "en",
    deletingAt: null,
    createdAt: now,
    updatedAt: now,
  };
  db.insert(brands).values(row).run();
  tx.audit("brand.created", row.id, { name, slug });
  return presentBrand(deps, row);
}

/** Changes to a brand. */
export interface BrandPatch {
  name?: string;
  slug?: string;
  is_public?: boolean;
  color?: string;
  intro_text?: string | null;
  website_url?: string | null;
  wall_link_id?: string | null;
  custom_domain?: string | null;
  mail_from_name?: string | null;
  mail_reply_to?: string | null;
  frame_origins?: string[] | null;
  wall_attribution?: boolean;
  card_font?: "sans" | "serif" | "display";
  review_type?: string;
  review_item_name?: string | null;
  languages?: string[];
  default_language?: string;
}

/** Applies a change; a new slug keeps the old one for the organisation, its address redirecting (former-slugs.ts). */
export function updateBrand(tx: Tx, id: string, patch: BrandPatch) {
  const { db, ctx, deps } = tx;
  const row = getBrandRow(db, ctx, id);
  const next: BrandRow = { ...row, updatedAt: ctx.clock.now() };
  if (patch.name !== undefined) {
    const name = patch.name.trim();
    if (!name || name.length > 120) throw invalid("A brand needs a name of 1 to 120 characters.", "name");
    next.name = name;
  }
  if (patch.color !== undefined) {
    if (!COLOR.test(patch.color)) throw invalid("Colours are hex like #4f46e5.", "color");
    next.color = patch.color.toLowerCase();
  }
  if (patch.is_public !== undefined) next.isPublic = patch.is_public;
  applyWallHeader(db, ctx, row, next, patch);
  if (patch.custom_domain !== undefined) applyCustomDomain(tx, row, next, patch.custom_domain);
  if (patch.card_font !== undefined) next.cardFont = patch.card_font;
  applyReviewItem(next, patch);
  applyLanguages(next, patch);
  applyBrandMail(next, patch);
  if (patch.frame_origins !== undefined) next.frameOrigins = checkFrameOrigins(patch.frame_origins);
  applyWallAttribution(db, ctx, deps.config.appUrl, next, patch.wall_attribution);
  if (patch.slug !== undefined && patch.slug !== row.slug) {
    const slug = checkSlug(patch.slug);
    if (slugTaken(db, ctx, row.slugScope, slug, row.id)) throw slugTakenError(slug);
    slugMoved(tx, "brand", row.id, { scope: row.slugScope, slug: row.slug }, { scope: row.slugScope, slug });
    next.slug = slug;
  }
  db.update(brands)
    .set({
      name: next.name,
      color: next.color,
      isPublic: next.isPublic,
      slug: next.slug,
      introText: next.introText,
      websiteUrl: next.websiteUrl,
      wallLinkId: next.wallLinkId,
      customDomain: next.customDomain,
      customDomainStatus: next.customDomainStatus,
      customDomainError: next.customDomainError,
      customDomainCheckedAt: next.customDomainCheckedAt,
      cardFont: next.cardFont,
      reviewType: next.reviewType,
      reviewItemName: next.reviewItemName,
      languages: next.languages,
      defaultLanguage: next.defaultLanguage,
      mailFromName: next.mailFromName,
      mailReplyTo: next.mailReplyTo,
      frameOrigins: next.frameOrigins,
      wallAttribution: next.wallAttribution,
      updatedAt: next.updatedAt,
    })
    .where(eq(brands.id, id))
    .run();
  tx.audit("brand.updated", id, { ...patch });
  // Widget documents carry the brand's name and colour; walls its slug, visibility, framing and attribution.
  tx.shown({ brandId: id, submissionId: null, reason: "brand.updated" });
  return presentBrand(deps, next);
}

/**
 * The brand a slug (current or former) points to in a slug scope; `moved` when it is a former one. A former slug
 * leads to its brand while its row is there: until released, or taken by someone once its hold has lapsed.
 */
export function findBrandBySlug(db: Db, scope: string, slug: string): { brand: BrandRow; moved: boolean } | null {
  const current = db
    .select()
    .from(brands)
    .where(and(eq(brands.slugScope, scope), eq(brands.slug, slug)))
    .get();
  if (current) return { brand: current, moved: false };
  const old = formerOwner(db, "brand", scope, slug);
  if (!old) return null;
  const brand = db
    .select()
    .from(brands)
    .where(byId(brands, old, old.id))
    .get();
  return brand ? { brand, moved: true } : null;
}
