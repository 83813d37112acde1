/**
 * Listing testimonials with the contract's filters. Without `q`: newest first, keyed by id. With `q`: by
 * relevance (FTS5 bm25), keyed by (rank, id); the cursor also pins the newest id of the caller's own testimonials
 * (this org and mode) when the search began, so arrivals never enter and no other organisation's id is ever in it.
 */
import { and, desc, eq, gt, isNull, lt, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { preparedScoped, scopeValues } from "../../platform/db/tenancy";
import type { Static } from "elysia";
import type { Ctx } from "../../platform/context";
import type { Reader } from "../../platform/db/unit-of-work";
import { toPage, type PageRequest } from "../../platform/http/pagination";
import { brandScopeParam, preparedBrandScope } from "../../platform/db/brand-scope";
import type { Db } from "../../platform/db/client";
import { idPageRows } from "../../platform/db/org-page";
import { prepared, preparedAs } from "../../platform/db/prepared";
import { submissions, submissionTags, tags } from "./tables";
import type { filterBody } from "./model";
import { presentSubmission, type SubmissionRow } from "./present";
import { uploadProgress } from "./upload-progress";
import { ftsQuery } from "./search";

/** The list filters of GET /v1/submissions (and exports), as typed values: the filter fields' own schema. */
export type SubmissionFilters = Static<typeof filterBody>;

/** Which of the filters (and the brand scope) a query has: its shape, and one prepared statement per shape. */
function shapeOf(ctx: Ctx, f: SubmissionFilters) {
  return {
    brand: !!f.brand_id,
    status: !!f.status,
    origin: !!f.origin,
    approved: f.is_approved !== undefined,
    public: f.is_public !== undefined,
    tag: !!f.tag_id,
    scoped: ctx.brandIds != null,
  };
}

/** A shape as the key of its prepared statement: the names of the parts present. */
const shapeKey = (has: ReturnType<typeof shapeOf>) =>
  Object.entries(has)
    .map(([k, on]) => (on ? k : ""))
    .join(",");

/** The values the conditions bind, by name (the placeholder names of the prepared statements). */
function valuesOf(ctx: Ctx, f: SubmissionFilters) {
  return {
    org: ctx.orgId,
    mode: ctx.mode,
    brand_scope: brandScopeParam(ctx),
    brand: f.brand_id ?? null,
    status: f.status ?? null,
    origin: f.origin ?? null,
    approved: f.is_approved === undefined ? null : f.is_approved ? 1 : 0,
    public: f.is_public === undefined ? null : f.is_public ? 1 : 0,
    tag: f.tag_id ?? null,
  };
}

type Values = ReturnType<typeof valuesOf>;

/**
 * The filter conditions, written once: `bind` gives each value either as itself (a query built now) or as a
 * placeholder (a prepared statement).
 */
function conditions(has: ReturnType<typeof shapeOf>, bind: (name: keyof Values) => unknown): SQL {
  // Drizzle's eq() is typed for the column's own values; a placeholder or bound value stands in for them here.
  const v = (name: keyof Values) => bind(name) as any;
  return and(
    // Written out, not `scoped`: the same conditions serve bound values and placeholders (see tenancy-guard's list).
    eq(submissions.orgId, v("org")),
    eq(submissions.mode, v("mode")),
    isNull(submissions.deletedAt),
    has.scoped ? preparedBrandScope(submissions.brandId, bind("brand_scope") as SQLWrapper) : undefined,
    has.brand ? eq(submissions.brandId, v("brand")) : undefined,
    has.status ? eq(submissions.status, v("status")) : undefined,
    has.origin ? eq(submissions.origin, v("origin")) : undefined,
    has.approved ? eq(submissions.isApproved, v("approved")) : undefined,
    has.public ? eq(submissions.isPublic, v("public")) : undefined,
    has.tag
      ? sql`EXISTS (SELECT 1 FROM ${submissionTags} st WHERE st.submission_id = ${submissions.id} AND st.tag_id = ${v("tag")})`
      : undefined,
    // A client filters by its brands' tags only: a shared tag's id (seen in a widget's settings) finds nothing.
    has.tag && has.scoped
      ? sql`EXISTS (SELECT 1 FROM ${tags} tg WHERE tg.id = ${v("tag")} AND tg.brand_id IS NOT NULL)`
      : undefined,
  )!;
}

/**
 * The WHERE conditions for filters within the context's org, mode and brand scope (a client's brands; deleted
 * testimonials never listed). Lists, search, exports and their counts all start from these.
 */
export function filterConditions(ctx: Ctx, f: SubmissionFilters): SQL {
  const values = valuesOf(ctx, f);
  return conditions(shapeOf(ctx, f), (name) => (name === "brand_scope" ? sql`${values.brand_scope}` : values[name]));
}

/** One page without `q`, newest first: the filter conditions as one prepared statement per shape. */
function pageRows(db: Db, ctx: Ctx, f: SubmissionFilters, page: PageRequest): SubmissionRow[] {
  const has = shapeOf(ctx, f);
  return idPageRows(db, submissions, page, shapeKey(has), (p) => [conditions(has, p)], valuesOf(ctx, f));
}

/** The newest id among the testimonials of an org and mode within a brand scope (deleted ones too): a search's pin. */
const newestStatement = (db: Db) =>
  db
    .select({ id: submissions.id })
    .from(submissions)
    .where(preparedScoped(submissions))
    .orderBy(desc(submissions.id))
    .limit(1)
    .prepare();

/** A search's cursor: the last row's rank and id, and the newest id pinned when the search began. */
type SearchAfter = [number, string, string];

const P = (name: string) => sql.placeholder(name);
/** A search result's relevance (FTS5 bm25: lower is better). */
const rank = sql<number>`submissions_fts.rank`;
/** Rows after a search cursor's: less relevant, or as relevant and older. */
const afterRankId = or(gt(rank, P("after_rank")), and(eq(rank, P("after_rank")), lt(submissions.id, P("after_id"))));

/**
 * One page matching `match` (an FTS5 query), by relevance then newest first, among testimonials no newer than
 * `newest`: the filter conditions and the match as one prepared statement per shape (which filters are present,
 * and whether a cursor is).
 */
function searchRows(db: Db, ctx: Ctx, f: SubmissionFilters, page: PageRequest, match: string, newest: string) {
  const has = shapeOf(ctx, f);
  const after = page.after as SearchAfter | null;
  const statement = preparedAs(db, `submissions-search:${shapeKey(has)}:${after ? "a" : ""}`, (db) =>
    db
      .select({ row: submissions, rank })
      .from(submissions)
      .innerJoin(sql`submissions_fts`, sql`submissions_fts.submission_id = ${submissions.id}`)
      .where(
        and(
          sql`submissions_fts MATCH ${P("match")}`,
          conditions(has, P),
          sql`${submissions.id} <= ${P("newest")}`,
          after ? afterRankId : undefined,
        ),
      )
      .orderBy(rank, desc(submissions.id))
      .limit(P("limit"))
      .prepare(),
  );
  return statement.all({
    ...valuesOf(ctx, f),
    match,
    newest,
    after_rank: after?.[0] ?? null,
    after_id: after?.[1] ?? null,
    limit: page.limit + 1,
  });
}

/** One page of testimonials. */
export function listSubmissions(r: Reader, filters: SubmissionFilters, page: PageRequest) {
  const { deps, ctx } = r;
  if (!filters.q) {
    const rows = pageRows(r.db, ctx, filters, page);
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
  const newest =
    (page.after as SearchAfter | null)?.[2] ?? prepared(r.db, newestStatement).get(scopeValues(ctx))?.id ?? "";
  const rows = searchRows(r.db, ctx, filters, page, match, newest);
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
