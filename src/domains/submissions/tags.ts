/**
 * Tags: labels per organisation and mode, each one brand's or shared by every brand (`brand_id` null). A brand's
 * tags are seen and used by whoever sees that brand, its client logins included; shared tags only by the agency's
 * own members and organisation-wide API keys, so one client never reads another client's tag names. A brand's tag
 * goes only on that brand's testimonials, a shared one on any. Names are unique (case ignored) within a brand and
 * among the shared tags. A tag change on a shown testimonial tells whatever shows testimonials, since widgets can
 * select by tag.
 */
import { and, asc, count, eq, inArray, isNull, or, type SQL } from "drizzle-orm";
import { scoped, byId, preparedScoped, scopeValues } from "../../platform/db/tenancy";
import type { Ctx } from "../../platform/context";
import type { Db } from "../../platform/db/client";
import type { Reader, Tx } from "../../platform/db/unit-of-work";
import { iso } from "../../platform/clock";
import { newId } from "../../platform/ids";
import { conflict, invalid, notFound } from "../../platform/errors";
import { toPage, type PageRequest } from "../../platform/http/pagination";
import { submissionTags, tags, submissions } from "./tables";
import { getSubmissionRow } from "./read";
import { isShown } from "./visibility";
import { brandScope, scopedBrands } from "../../platform/db/brand-scope";
import { idPageRows } from "../../platform/db/org-page";
import { getBrandRow } from "../brands";

type TagRow = typeof tags.$inferSelect;
import type { TagView } from "./model";
const COLOR = /^#[0-9a-fA-F]{6}$/;

/** A tag as the API shows it. */
export const presentTag = (t: TagRow, usage?: number): TagView => ({
  id: t.id,
  name: t.name,
  color: t.color,
  brand_id: t.brandId,
  submission_count: usage,
  created_at: iso(t.createdAt),
  updated_at: iso(t.updatedAt),
});

/**
 * The tags a context may see: for a client login (a context limited to brands) only its brands' own tags, never
 * the shared ones (a null brand is in no scope); undefined, so it drops out of `and(…)`, for everyone else.
 */
export const visibleTags = (ctx: Pick<Ctx, "brandIds">): SQL | undefined => brandScope(ctx, tags.brandId);

function checkName(name: string): { name: string; key: string } {
  const clean = name.replace(/\s+/g, " ").trim();
  if (!clean || clean.length > 40) throw invalid("A tag name has 1 to 40 characters.", "name");
  return { name: clean, key: clean.toLowerCase() };
}

/** Refuses a name already used by another tag of the same brand (or among the shared tags). */
function checkNameFree(db: Db, ctx: Ctx, name: string, key: string, brandId: string | null, except?: string) {
  const row = db
    .select({ id: tags.id })
    .from(tags)
    .where(
      and(
        scoped(tags, ctx, { allBrands: true }),
        eq(tags.nameKey, key),
        brandId === null ? isNull(tags.brandId) : eq(tags.brandId, brandId),
      ),
    )
    .get();
  if (row && row.id !== except)
    throw conflict(
      "tag_exists",
      `A tag named "${name}" already exists ${brandId === null ? "among the shared tags" : "for this brand"}.`,
      { field: "name" },
    );
}

/** A tag of the context that it may see; 404 otherwise (another brand's tag, or a shared one for a client). */
export function getTag(r: Reader, id: string): TagRow {
  const row = r.db
    .select()
    .from(tags)
    .where(byId(tags, r.ctx, id))
    .get();
  if (!row) throw notFound("tag");
  return row;
}

/**
 * A page of the tags the context may see, newest first, each with how many testimonials carry it (for a client,
 * only its brands' testimonials are counted). With `brandId`: the tags usable on that brand's testimonials, its
 * own and the shared ones (a client gets its brand's own only); a brand the context cannot see is a 404.
 */
export function listTags(r: Reader, page: PageRequest, brandId?: string) {
  const { deps, ctx } = r;
  if (brandId) getBrandRow(r.db, ctx, brandId);
  const limited = scopedBrands(ctx) !== null;
  const rows = idPageRows(
    r.db,
    tags,
    page,
    `usable:${brandId ? "b" : ""}${limited ? "s" : ""}`,
    (p) => [
      // A statement per shape: the brand scope's condition only in the one prepared for limited contexts.
      preparedScoped(tags, { allBrands: !limited }),
      brandId ? or(eq(tags.brandId, p("brand")), isNull(tags.brandId)) : undefined,
    ],
    { ...scopeValues(ctx), brand: brandId ?? null },
  );
  const scope = brandScope(ctx, submissions.brandId);
  const counts = new Map(
    rows.length
      ? r.db
          .select({ tagId: submissionTags.tagId, n: count() })
          .from(submissionTags)
          .where(
            and(
              inArray(
                submissionTags.tagId,
                rows.map((r) => r.id),
              ),
              scope
                ? inArray(
                    submissionTags.submissionId,
                    r.db.select({ id: submissions.id }).from(submissions).where(scope),
                  )
                : undefined,
            ),
          )
          .groupBy(submissionTags.tagId)
          .all()
          .map((c) => [c.tagId, c.n])
      : [],
  );
  return toPage(
    deps.signer,
    page,
    rows,
    (r) => [r.id],
    (r) => presentTag(r, counts.get(r.id) ?? 0),
  );
}

