/**
 * Abandoned uploads: a recording whose upload URL expired without its last byte never became a testimonial (no
 * event was sent), so its partial file and its `uploading` row are removed. Run hourly by a schedule; the same removal
 * serves a respondent who discards a recording that did not finish sending.
 */
import { and, eq, lt } from "drizzle-orm";
import type { Deps } from "../../platform/deps";
import { systemCtx, type Mode } from "../../platform/context";
import { unitOfWork, type Tx } from "../../platform/db/unit-of-work";
import { JobRegistry } from "../../platform/jobs/worker";
import { submissions, uploads } from "../submissions";

/** Job kind that removes expired uploads. */
export const EXPIRE_UPLOADS_JOB = "capture.expire_uploads";

/** Removes expired, unfinished uploads and their testimonial rows; returns how many. */
export function expireUploads(deps: Deps): number {
  const stale = deps.db
    .select()
    .from(uploads)
    .where(and(eq(uploads.status, "open"), lt(uploads.expiresAt, deps.clock.now())))
    .all();
  for (const u of stale) discardUnfinished(deps, u);
  return stale.length;
}

type UnfinishedUpload = Pick<typeof uploads.$inferSelect, "id" | "submissionId">;

/**
 * Removes one unfinished upload: its testimonial row while still `uploading` (no event was sent for it; the upload row
 * goes with it, so its address answers 404 from then on), its partial file, and marks the upload `expired` if a row is
 * left. Used by the expiry job and when the respondent discards a recording that did not finish sending (tus
 * termination, `DELETE /public/uploads/{id}`).
 */
export function removeUnfinished(tx: Tx, u: UnfinishedUpload) {
  tx.db
    .delete(submissions)
    .where(and(eq(submissions.id, u.submissionId), eq(submissions.status, "uploading")))
    .run();
  tx.db.update(uploads).set({ status: "expired" }).where(eq(uploads.id, u.id)).run();
  tx.afterCommit(() => tx.deps.storage.removePart(`uploads/${u.id}.part`));
}

/**
 * `removeUnfinished` in a unit of work of its own, for the testimonial's organisation and mode (nothing is audited).
 * A testimonial already gone took its upload row with it: only the partial file is left to remove.
 */
export function discardUnfinished(deps: Deps, u: UnfinishedUpload) {
  const s = deps.db
    .select({ orgId: submissions.orgId, mode: submissions.mode })
    .from(submissions)
    .where(eq(submissions.id, u.submissionId))
    .get();
  if (!s) return deps.storage.removePart(`uploads/${u.id}.part`);
  unitOfWork(deps, systemCtx(s.orgId, s.mode as Mode, deps.clock), (tx) => removeUnfinished(tx, u));
}

/** Registers the expiry job kind. */
export function registerCaptureJobs(registry: JobRegistry) {
  registry.register(EXPIRE_UPLOADS_JOB, { handle: async (_job, deps) => void expireUploads(deps), maxAttempts: 3 });
}
