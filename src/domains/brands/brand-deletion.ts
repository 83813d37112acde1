/**
 * Deleting a brand (a client leaves). `GET /v1/brands/{id}/deletion` says beforehand what goes: the modules count
 * their parts (`brandDeletion.count`: testimonials and files, widgets, reels, request campaigns; links and the logo
 * here). `DELETE /v1/brands/{id}` then, in one transaction:
 * - deletes its collect links (their pages answer 404, their slugs stay held: link-deletion.ts);
 * - releases its custom domain (another brand may take it; the certificate is dropped by a job) and makes its wall
 *   private, so the wall, its permalinks and its JSON answer 404 at once;
 * - runs every module's `brandDeletion.stop`: its testimonials are deleted for every reader, its widgets deleted
 *   (their documents answer 404 at once), client logins and invitations naming it lose it;
 * - marks the brand `deleting` (it no longer counts against the plan's `brands` allowance) and queues the
 *   `brand.delete` job, which erases everything for good and then the row (brand-deletion-job.ts).
 *
 * The default brand cannot be deleted: each organisation keeps one brand per mode. The dashboard opens on it, a
 * Free plan's one brand is that one, and the sandbox's `default` slug is what test-mode examples use; a client
 * leaving means deleting the brand made for them. To stop using the default brand, rename it or make its wall private.
 */
import { and, count as countRows, eq } from "drizzle-orm";
import { scoped } from "../../platform/db/tenancy";
import type { Db } from "../../platform/db/client";
import type { Reader, Tx } from "../../platform/db/unit-of-work";
import type { Ctx } from "../../platform/context";
import type { Deps } from "../../platform/deps";
import { iso } from "../../platform/clock";
import { AppError } from "../../platform/errors";
import type { DeletionCountName, GoingBrand } from "../../platform/hooks";
import type { ModuleBrandDeletion } from "../../platform/module";
import { brands, links } from "./tables";
import { getBrandRow } from "./brand-service";
import { dropCertificateOf } from "./custom-domain";
import { deleteLinkRows } from "./link-deletion";
import { HOLD_DAYS } from "./former-slugs";
import { presentBrand, type BrandRow } from "./present";
import type { BrandDeletionPreview, BrandView } from "./model";

/** Job kind that erases a deleting brand's testimonials and files, then its row. */
export const BRAND_DELETE_JOB = "brand.delete";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Why the default brand stays, in the words the API and the dashboard show. */
export const DEFAULT_BRAND_KEPT =
  "The default brand cannot be deleted: every organisation keeps one brand in each mode, where the dashboard opens and new work lands (on the Free plan it is the only brand). Rename it or make its wall private instead; delete the brands made for clients who leave.";

const going = (row: BrandRow): GoingBrand => ({ id: row.id, orgId: row.orgId, mode: row.mode });

const ofBrand = (brand: GoingBrand) => and(scoped(links, brand), eq(links.brandId, brand.id));

/**
 * The brands module's own part: the preview counts the brand's links and its logo; the job deletes the logo file
 * (the links went in the deleting transaction).
 */
export const brandOwnPart = {
  count(db: Db, brand: GoingBrand) {
    const logo = db.select({ key: brands.logoKey }).from(brands).where(eq(brands.id, brand.id)).get()?.key;
    return {
      links: db.select({ n: countRows() }).from(links).where(ofBrand(brand)).get()?.n ?? 0,
      files: logo ? 1 : 0,
    };
  },
  async erase(deps: Deps, brand: GoingBrand) {
    const logo = deps.db.select({ key: brands.logoKey }).from(brands).where(eq(brands.id, brand.id)).get()?.key;
    if (logo) {
      await deps.storage.remove("public", logo);
      deps.db.update(brands).set({ logoKey: null }).where(eq(brands.id, brand.id)).run();
    }
    return 0;
  },
} satisfies ModuleBrandDeletion;

/** What deleting the brand takes, counted by every module that holds part of it. */
export function deletionPreview(r: Reader, id: string): BrandDeletionPreview {
  const { db, ctx, deps } = r;
  const row = getBrandRow(db, ctx, id);
  const counts: Record<DeletionCountName, number> = {
    testimonials: 0,
    files: 0,
    widgets: 0,
    links: 0,
    reels: 0,
    requests: 0,
  };
  for (const part of deps.hooks.brandDeletion)
    for (const [name, n] of Object.entries(part.count?.(db, going(row)) ?? {}))
      counts[name as DeletionCountName] += n ?? 0;
  return {
    brand_id: row.id,
    name: row.name,
    can_delete: !row.isDefault,
    reason: row.isDefault ? DEFAULT_BRAND_KEPT : null,
    ...counts,
    slug: row.slug,
    slug_held_until: iso(ctx.clock.now() + HOLD_DAYS * DAY_MS)!,
    custom_domain: row.customDomain,
  };
}

/** Starts deleting a brand (see the file comment); answers the brand, now `deleting`. */
export function startBrandDeletion(tx: Tx, id: string): BrandView {
  const { db, ctx, deps } = tx;
  const row = getBrandRow(db, ctx, id);
  if (row.isDefault) throw new AppError("default_brand", 409, DEFAULT_BRAND_KEPT);
  const now = ctx.clock.now();
  deleteLinkRows(
    tx,
    db
      .select()
      .from(links)
      .where(ofBrand(going(row)))
      .all(),
  );
  dropCertificateOf(tx, row);
  const next: BrandRow = {
    ...row,
    isPublic: false,
    wallLinkId: null,
    customDomain: null,
    customDomainStatus: null,
    customDomainError: null,
    customDomainCheckedAt: null,
    deletingAt: now,
    updatedAt: now,
  };
  db.update(brands)
    .set({
      isPublic: false,
      wallLinkId: null,
      customDomain: null,
      customDomainStatus: null,
      customDomainError: null,
      customDomainCheckedAt: null,
      deletingAt: now,
      updatedAt: now,
    })
    .where(eq(brands.id, row.id))
    .run();
  for (const part of deps.hooks.brandDeletion) part.stop?.(db, ctx, going(row));
  // Walls drop their cached pages; widgets of the brand are gone already.
  tx.shown({ brandId: row.id, submissionId: null, reason: "brand.deleting" });
  tx.audit("brand.deletion_started", row.id, {
    name: row.name,
    slug: row.slug,
    custom_domain: row.customDomain,
  });
  scheduleBrandDeletion(tx, row.id);
  return presentBrand({ ...deps, db }, next);
}

/** Queues (or pulls forward) the next run of a brand's deletion job (of the context's org and mode), in the unit of work. */
export function scheduleBrandDeletion(tx: Tx, brandId: string) {
  tx.enqueue({
    kind: BRAND_DELETE_JOB,
    payload: { brandId },
    dedupeKey: `${BRAND_DELETE_JOB}:${brandId}`,
  });
}
