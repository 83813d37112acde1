/** The latest import records of the context's org and mode, newest first (optionally of one brand). */
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import type { Ctx } from "../../platform/context";
import { imports } from "./tables";
import { presentImport } from "./present";

/** How many records `GET /v1/imports` returns (contract section 8: latest 50). */
export const IMPORTS_LISTED = 50;

/** `{data}`: up to 50 records, newest first. Not paged: the contract lists the latest 50 only. */
export function listImports(db: Db, ctx: Ctx, brandId?: string) {
  const rows = db
    .select()
    .from(imports)
    .where(and(eq(imports.orgId, ctx.orgId), eq(imports.mode, ctx.mode), brandId ? eq(imports.brandId, brandId) : undefined))
    .orderBy(desc(imports.id))
    .limit(IMPORTS_LISTED)
    .all();
  return { data: rows.map(presentImport) };
}
