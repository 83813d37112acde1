/**
 * Tenancy on the table: the one place the tenant filter is written. Every lookup, list, update or delete of an
 * organisation's rows puts `scoped(table, ctx)` (or `byId(table, ctx, id)`) in its WHERE: the context's
 * organisation, its mode when the table has a `mode` column, and its brand scope (src/platform/db/brand-scope.ts)
 * when the table has a `brandId` column. Forgetting the filter once is a leak across organisations, so
 * test/unit/tenancy-guard.test.ts fails on a tenant filter written by hand anywhere else.
 */
import { and, eq, sql, type Placeholder, type SQL, type SQLWrapper } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Ctx } from "../context";
import { brandScope, brandScopeParam, preparedBrandScope } from "./brand-scope";

/** A table of an organisation's rows: an `orgId` column, and `mode` and `brandId` columns when it has them. */
export type TenantTable = SQLiteTable & { orgId: SQLiteColumn; mode?: SQLiteColumn; brandId?: SQLiteColumn };

/**
 * Whose rows: an organisation, a mode, and the brands a client login is limited to. A `Ctx` is one; so is a brand
 * row (no `brandIds`). Beware other rows that carry `brandIds` (members, invitations, alert settings): pass
 * `{ orgId, mode }` from them, or their brand list would act as a brand scope.
 */
export type Tenant = Pick<Ctx, "orgId" | "mode" | "brandIds">;

/** How the brand scope applies; by default through the table's own `brandId` column, if it has one. */
export interface ScopeOptions {
  /** The column the brand scope limits instead of `brandId`: `brands.id` for the brands table itself. */
  brandColumn?: SQLWrapper;
  /**
   * No brand scope, whatever the context: for organisation-wide counts (plan allowances), checks that apply the
   * brand rule themselves, and rows reached through a parent already checked against the scope.
   */
  allBrands?: boolean;
}

const brandColumnOf = (table: TenantTable, opts: ScopeOptions): SQLWrapper | undefined =>
  opts.allBrands ? undefined : (opts.brandColumn ?? table.brandId);

/**
 * The condition limiting `table` to the tenant's rows: its organisation, its mode (when the table has a `mode`
 * column) and its brand scope (through `brandId`, or `opts.brandColumn`; none with `opts.allBrands`).
 */
export function scoped(table: TenantTable, tenant: Tenant, opts: ScopeOptions = {}): SQL {
  const brand = brandColumnOf(table, opts);
  return and(
    eq(table.orgId, tenant.orgId),
    table.mode ? eq(table.mode, tenant.mode) : undefined,
    brand ? brandScope(tenant, brand) : undefined,
  )!;
}

/** The condition finding one row by id among the tenant's rows (`scoped` and `id = ?`): no row, a 404. */
export function byId<T extends TenantTable & { id: SQLiteColumn }>(
  table: T,
  tenant: Tenant,
  id: string,
  opts: ScopeOptions = {},
): SQL {
  return and(eq(table.id, id), scoped(table, tenant, opts))!;
}

/**
 * Every row of an organisation, in both modes and every brand: for organisation-level tables (members,
 * invitations) and reads that span the modes by design (the audit log, the brands a client login may name).
 * `orgId` may be a placeholder, in a prepared statement.
 */
export function inOrg(table: TenantTable, orgId: string | Placeholder): SQL {
  return eq(table.orgId, orgId);
}

/**
 * `scoped` for a prepared statement: the same condition over the placeholders `org`, `mode` and `brand_scope`,
 * whose values `scopeValues(ctx)` gives. `opts.allBrands` leaves the brand scope out (a statement prepared for
 * unscoped contexts only).
 */
export function preparedScoped(table: TenantTable, opts: ScopeOptions = {}): SQL {
  const brand = brandColumnOf(table, opts);
  return and(
    eq(table.orgId, sql.placeholder("org")),
    table.mode ? eq(table.mode, sql.placeholder("mode")) : undefined,
    brand ? preparedBrandScope(brand) : undefined,
  )!;
}

/** The values of `preparedScoped`'s placeholders for a context. */
export function scopeValues(tenant: Tenant): { org: string; mode: Ctx["mode"]; brand_scope: string | null } {
  return { org: tenant.orgId, mode: tenant.mode, brand_scope: brandScopeParam(tenant) };
}
