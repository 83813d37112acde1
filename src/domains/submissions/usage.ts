/** Counts testimonials for plans (`submissions_per_month`: received this month) and for brands' `submission_count`. */
import { and, count, eq, gte, sql } from "drizzle-orm";
import type { UsageCounter } from "../../platform/hooks";
import { submissions } from "./tables";
import { scoped } from "../../platform/db/tenancy";

/** The `submissions_per_month` counter (declared in the submissions module). */
export const submissionsThisMonth: UsageCounter = (db, ctx, monthStartMs) =>
  db
    .select({ n: count() })
    .from(submissions)
    .where(
      and(
        scoped(submissions, ctx, { allBrands: true }),
        eq(submissions.origin, "collected"),
        gte(submissions.receivedAt, monthStartMs),
      ),
    )
    .get()!.n;

/**
 * A brand's testimonials (not deleted, not still uploading, not erased), over `brands.id` (declared in the module).
 * The outer column is written out qualified: drizzle prints a column of a one-table select bare (`"id"`), which
 * inside this subquery would mean `s.id` (a count of nothing, by a scan of every submission).
 */
export const brandSubmissionCount = sql<number>`(SELECT count(*) FROM submissions s WHERE s.brand_id = "brands"."id" AND s.deleted_at IS NULL AND s.status NOT IN ('uploading', 'erased'))`;
