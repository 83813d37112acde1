/**
 * Erasure for good, moments after a testimonial is deleted or removed by its respondent: the recording and every
 * processed file, published copies, the transcript and words, the search entry and the personal details. The row
 * stays as a tombstone with no personal data. `secure_delete` zeroes the freed database space and a WAL checkpoint
 * (TRUNCATE) drops old page copies, so the words are gone from the database files too. Features holding copies
 * (exports, reels, removal mail) declare an `erase` participant in their module (src/modules.ts) to remove theirs.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import type { Ctx, Mode } from "../../platform/context";
import type { Deps } from "../../platform/deps";
import { tx } from "../../platform/db/client";
import { audit } from "../../platform/audit/audit";
import { enqueue } from "../../platform/jobs/queue";
import { PRIORITY } from "../../platform/jobs/tables";
import type { JobRegistry } from "../../platform/jobs/worker";
import { submissions, transcripts, uploads } from "./tables";
import { unindexSubmission } from "./search";
import { erasedValues } from "./row";

/** Job kind that erases a deleted testimonial. */
export const PURGE_JOB = "submission.purge";

/** Enqueues the erasure of a deleted testimonial, in the caller's transaction. */
export function schedulePurge(db: Db, ctx: Ctx, id: string) {
  enqueue(db, ctx.clock, {
    kind: PURGE_JOB,
    payload: { submissionId: id },
    orgId: ctx.orgId,
    mode: ctx.mode,
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
  const ctx: Ctx = { orgId: row.orgId, mode: row.mode as Mode, actor: { type: "system" }, clock: deps.clock };
  tx(deps.db, (db) => {
    db.delete(transcripts).where(eq(transcripts.submissionId, id)).run();
    unindexSubmission(db, id);
    db.update(submissions).set(erasedValues(deps.clock.now())).where(eq(submissions.id, id)).run();
    audit(db, ctx, "submission.erased", id);
  });
}

/** Registers the purge job kind. */
export function registerPurgeJobs(registry: JobRegistry) {
  registry.register<{ submissionId: string }>(PURGE_JOB, {
    handle: (job, deps) => purgeSubmission(deps, job.payload.submissionId),
    maxAttempts: 10,
  });
}
