/**
 * Listing testimonials with the contract's filters. Without `q`: newest first, keyed by id. With `q`: by
 * relevance (FTS5 bm25), keyed by (rank, id); the cursor also pins the newest id of the caller's own testimonials
 * (this org and mode) when the search began, so arrivals never enter and no other organisation's id is ever in it.
 */
import { and, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { Ctx } from "../../platform/context";
import type { Deps } from "../../platform/deps";
import { afterKeyDesc, toPage, type PageRequest } from "../../platform/http/pagination";
import { brandScope } from "../../platform/db/brand-scope";
import { submissions, submissionTags, type SubmissionOrigin, type SubmissionStatus } from "./tables";
import { presentSubmission, type SubmissionRow } from "./present";
import { uploadProgress } from "./upload-progress";
import { ftsQuery } from "./search";

/** The list filters of GET /v1/submissions (and exports). */
export interface SubmissionFilters {
  brand_id?: string;
  status?: SubmissionStatus;
  origin?: SubmissionOrigin;
  is_approved?: boolean;
  is_public?: boolean;
  tag_id?: string;
  q?: string;
}

/**
 * The WHERE conditions for filters within the context's org, mode and brand scope (a client's brands; deleted
 * testimonials never listed). Lists, search, exports and their counts all start from these.
 */
export function filterConditions(ctx: Ctx, f: SubmissionFilters): SQL {
  return and(
    eq(submissions.orgId, ctx.orgId),
    eq(submissions.mode, ctx.mode),
    isNull(submissions.deletedAt),
    brandScope(ctx, submissions.brandId),
    f.brand_id ? eq(submissions.brandId, f.brand_id) : undefined,
    f.status ? eq(submissions.status, f.status) : undefined,
    f.origin ? eq(submissions.origin, f.origin) : undefined,
    f.is_approved !== undefined ? eq(submissions.isApproved, f.is_approved) : undefined,
    f.is_public !== undefined ? eq(submissions.isPublic, f.is_public) : undefined,
    f.tag_id
      ? sql`EXISTS (SELECT 1 FROM ${submissionTags} st WHERE st.submission_id = ${submissions.id} AND st.tag_id = ${f.tag_id})`
      : undefined,
  )!;
}

/** One page of testimonials. */
export function listSubmissions(deps: Deps, ctx: Ctx, filters: SubmissionFilters, page: PageRequest) {
  if (!filters.q) {
    const rows = deps.db
      .select()
      .from(submissions)
      .where(and(filterConditions(ctx, filters), afterKeyDesc([submissions.id], page.after)))
      .orderBy(desc(submissions.id))
      .limit(page.limit + 1)
      .all();
    const progress = uploadProgress(deps, rows);
    return toPage(
      deps.signer,
      page,
      rows,
      (r) => [r.id],
      (r) => presentSubmission(r, deps.config.cdnUrl, progress.get(r.id) ?? null),
    );
  }
  const match = ftsQuery(filters.q);
  const after = page.after as [number, string, string] | null;
  const newest =
    after?.[2] ??
    deps.db
      .select({ id: submissions.id })
      .from(submissions)
      .where(
        and(eq(submissions.orgId, ctx.orgId), eq(submissions.mode, ctx.mode), brandScope(ctx, submissions.brandId)),
      )
      .orderBy(desc(submissions.id))
      .limit(1)
      .get()?.id ??
    "";
  const rank = sql<number>`submissions_fts.rank`;
  const rows = deps.db
    .select({ row: submissions, rank })
    .from(submissions)
    .innerJoin(sql`submissions_fts`, sql`submissions_fts.submission_id = ${submissions.id}`)
    .where(
      and(
        sql`submissions_fts MATCH ${match}`,
        filterConditions(ctx, filters),
        sql`${submissions.id} <= ${newest}`,
        after
          ? sql`(submissions_fts.rank > ${after[0]} OR (submissions_fts.rank = ${after[0]} AND ${submissions.id} < ${after[1]}))`
          : undefined,
      ),
    )
    .orderBy(sql`submissions_fts.rank`, desc(submissions.id))
    .limit(page.limit + 1)
    .all();
  const progress = uploadProgress(
    deps,
    rows.map((r) => r.row as SubmissionRow),
  );
  return toPage(
    deps.signer,
    page,
    rows,
    (r) => [r.rank, r.row.id, newest],
    (r) => presentSubmission(r.row as SubmissionRow, deps.config.cdnUrl, progress.get(r.row.id) ?? null),
  );
}
