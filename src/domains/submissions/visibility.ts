/**
 * The one visibility rule: a testimonial is shown anywhere public (widgets, walls, public routes) only while it
 * is approved, public, not rejected, not deleted, and processed (`ready`). Every public reader uses this.
 */
import { and, eq, isNull, type SQL } from "drizzle-orm";
import { submissions } from "./tables";

/** SQL condition for "shown publicly". */
export function shownCondition(): SQL {
  return and(eq(submissions.isApproved, true), eq(submissions.isPublic, true), isNull(submissions.rejectedAt), isNull(submissions.deletedAt), eq(submissions.status, "ready"))!;
}

/** The same rule on a row already read. */
export function isShown(row: Pick<typeof submissions.$inferSelect, "isApproved" | "isPublic" | "rejectedAt" | "deletedAt" | "status">): boolean {
  return row.isApproved && row.isPublic && row.rejectedAt === null && row.deletedAt === null && row.status === "ready";
}
