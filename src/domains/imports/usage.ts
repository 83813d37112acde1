/**
 * Tells the plans how many imported reviews an organisation holds in a mode (the standing `imported_reviews`
 * allowance): imported testimonials and those added by hand (origin `manual`), not deleted, so deleting one frees its
 * place.
 */
import { and, count, inArray, isNull } from "drizzle-orm";
import type { UsageCounter } from "../../platform/hooks";
import { submissions } from "../submissions";
import { scoped } from "../../platform/db/tenancy";

/** The `imported_reviews` counter (declared in the imports module). */
export const importedReviewsUsed: UsageCounter = (db, ctx) =>
  db
    .select({ n: count() })
    .from(submissions)
    .where(
      and(
        scoped(submissions, ctx, { allBrands: true }),
        inArray(submissions.origin, ["imported", "manual"]),
        isNull(submissions.deletedAt),
      ),
    )
    .get()!.n;
