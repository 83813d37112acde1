/**
 * The one visibility rule: a testimonial is shown anywhere public (widgets, walls, public routes) only while it
 * is approved, public, not rejected, not deleted, and processed (`ready`). Every public reader uses this.
 */
import { sql, type SQL } from "drizzle-orm";
import { submissions } from "./tables";

/**
 * SQL condition for "shown publicly". Written with literals (not bound parameters) so SQLite can match it to the
 * partial index `submissions_shown`, which carries the same condition.
 */
export function shownCondition(): SQL {
  return sql`(${submissions.isApproved} = 1 AND ${submissions.isPublic} = 1 AND ${submissions.rejectedAt} IS NULL AND ${submissions.deletedAt} IS NULL AND ${submissions.status} = 'ready')`;
}

/** The same rule on a row already read. */
export function isShown(
  row: Pick<typeof submissions.$inferSelect, "isApproved" | "isPublic" | "rejectedAt" | "deletedAt" | "status">,
): boolean {
  return row.isApproved && row.isPublic && row.rejectedAt === null && row.deletedAt === null && row.status === "ready";
}
