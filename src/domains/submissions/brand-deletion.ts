/**
 * The submissions module's part in deleting a brand (src/domains/brands/brand-deletion.ts runs it): the preview
 * counts the brand's testimonials and their files; the deleting transaction deletes them all at once for every
 * reader (lists, search, exports and every public place, as `softDelete` would, in one statement); the job then
 * erases them for good in batches, each as the purge job erases a deleted testimonial (files, published copies,
 * every module's copies, words and details), with one WAL checkpoint per batch. The rows themselves go with the
 * brand's row at the end.
 */
import type { Tx } from "../../platform/db/unit-of-work";
import { and, eq, isNull, sql } from "drizzle-orm";
import { scoped } from "../../platform/db/tenancy";
import type { Db } from "../../platform/db/client";
import type { Ctx } from "../../platform/context";
import type { Deps } from "../../platform/deps";
import type { GoingBrand } from "../../platform/hooks";
import type { ModuleBrandDeletion } from "../../platform/module";
import { submissions } from "./tables";
import { eraseSubmission } from "./purge";

/** Testimonials erased per run of the brand's deletion job (each run shows as progress on the brand). */
export const ERASE_BATCH = 20;

const ofBrand = (brand: GoingBrand) => and(scoped(submissions, brand), eq(submissions.brandId, brand.id));

/** Stored files of a testimonial row: the recording and its processed copies, photos, and published copies. */
const FILES = sql<number>`coalesce(sum(
  (${submissions.originalKey} IS NOT NULL) + (${submissions.videoKey} IS NOT NULL) + (${submissions.audioKey} IS NOT NULL)
  + (${submissions.posterKey} IS NOT NULL) + (${submissions.thumbKey} IS NOT NULL) + (${submissions.photoKey} IS NOT NULL)
  + (${submissions.pendingPhotoKey} IS NOT NULL)
  + coalesce((SELECT count(*) FROM json_each(${submissions.publicMedia}, '$.files')), 0)
), 0)`;

/** The preview's counts: the brand's testimonials (as its `submission_count` counts them) and their stored files. */
function count(db: Db, brand: GoingBrand) {
  const row = db
    .select({
      testimonials: sql<number>`coalesce(sum(${submissions.status} NOT IN ('uploading', 'erased')), 0)`,
      files: FILES,
    })
    .from(submissions)
    .where(and(ofBrand(brand), isNull(submissions.deletedAt)))
    .get();
  return { testimonials: row?.testimonials ?? 0, files: row?.files ?? 0 };
}

/** Deletes every testimonial of the brand for every reader at once (inside the deleting transaction). */
function stop(tx: Tx, brand: GoingBrand) {
  const { db, ctx } = tx;
  const now = ctx.clock.now();
  db.update(submissions)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(ofBrand(brand), isNull(submissions.deletedAt)))
    .run();
}

/** Erases the next batch of the brand's testimonials; answers how many are left to erase. */
async function erase(deps: Deps, brand: GoingBrand): Promise<number> {
  const batch = deps.db
    .select({ id: submissions.id, deletedAt: submissions.deletedAt })
    .from(submissions)
    .where(and(ofBrand(brand), isNull(submissions.erasedAt)))
    .limit(ERASE_BATCH)
    .all();
  for (const row of batch) {
    // Deleted in the deleting transaction; one that arrived since (an upload finishing) is deleted here.
    if (row.deletedAt == null)
      deps.db.update(submissions).set({ deletedAt: deps.clock.now() }).where(eq(submissions.id, row.id)).run();
    await eraseSubmission(deps, row.id);
  }
  if (batch.length) deps.db.$client.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  return (
    deps.db
      .select({ n: sql<number>`count(*)` })
      .from(submissions)
      .where(and(ofBrand(brand), isNull(submissions.erasedAt)))
      .get()?.n ?? 0
  );
}

/** The submissions module's part in a brand's deletion. */
export const testimonialsOfDeletedBrand = { count, stop, erase } satisfies ModuleBrandDeletion;