/**
 * Creates a tag for a brand (`brand_id`, one the context sees) or shared by every brand (`brand_id` absent or
 * null). Shared tags are the agency's own: a client login must name one of its brands.
 */
export function createTag(tx: Tx, input: { name: string; color?: string; brand_id?: string | null }) {
  const { db, ctx } = tx;
  const { name, key } = checkName(input.name);
  if (input.color !== undefined && !COLOR.test(input.color)) throw invalid("Colours are hex like #64748b.", "color");
  const brandId = input.brand_id ?? null;
  if (brandId === null && scopedBrands(ctx) !== null)
    throw invalid(
      "Choose one of your brands for the tag (brand_id): tags shared by every brand are your agency's own.",
      "brand_id",
    );
  if (brandId !== null) getBrandRow(db, ctx, brandId);
  checkNameFree(db, ctx, name, key, brandId);
  const now = ctx.clock.now();
  const row: TagRow = {
    id: newId("tag", now),
    orgId: ctx.orgId,
    mode: ctx.mode,
    brandId,
    name,
    nameKey: key,
    color: input.color?.toLowerCase() ?? "#64748b",
    createdAt: now,
    updatedAt: now,
  };
  db.insert(tags).values(row).run();
  tx.audit("tag.created", row.id, { name, brand_id: brandId });
  return presentTag(row, 0);
}

/** Renames or recolours a tag. */
export function updateTag(tx: Tx, id: string, patch: { name?: string; color?: string }) {
  const { db, ctx } = tx;
  const row = getTag(tx, id);
  const next = { ...row, updatedAt: ctx.clock.now() };
  if (patch.name !== undefined) {
    const { name, key } = checkName(patch.name);
    checkNameFree(db, ctx, name, key, row.brandId, id);
    next.name = name;
    next.nameKey = key;
  }
  if (patch.color !== undefined) {
    if (!COLOR.test(patch.color)) throw invalid("Colours are hex like #64748b.", "color");
    next.color = patch.color.toLowerCase();
  }
  db.update(tags)
    .set({ name: next.name, nameKey: next.nameKey, color: next.color, updatedAt: next.updatedAt })
    .where(eq(tags.id, id))
    .run();
  return presentTag(next);
}

function notifyShown(tx: Tx, submissionIds: string[], reason: string) {
  if (!submissionIds.length) return;
  for (const s of tx.db.select().from(submissions).where(inArray(submissions.id, submissionIds)).all()) {
    if (isShown(s)) tx.shown({ brandId: s.brandId, submissionId: s.id, reason });
  }
}

/** Deletes a tag and takes it off every testimonial. */
export function deleteTag(tx: Tx, id: string) {
  const { db } = tx;
  getTag(tx, id);
  const tagged = db
    .select({ id: submissionTags.submissionId })
    .from(submissionTags)
    .where(eq(submissionTags.tagId, id))
    .all()
    .map((r) => r.id);
  db.delete(tags).where(eq(tags.id, id)).run();
  notifyShown(tx, tagged, "tag.deleted");
  tx.audit("tag.deleted", id);
}

/** The tags on a testimonial that the context may see, by name. */
export function tagsOf(r: Reader, submissionId: string) {
  return r.db
    .select({ tag: tags })
    .from(submissionTags)
    .innerJoin(tags, eq(tags.id, submissionTags.tagId))
    .where(and(eq(submissionTags.submissionId, submissionId), visibleTags(r.ctx)))
    .orderBy(asc(tags.nameKey))
    .all()
    .map((r) => presentTag(r.tag));
}

/**
 * Puts a tag on a testimonial (no-op when already there); returns the testimonial's tags. A brand's tag goes only
 * on that brand's testimonials (409 `tag_other_brand`).
 */
export function tagSubmission(tx: Tx, submissionId: string, tagId: string) {
  const { db, ctx } = tx;
  const row = getSubmissionRow(tx, submissionId);
  const tag = getTag(tx, tagId);
  if (tag.brandId !== null && tag.brandId !== row.brandId)
    throw conflict(
      "tag_other_brand",
      `The tag "${tag.name}" belongs to another brand. Use one of this brand's tags, or a tag shared by every brand.`,
      { field: "tag_id" },
    );
  const added = db
    .insert(submissionTags)
    .values({ submissionId, tagId, createdAt: ctx.clock.now() })
    .onConflictDoNothing()
    .returning()
    .get();
  if (added && isShown(row)) tx.shown({ brandId: row.brandId, submissionId, reason: "tagged" });
  return tagsOf(tx, submissionId);
}

/** Takes a tag off a testimonial; returns the testimonial's tags. */
export function untagSubmission(tx: Tx, submissionId: string, tagId: string) {
  const { db } = tx;
  const row = getSubmissionRow(tx, submissionId);
  getTag(tx, tagId);
  const removed = db
    .delete(submissionTags)
    .where(and(eq(submissionTags.submissionId, submissionId), eq(submissionTags.tagId, tagId)))
    .returning()
    .get();
  if (removed && isShown(row)) tx.shown({ brandId: row.brandId, submissionId, reason: "untagged" });
  return tagsOf(tx, submissionId);
}
