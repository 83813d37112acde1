/** Status changes made by processing: failed with a reason a person can read, and processing again. */
import { and, eq, inArray } from "drizzle-orm";
import { tx } from "../../platform/db/client";
import { AppError } from "../../platform/errors";
import { enqueue } from "../../platform/jobs/queue";
import { PRIORITY } from "../../platform/jobs/tables";
import { PROCESS_JOB } from "./create";
import type { Db } from "../../platform/db/client";
import type { Ctx } from "../../platform/context";
import { audit } from "../../platform/audit/audit";
import { adviceFor, formatFailure } from "../../media/failure-reasons";
import { processingFailed } from "../../platform/events/processing-failed";
import { submissions } from "./tables";

/**
 * Marks a testimonial failed (from uploading or processing) with a machine reason, what failed, and what the owner
 * can do (the reason's usual advice when not given); stored as `reason: message What you can do: action`. Modules
 * that announce arrivals hear it in the same transaction (`processingFailed`).
 */
export function failSubmission(db: Db, ctx: Ctx, id: string, reason: string, message: string, action?: string) {
  const now = ctx.clock.now();
  const failureReason = formatFailure({ code: reason, message, action: action ?? adviceFor(reason) });
  tx(db, (db) => {
    const row = db
      .update(submissions)
      .set({ status: "failed", failureReason, updatedAt: now })
      .where(and(eq(submissions.id, id), inArray(submissions.status, ["uploading", "processing"])))
      .returning({ id: submissions.id })
      .get();
    if (!row) return;
    audit(db, ctx, "submission.failed", id, { reason });
    processingFailed(db, ctx, id);
  });
}

/** Runs processing again for a testimonial that failed but still has its original recording. */
export function reprocessSubmission(
  db: Db,
  ctx: Ctx,
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
  tx(db, (db) => {
    db.update(submissions)
      .set({ status: "processing", failureReason: null, updatedAt: ctx.clock.now() })
      .where(eq(submissions.id, row.id))
      .run();
    enqueue(db, ctx.clock, {
      kind: PROCESS_JOB,
      payload: { submissionId: row.id },
      orgId: ctx.orgId,
      mode: ctx.mode,
      priority: PRIORITY.submission,
      dedupeKey: `${PROCESS_JOB}:${row.id}`,
    });
    audit(db, ctx, "submission.reprocessed", row.id);
  });
}
