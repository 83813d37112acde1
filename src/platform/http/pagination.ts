/**
 * Keyset pagination shared by every list. Order is newest first by a key (usually the time-ordered id, or a
 * sort value plus the id); a page fetches `limit + 1` rows; the cursor is the last row's key and a hash of the
 * query's filters, sealed (AES-GCM under a key derived from the data directory's secret): it reveals nothing, cannot
 * be altered, and only works with the query that produced it.
 */
import { sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { t, type TSchema } from "elysia";
import { AppError } from "../errors";
import { sha256, type Signer } from "../crypto";
import { queryInteger } from "./strict-schema";

/** Query schema pieces every list route accepts. */
export const pageQuerySchema = {
  limit: t.Optional(queryInteger({ minimum: 1, maximum: 100, description: "Rows per page, 1 to 100 (default 25)." })),
  cursor: t.Optional(t.String({ minLength: 1, maxLength: 1000, description: "next_cursor of the previous page." })),
};

/** The page envelope. */
export interface Page<T> {
  data: T[];
  next_cursor: string | null;
}

/** The response schema of a list: one page of `item`, newest first, and the cursor of the next page. */
export const pageSchema = <T extends TSchema>(item: T, description?: string) =>
  t.Object(
    {
      data: t.Array(item, { description: "Rows, newest first (by relevance when a list searches)." }),
      next_cursor: t.Union([t.String(), t.Null()], {
        description: "Pass as `cursor` for the next page; null on the last page.",
      }),
    },
    description ? { description } : {},
  );

/** What a list query needs: how many rows, and the key to continue after (null on the first page). */
export interface PageRequest {
  limit: number;
  after: (string | number)[] | null;
  filterHash: string;
}

const PURPOSE = "cursor.v2";

/** Stable hash of a list's filters (undefined values dropped, keys sorted). */
export function filterHash(route: string, filters: Record<string, unknown>): string {
  const clean = Object.keys(filters)
    .sort()
    .filter((k) => filters[k] !== undefined && filters[k] !== null && filters[k] !== "")
    .map((k) => [k, filters[k]]);
  return sha256(JSON.stringify([route, clean])).slice(0, 16);
}

/** Reads `limit` and `cursor`; a cursor from another query (or tampered with) is refused with 400 `invalid_cursor`. */
export function pageRequest(
  signer: Signer,
  route: string,
  query: { limit?: number; cursor?: string },
  filters: Record<string, unknown> = {},
): PageRequest {
  const limit = query.limit ?? 25;
  const hash = filterHash(route, filters);
  if (!query.cursor) return { limit, after: null, filterHash: hash };
  const payload = signer.unseal(PURPOSE, query.cursor);
  let parsed: { k?: unknown; f?: unknown } | null = null;
  if (payload) {
    try {
      parsed = JSON.parse(payload);
    } catch {
      parsed = null;
    }
  }
  if (!parsed || !Array.isArray(parsed.k) || parsed.f !== hash) {
    throw new AppError(
      "invalid_cursor",
      400,
      "This cursor does not belong to this query. Send the same filters as the first page, or start again without a cursor.",
      { field: "cursor" },
    );
  }
  return { limit, after: parsed.k as (string | number)[], filterHash: hash };
}

/** Builds the page from `limit + 1` fetched rows. */
export function toPage<R, T>(
  signer: Signer,
  req: PageRequest,
  rows: R[],
  keyOf: (row: R) => (string | number)[],
  present: (row: R) => T,
): Page<T> {
  const more = rows.length > req.limit;
  const shown = more ? rows.slice(0, req.limit) : rows;
  const last = shown[shown.length - 1];
  const next =
    more && last !== undefined ? signer.seal(PURPOSE, JSON.stringify({ k: keyOf(last), f: req.filterHash })) : null;
  return { data: shown.map(present), next_cursor: next };
}

/** SQL condition "row comes after `key`" for a descending order on `columns` (row-value comparison). */
export function afterKeyDesc(columns: SQLiteColumn[], key: (string | number)[] | null): SQL | undefined {
  if (!key) return undefined;
  if (key.length !== columns.length)
    throw new AppError("invalid_cursor", 400, "This cursor does not belong to this query.", { field: "cursor" });
  if (columns.length === 1) return sql`${columns[0]} < ${key[0]}`;
  return sql`(${sql.join(
    columns.map((c) => sql`${c}`),
    sql`, `,
  )}) < (${sql.join(
    key.map((v) => sql`${v}`),
    sql`, `,
  )})`;
}
