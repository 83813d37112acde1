/**
 * The `brand.delete` job: erases a deleting brand (brand-deletion.ts) for good. Each run asks every module's
 * `brandDeletion.erase` for its next batch (the submissions module erases up to `ERASE_BATCH` testimonials as the
 * purge job does; reels, the logo and the thank-you marks go in one step) and queues the next run while anything is
 * left, so the brand's `deletion` shows progress between runs and other jobs get their turn. When nothing is left,
 * one transaction holds the brand's slug for its organisation (former-slugs.ts: the slugs it had before stay held
 * too), deletes the row (its testimonials' tombstones, imports and any leftover rows go with it) and audits
 * `brand.deleted`; then the testimonials' folders are swept once more (an upload finishing during the deletion) and
 * a WAL checkpoint (TRUNCATE) drops old page copies: nothing of the brand's testimonials is left in the data
 * directory. Safe to run twice.
 */
import { eq } from "drizzle-orm";
import type { Deps } from "../../platform/deps";
import { systemCtx, type Mode } from "../../platform/context";
import { unitOfWork } from "../../platform/db/unit-of-work";
import type { GoingBrand } from "../../platform/hooks";
import type { JobRegistry } from "../../platform/jobs/worker";
import { brands } from "./tables";
import { holdFormerSlug } from "./former-slugs";
import { BRAND_DELETE_JOB, scheduleBrandDeletion } from "./brand-deletion";
import type { BrandRow } from "./present";

/** Erases the next part of a deleting brand; finishes it when nothing is left. */
export async function runBrandDeletion(deps: Deps, brandId: string): Promise<"erasing" | "deleted" | "none"> {
  const row = deps.db.select().from(brands).where(eq(brands.id, brandId)).get();
  if (!row?.deletingAt) return "none";
  const brand: GoingBrand = { id: row.id, orgId: row.orgId, mode: row.mode as Mode };
  let left = 0;
  for (const part of deps.hooks.brandDeletion) if (part.erase) left += await part.erase(deps, brand);
  if (left > 0) {
    unitOfWork(deps, systemCtx(row.orgId, row.mode as Mode, deps.clock), (tx) => scheduleBrandDeletion(tx, row.id));
    return "erasing";
  }
  await finish(deps, row);
  return "deleted";
}

async function finish(deps: Deps, row: BrandRow): Promise<void> {
  const ctx = systemCtx(row.orgId, row.mode as Mode, deps.clock);
  // Tombstones left by the erasure; their folders are swept once more after the row goes.
  const testimonials = deps.db.$client
    .query<{ id: string }, [string]>("SELECT id FROM submissions WHERE brand_id = ?")
    .all(row.id)
    .map((r) => r.id);
  const deleted = unitOfWork(deps, ctx, (tx) => {
    const current = tx.db.select().from(brands).where(eq(brands.id, row.id)).get();
    if (!current?.deletingAt) return false;
    holdFormerSlug(tx, "brand", row.id, row.slugScope, row.slug);
    tx.db.delete(brands).where(eq(brands.id, row.id)).run();
    tx.audit("brand.deleted", row.id, { name: row.name, slug: row.slug, testimonials: testimonials.length });
    return true;
  });
  if (!deleted) return;
  for (const id of testimonials) await deps.storage.remove("media", `submissions/${id}`);
  deps.db.$client.exec("PRAGMA wal_checkpoint(TRUNCATE)");
}

/** Registers the `brand.delete` job kind. */
export function registerBrandDeletionJob(registry: JobRegistry): JobRegistry {
  return registry.register<{ brandId: string }>(BRAND_DELETE_JOB, {
    handle: async (job, deps) => void (await runBrandDeletion(deps, job.payload.brandId)),
    maxAttempts: 10,
    backoffMs: (attempt) => Math.min(5_000 * 2 ** (attempt - 1), 600_000),
  });
}
