/** Status changes of a testimonial made by processing: failed with a reason a person can read. */
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import type { Ctx } from "../../platform/context";
import { audit } from "../../platform/audit/audit";
import { submissions } from "./tables";

/** Marks a testimonial failed (from uploading or processing) with a machine reason and a message. */
export function failSubmission(db: Db, ctx: Ctx, id: string, reason: string, message: string) {
  const now = ctx.clock.now();
  const row = db
    .update(submissions)
    .set({ status: "failed", failureReason: `${reason}: ${message}`.slice(0, 500), updatedAt: now })
    .where(and(eq(submissions.id, id), inArray(submissions.status, ["uploading", "processing"])))
    .returning({ id: submissions.id })
    .get();
  if (row) audit(db, ctx, "submission.failed", id, { reason });
}
