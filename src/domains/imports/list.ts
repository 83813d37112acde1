/** The latest import records of the context's org, mode and brand scope, newest first (optionally of one brand). */
import type { Reader } from "../../platform/db/unit-of-work";
import { orgPageRows } from "../../platform/db/org-page";
import { imports } from "./tables";
import { presentImport } from "./present";
import type { ImportView } from "./model";
import type { Page } from "../../platform/http/pagination";

/** How many records `GET /v1/imports` returns (contract section 8: latest 50). */
export const IMPORTS_LISTED = 50;

/**
 * The page envelope every list uses (`{data, next_cursor}`): up to 50 records, newest first. The contract lists
 * the latest 50 only, so there is never a next page and `next_cursor` is always null.
 */
export function listImports(r: Reader, brandId?: string): Page<ImportView> {
  const rows = orgPageRows(
    r.db,
    imports,
    r.ctx,
    // No cursor: the latest IMPORTS_LISTED only (orgPageRows reads one more than `limit`).
    { after: null, limit: IMPORTS_LISTED - 1, filterHash: "" },
    { brandColumn: imports.brandId, brandId: brandId ?? null },
  );
  return { data: rows.map(presentImport), next_cursor: null };
}
