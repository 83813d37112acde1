/**
 * Erasure for good, moments after a testimonial is deleted or removed by its respondent: the recording and every
 * processed file, published copies, the transcript and words, the search entry and the personal details. The row
 * stays as a tombstone with no personal data. `secure_delete` zeroes the freed database space and a WAL checkpoint
 * (TRUNCATE) drops old page copies, so the words are gone from the database files too. Features holding copies
 * (exports, reels, removal mail) declare an `erase` participant in their module (src/modules.ts) to remove theirs.
 */
import { eq } from "drizzle-orm";
import { systemCtx, type Mode } from "../../platform/context";
import type { Deps } from "../../platform/deps";
import { unitOfWork, type Tx } from "../../platform/db/unit-of-work";
import { PRIORITY } from "../../platform/jobs/tables";
import type { JobRegistry } from "../../platform/jobs/worker";
import { submissions, transcripts, uploads } from "./tables";
import { unindexSubmission } from "./search";
import { erasedValues } from "./row";

/** Job kind that erases a deleted testimonial. */
export const PURGE_JOB = "submission.purge";

/** Enqueues the erasure of a deleted testimonial, in the caller's unit of work. */
export function schedulePurge(tx: Tx, id: string) {
  tx.enqueue({
    kind: PURGE_JOB,
    payload: { submissionId: id },
    priority: PRIORITY.submission,
    dedupeKey: `${PURGE_JOB}:${id}`,
  });
}

/** Erases a deleted testimonial, then checkpoints the WAL so no old page keeps its words; safe to run twice. */
export async function purgeSubmission(deps: Deps, id: string) {
  await eraseSubmission(deps, id);
  deps.db.$client.exec("PRAGMA wal_checkpoint(TRUNCATE)");
}

/**
 * Erases a deleted testimonial (files, every module's copies, words, details; the row stays as a tombstone) without
 * the checkpoint, for callers erasing many that checkpoint once at the end (a brand's deletion). Safe to run twice.
 */
export async function eraseSubmission(deps: Deps, id: string) {
  const row = deps.db.select().from(submissions).where(eq(submissions.id, id)).get();
  if (!row || !row.deletedAt || row.erasedAt) return;
  await deps.storage.remove("media", `submissions/${id}`);
  if (row.publicMedia) await deps.storage.remove("public", row.publicMedia.dir);
  for (const u of deps.db.select({ id: uploads.id }).from(uploads).where(eq(uploads.submissionId, id)).all())
    deps.storage.removePart(`uploads/${u.id}.part`);
  for (const l of deps.hooks.erase) await l(deps, row);
  unitOfWork(deps, systemCtx(row.orgId, row.mode as Mode, deps.clock), (tx) => {
    tx.db.delete(transcripts).where(eq(transcripts.submissionId, id)).run();
    unindexSubmission(tx.db, id);
    tx.db.update(submissions).set(erasedValues(deps.clock.now())).where(eq(submissions.id, id)).run();
    tx.audit("submission.erased", id);
  });
}

/** Registers the purge job kind. */
export function registerPurgeJobs(registry: JobRegistry) {
  registry.register<{ submissionId: string }>(PURGE_JOB, {
    handle: (job, deps) => purgeSubmission(deps, job.payload.submissionId),
    maxAttempts: 10,
  });
}
