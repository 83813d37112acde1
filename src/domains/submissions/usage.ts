/** Counts testimonials for plans (`submissions_per_month`: received this month) and for brands' `submission_count`. */
import { and, count, eq, gte, isNull, ne } from "drizzle-orm";
import { registerUsage } from "../accounts/plans";
import { setBrandSubmissionCounter } from "../brands/present";
import { submissions } from "./tables";

registerUsage("submissions_per_month", (db, ctx, monthStartMs) =>
  db.select({ n: count() }).from(submissions).where(and(eq(submissions.orgId, ctx.orgId), eq(submissions.mode, ctx.mode), eq(submissions.origin, "collected"), gte(submissions.receivedAt, monthStartMs))).get()!.n,
);

setBrandSubmissionCounter((db, brandId) =>
  db.select({ n: count() }).from(submissions).where(and(eq(submissions.brandId, brandId), isNull(submissions.deletedAt), ne(submissions.status, "uploading"))).get()!.n,
);
