/** How import records look in the API. */
import { iso } from "../../platform/clock";
import type { imports } from "./tables";
import type { ImportView } from "./model";

/** A stored import record. */
export type ImportRow = typeof imports.$inferSelect;

/** An import record as `GET /v1/imports` shows it. */
export function presentImport(row: ImportRow): ImportView {
  return {
    id: row.id,
    brand_id: row.brandId,
    source: { name: row.sourceName, url: row.sourceUrl },
    created_count: row.createdCount,
    duplicate_count: row.duplicateCount,
    duplicate_rows: row.duplicateRows,
    attestation_text: row.attestationText,
    attested_by_user_id: row.attestedByUserId,
    api_key_id: row.apiKeyId,
    mode: row.mode,
    created_at: iso(row.createdAt),
  };
}
