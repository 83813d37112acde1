/**
 * The query most list routes make, prepared: one page of an organisation's rows in one mode, newest first by id,
 * optionally of one brand and within the context's brand scope, after the cursor's id. One prepared statement
 * per table and shape (which optional parts are present), so a list request runs SQLite's work only instead of
 * building the query in drizzle first (several times SQLite's own cost for a small page).
 */
import { and, desc, eq, getTableName, lt, sql, type SQL } from "drizzle-orm";
import { preparedScoped, scopeValues } from "./tenancy";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import type { PageRequest } from "../http/pagination";
import type { Db } from "./client";
import { preparedAs } from "./prepared";

/** A table with the columns an organisation's list needs. */
type OrgTable = SQLiteTable & { id: SQLiteColumn; orgId: SQLiteColumn; mode: SQLiteColumn };

/** Options: the brand column (for `brandId` and the brand scope) and one brand to keep. */
export interface OrgPageOptions {
  /** The table's brand column: rows are limited to the context's brand scope through it. */
  brandColumn?: SQLiteColumn;
  /** Only this brand's rows (needs `brandColumn`). */
  brandId?: string | null;
}

const P = (name: string) => sql.placeholder(name);

/**
 * The cursor's position for a list keyed by id alone, newest first: the id the next page starts after, or null on
 * the first page. A cursor of another shape is refused (400 `invalid_cursor`), as `afterKeyDesc` does.
 */
export function afterId(page: PageRequest): string | null {
  if (!page.after) return null;
  if (page.after.length !== 1 || typeof page.after[0] !== "string")
    throw new AppError("invalid_cursor", 400, "This cursor does not belong to this query.", { field: "cursor" });
  return page.after[0];
}

/** A table whose rows are listed newest first by id. */
type IdTable = SQLiteTable & { id: SQLiteColumn };

/**
 * `limit + 1` rows of a page newest first by id, after the cursor's id (the extra row tells `toPage` there is a next
 * page), as `select()` gives them, through one prepared statement per `shape`. `where` makes the conditions from the
 * placeholder function and is called only when a shape is first prepared: the conditions may depend on which parts
 * are present (name them in `shape`), never on the values, which go in `values` by placeholder name. The statement is
 * kept by table and shape, so two lists of one table must not use the same shape name for different conditions.
 */
export function idPageRows<T extends IdTable>(
  db: Db,
  table: T,
  page: PageRequest,
  shape: string,
  where: (p: typeof P) => (SQL | undefined)[],
  values: Record<string, unknown>,
): T["$inferSelect"][] {
  const after = afterId(page);
  const key = `id-page:${getTableName(table)}:${shape}:${after ? "a" : ""}`;
  const statement = preparedAs(db, key, (db) =>
    db
      .select()
      .from(table as SQLiteTable)
      .where(and(...where(P), after ? lt(table.id, P("after")) : undefined))
      .orderBy(desc(table.id))
      .limit(P("limit"))
      .prepare(),
  );
  return statement.all({ ...values, after, limit: page.limit + 1 }) as T["$inferSelect"][];
}

/** `limit + 1` rows of a page of an organisation's rows in one mode (see the file's comment). */
export function orgPageRows<T extends OrgTable>(
  db: Db,
  table: T,
  ctx: Pick<Ctx, "orgId" | "mode" | "brandIds">,
  page: PageRequest,
  opts: OrgPageOptions = {},
): T["$inferSelect"][] {
  const brand = opts.brandColumn && opts.brandId ? opts.brandColumn : null;
  const scoped = opts.brandColumn && ctx.brandIds != null ? opts.brandColumn : null;
  return idPageRows(
    db,
    table,
    page,
    `org:${brand ? "b" : ""}${scoped ? "s" : ""}`,
    (p) => [
      // The brand scope's condition only in the statement prepared for limited contexts (`s` in the shape).
      preparedScoped(table, { brandColumn: opts.brandColumn, allBrands: !scoped }),
      brand ? eq(brand, p("brand")) : undefined,
    ],
    { ...scopeValues(ctx), brand: opts.brandId ?? null },
  );
}
