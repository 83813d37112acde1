/** Status changes made by processing: failed with a reason a person can read, and processing again. */
import { and, eq, inArray } from "drizzle-orm";
import type { Tx } from "../../platform/db/unit-of-work";
import { AppError } from "../../platform/errors";
import { PRIORITY } from "../../platform/jobs/tables";
import { PROCESS_JOB } from "./create";
import { adviceFor, formatFailure } from "../../media/failure-reasons";
import { processingFailed } from "../../platform/events/processing-failed";
import { submissions } from "./tables";

/**
 * Marks a testimonial failed (from uploading or processing) with a machine reason, what failed, and what the owner
 * can do (the reason's usual advice when not given); stored as `reason: message What you can do: action`. Modules
 * that announce arrivals hear it in the same unit of work (`processingFailed`).
 */
export function failSubmission(tx: Tx, id: string, reason: string, message: string, action?: string) {
  const now = tx.ctx.clock.now();
  const failureReason = formatFailure({ code: reason, message, action: action ?? adviceFor(reason) });
  const row = tx.db
    .update(submissions)
    .set({ status: "failed", failureReason, updatedAt: now })
    .where(and(eq(submissions.id, id), inArray(submissions.status, ["uploading", "processing"])))
    .returning({ id: submissions.id })
    .get();
  if (!row) return;
  tx.audit("submission.failed", id, { reason });
  processingFailed(tx, id);
}

/** Runs processing again for a testimonial that failed but still has its original recording. */
export function reprocessSubmission(
  tx: Tx,
  row: { id: string; status: string; originalKey: string | null; failureReason: string | null },
) {
  if (row.status !== "failed" || !row.originalKey) {
    throw new AppError(
      "not_reprocessable",
      409,
      row.status === "failed"
        ? "This testimonial has no recording to process."
        : "Only a testimonial whose processing failed can be processed again.",
    );
  }
  if (row.failureReason?.startsWith("not_media"))
    throw new AppError("not_reprocessable", 409, "This file is not a recording; processing it again cannot help.");
  tx.db
    .update(submissions)
    .set({ status: "processing", failureReason: null, updatedAt: tx.ctx.clock.now() })
    .where(eq(submissions.id, row.id))
    .run();
  tx.enqueue({
    kind: PROCESS_JOB,
    payload: { submissionId: row.id },
    priority: PRIORITY.submission,
    dedupeKey: `${PROCESS_JOB}:${row.id}`,
  });
  tx.audit("submission.reprocessed", row.id);
}
