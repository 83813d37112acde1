/**
 * Tells the plans how many imported reviews an organisation holds in a mode (the standing `imported_reviews`
 * allowance): imported testimonials not deleted, so deleting one frees its place.
 */
import { and, count, eq, isNull } from "drizzle-orm";
import type { UsageCounter } from "../../platform/hooks";
import { submissions } from "../submissions";

/** The `imported_reviews` counter (declared in the imports module). */
export const importedReviewsUsed: UsageCounter = (db, ctx) =>
  db
    .select({ n: count() })
    .from(submissions)
    .where(
      and(
        eq(submissions.orgId, ctx.orgId),
        eq(submissions.mode, ctx.mode),
        eq(submissions.origin, "imported"),
        isNull(submissions.deletedAt),
      ),
    )
    .get()!.n;
