/**
 * Which testimonials an export holds: exactly the list route's filters (`filterConditions`, so deleted ones never
 * enter) within the context's organisation and mode, no newer than the newest testimonial when the export was
 * asked for, newest first. Read in batches keyed by id, so a large export never sits in memory.
 */
import { and, asc, count, desc, eq, inArray, isNotNull, lt, lte, max, sql, type SQL } from "drizzle-orm";
import { scoped, byId } from "../../platform/db/tenancy";
import type { Ctx } from "../../platform/context";
import type { Db } from "../../platform/db/client";
import { notFound } from "../../platform/errors";
import {} from "../../platform/db/brand-scope";
import { brands } from "../brands";
import {
  submissions,
  submissionTags,
  tags,
  filterConditions,
  ftsQuery,
  visibleTags,
  type SubmissionRow,
} from "../submissions";
import type { ExportFilters } from "./tables";
import { answerColumn } from "./columns";

/** A testimonial with what its export record needs from other tables. */
export interface ExportRow {
  row: SubmissionRow;
  brandName: string;
  tags: string[];
}

/**
 * Checks filters that name things: a brand or tag of another organisation or mode is 404 (nothing says it exists
 * elsewhere), a search with no words is 400. An export of nothing because of a typo would look like an empty brand.
 */
export function checkFilters(db: Db, ctx: Ctx, f: ExportFilters) {
  if (
    f.brand_id &&
    !db
      .select({ id: brands.id })
      .from(brands)
      .where(byId(brands, ctx, f.brand_id, { brandColumn: brands.id }))
      .get()
  )
    throw notFound("brand");
  if (
    f.tag_id &&
    !db
      .select({ id: tags.id })
      .from(tags)
      .where(byId(tags, ctx, f.tag_id))
      .get()
  )
    throw notFound("tag");
  if (f.q !== undefined) ftsQuery(f.q);
}

/** The newest testimonial id of the context now ("" when there is none, which matches nothing). */
export function newestSubmissionId(db: Db, ctx: Ctx): string {
  return (
    db
      .select({ id: max(submissions.id) })
      .from(submissions)
      .where(scoped(submissions, ctx, { allBrands: true }))
      .get()?.id ?? ""
  );
}

function where(ctx: Ctx, f: ExportFilters, maxId: string, afterId?: string): SQL {
  return and(
    filterConditions(ctx, f),
    lte(submissions.id, maxId),
    afterId ? lt(submissions.id, afterId) : undefined,
    f.q
      ? sql`${submissions.id} IN (SELECT submission_id FROM submissions_fts WHERE submissions_fts MATCH ${ftsQuery(f.q)})`
      : undefined,
  )!;
}

/** How many testimonials the export holds. */
export function countRows(db: Db, ctx: Ctx, f: ExportFilters, maxId: string): number {
  return (
    db
      .select({ n: count() })
      .from(submissions)
      .where(where(ctx, f, maxId))
      .get()?.n ?? 0
  );
}

/** The next batch of testimonials, newest first, after `afterId` (the last id of the previous batch). */
export function rowsBatch(
  db: Db,
  ctx: Ctx,
  f: ExportFilters,
  maxId: string,
  limit: number,
  afterId?: string,
): ExportRow[] {
  const rows = db
    .select({ row: submissions, brandName: brands.name })
    .from(submissions)
    .innerJoin(brands, eq(brands.id, submissions.brandId))
    .where(where(ctx, f, maxId, afterId))
    .orderBy(desc(submissions.id))
    .limit(limit)
    .all();
  const names = new Map<string, string[]>();
  if (rows.length) {
    const tagged = db
      .select({ submissionId: submissionTags.submissionId, name: tags.name })
      .from(submissionTags)
      .innerJoin(tags, eq(tags.id, submissionTags.tagId))
      .where(
        and(
          inArray(
            submissionTags.submissionId,
            rows.map((r) => r.row.id),
          ),
          // A client's export names its brands' tags only, never the agency's shared ones.
          visibleTags(ctx),
        ),
      )
      .orderBy(asc(tags.nameKey))
      .all();
    for (const t of tagged) names.set(t.submissionId, [...(names.get(t.submissionId) ?? []), t.name]);
  }
  return rows.map((r) => ({ row: r.row, brandName: r.brandName, tags: names.get(r.row.id) ?? [] }));
}

/**
 * The answer columns a CSV export needs: every question label answered by a testimonial it holds, in the order
 * first met newest first (the newest link's questions come first). Reads only the answers, in batches by id.
 */
export function answerColumns(db: Db, ctx: Ctx, f: ExportFilters, maxId: string, batch = 1000): string[] {
  const seen = new Set<string>();
  let after: string | undefined;
  for (;;) {
    const rows = db
      .select({ id: submissions.id, answers: submissions.customAnswers })
      .from(submissions)
      .where(and(where(ctx, f, maxId, after), isNotNull(submissions.customAnswers)))
      .orderBy(desc(submissions.id))
      .limit(batch)
      .all();
    for (const r of rows) for (const a of r.answers ?? []) seen.add(answerColumn(a.label));
    if (rows.length < batch) return [...seen];
    after = rows[rows.length - 1]!.id;
  }
}
