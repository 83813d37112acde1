/**
 * Brand scope: the one rule a client login lives by. A context with `brandIds` (src/platform/context.ts) sees only
 * rows of those brands; every brand-owned lookup and list adds `brandScope(ctx, table.brandId)` to its WHERE, and a
 * single-row lookup that finds a row of another brand answers 404, exactly as for an id that does not exist. So
 * lists never include other brands' rows, counts never count them, and search never finds them.
 */
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Ctx } from "../context";

/** The brands a context is limited to, or null when it sees every brand of its organisation. */
export const scopedBrands = (ctx: Pick<Ctx, "brandIds">): readonly string[] | null => ctx.brandIds ?? null;

/** True when the context may see rows of `brandId` (always, for an unscoped context). */
export function inBrandScope(ctx: Pick<Ctx, "brandIds">, brandId: string | null | undefined): boolean {
  const ids = scopedBrands(ctx);
  return ids === null || (!!brandId && ids.includes(brandId));
}

/**
 * The condition limiting `column` (a brand id column) to the context's brands; undefined for an unscoped context,
 * so it drops out of drizzle's `and(…)`. The brand ids travel as one bound JSON parameter (no SQL built from them).
 */
export function brandScope(ctx: Pick<Ctx, "brandIds">, column: SQLWrapper): SQL | undefined {
  const ids = scopedBrands(ctx);
  if (ids === null) return undefined;
  return sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`;
}

/**
 * The same condition for a prepared statement: `column` is limited when the placeholder `param` (a name, or the
 * placeholder itself) holds a JSON array of brand ids and unlimited when it is null. Pass `brandScopeParam(ctx)` as
 * the parameter's value.
 */
export function preparedBrandScope(column: SQLWrapper, param: string | SQLWrapper = "brand_scope"): SQL {
  const p = typeof param === "string" ? sql.placeholder(param) : param;
  return sql`(${p} IS NULL OR ${column} IN (SELECT value FROM json_each(${p})))`;
}

/** The value of `preparedBrandScope`'s placeholder for a context. */
export function brandScopeParam(ctx: Pick<Ctx, "brandIds">): string | null {
  const ids = scopedBrands(ctx);
  return ids === null ? null : JSON.stringify(ids);
}
