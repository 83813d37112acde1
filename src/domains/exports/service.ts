/**
 * Exports: asking for one (a row and its build job in the caller's unit of work), the preview (count and first records,
 * nothing built), listing, reading and deleting. The file itself is built by the job in `build.ts`.
 */
import type { Reader, Tx } from "../../platform/db/unit-of-work";
import { and, count, eq, inArray, sql, type Placeholder, type SQL } from "drizzle-orm";
import { scoped, byId, preparedScoped, scopeValues } from "../../platform/db/tenancy";
import type { Ctx } from "../../platform/context";
import { actorRef } from "../../platform/context";
import { newId } from "../../platform/ids";
import { AppError, notFound } from "../../platform/errors";
import { toPage, type PageRequest } from "../../platform/http/pagination";
import { idPageRows } from "../../platform/db/org-page";
import { brandScopeParam } from "../../platform/db/brand-scope";
import { exports, type ExportFilters } from "./tables";
import { answerColumns, checkFilters, countRows, newestSubmissionId, rowsBatch } from "./rows";
import { COLUMNS, exportRecord } from "./columns";
import { presentExport, type ExportRow } from "./present";
import { BUILD_JOB } from "./build";

/** Exports waiting or building at once per organisation and mode; more wait for one to finish (429). */
export const MAX_PENDING_EXPORTS = 3;

/** Records the preview shows. */
export const PREVIEW_ROWS = 10;

/** What `POST /v1/exports` takes. */
export interface ExportInput extends ExportFilters {
  format: "csv" | "json";
}

/** Only the filters that were given, so the stored filters say exactly what was asked. */
function filtersOf(input: ExportFilters): ExportFilters {
  const out: ExportFilters = {};
  for (const key of ["brand_id", "status", "origin", "is_approved", "is_public", "tag_id", "q"] as const) {
    if (input[key] !== undefined) (out as Record<string, unknown>)[key] = input[key];
  }
  return out;
}

/**
 * For a client (a context limited to brands): only exports that hold nothing but its brands, i.e. whose
 * `brand_ids` (the brands a client's export was limited to) or else `brand_id` all lie within its brands. An
 * export of the whole organisation is never a client's to see. Undefined for an unscoped context.
 */
function exportScope(ctx: Ctx): SQL | undefined {
  const scope = brandScopeParam(ctx);
  return scope === null ? undefined : exportScopeOf(scope);
}

/** `exportScope`'s condition for a JSON array of brand ids: a value, or a placeholder in a prepared statement. */
function exportScopeOf(scope: string | Placeholder): SQL {
  return sql`NOT EXISTS (SELECT 1 FROM json_each(COALESCE(json_extract(${exports.filters}, '$.brand_ids'), json_array(json_extract(${exports.filters}, '$.brand_id')))) e WHERE e.value IS NULL OR e.value NOT IN (SELECT value FROM json_each(${scope})))`;
}

/** An export of the context (for a client, one holding only its brands); 404 otherwise. */
export function getExportRow(r: Reader, id: string): ExportRow {
  const row = r.db
    .select()
    .from(exports)
    .where(and(byId(exports, r.ctx, id), exportScope(r.ctx)))
    .get();
  if (!row) throw notFound("export");
  return row;
}

/**
 * Asks for an export: stored as `queued` with its build job; the file follows within seconds. A client's export
 * records its brands (`filters.brand_ids`), which the build keeps to.
 */
export function createExport(tx: Tx, input: ExportInput) {
  const { db, ctx } = tx;
  const filters = filtersOf(input);
  if (ctx.brandIds) filters.brand_ids = filters.brand_id ? [filters.brand_id] : [...ctx.brandIds].sort();
  checkFilters(db, ctx, filters);
  const pending = db
    .select({ n: count() })
    .from(exports)
    .where(and(scoped(exports, ctx), inArray(exports.status, ["queued", "building"])))
    .get()!.n;
  if (pending >= MAX_PENDING_EXPORTS) {
    throw new AppError(
      "too_many_exports",
      429,
      `${pending} exports are already being built. Wait for one to finish, then ask again.`,
      { pending },
    );
  }
  const now = ctx.clock.now();
  const row: ExportRow = {
    id: newId("export", now),
    orgId: ctx.orgId,
    mode: ctx.mode,
    format: input.format,
    filters,
    maxSubmissionId: newestSubmissionId(db, ctx),
    status: "queued",
    rowsDone: 0,
    rowsTotal: null,
    fileKey: null,
    byteSize: null,
    reason: null,
    createdBy: actorRef(ctx.actor).label,
    createdAt: now,
    readyAt: null,
    fileExpiresAt: null,
    updatedAt: now,
  };
  db.insert(exports).values(row).run();
  tx.enqueue({ kind: BUILD_JOB, payload: { exportId: row.id }, dedupeKey: `${BUILD_JOB}:${row.id}` });
  tx.audit("export.created", row.id, { format: row.format, filters });
  return presentExport(tx.deps, row);
}

/** What an export with these filters would hold: the count and the first records; nothing is stored. */
export function previewExport(r: Reader, input: ExportFilters & { format?: "csv" | "json"; limit?: number }) {
  const { db, ctx } = r;
  const filters = filtersOf(input);
  checkFilters(db, ctx, filters);
  const maxId = newestSubmissionId(db, ctx);
  const format = input.format ?? "csv";
  return {
    format,
    filters,
    count: countRows(db, ctx, filters, maxId),
    // A CSV file adds one column per question answered (JSON items carry `custom_fields` instead).
    columns: format === "csv" ? [...COLUMNS, ...answerColumns(db, ctx, filters, maxId)] : [...COLUMNS, "custom_fields"],
    data: rowsBatch(db, ctx, filters, maxId, input.limit ?? PREVIEW_ROWS).map(exportRecord),
  };
}

/** A page of exports, newest first (one prepared statement per shape). */
export function listExports(r: Reader, page: PageRequest) {
  const { deps, ctx } = r;
  const scope = brandScopeParam(ctx);
  const rows = idPageRows(
    r.db,
    exports,
    page,
    scope !== null ? "scoped" : "",
    (p) => [preparedScoped(exports), scope !== null ? exportScopeOf(p("scope")) : undefined],
    { ...scopeValues(ctx), scope },
  );
  return toPage(
    deps.signer,
    page,
    rows,
    (r) => [r.id],
    (r) => presentExport(deps, r),
  );
}

/** One export with a fresh download URL when ready. */
export const getExport = (r: Reader, id: string) => presentExport(r.deps, getExportRow(r, id));

/** Deletes an export and its file now (a build under way stops at its next step). */
export function deleteExport(tx: Tx, id: string) {
  const row = getExportRow(tx, id);
  tx.db.delete(exports).where(eq(exports.id, id)).run();
  tx.audit("export.deleted", id);
  const key = row.fileKey;
  if (key) tx.afterCommit(() => tx.deps.storage.discard("media", key));
  return { id, deleted: true as const };
}
