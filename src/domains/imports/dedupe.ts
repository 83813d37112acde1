/**
 * Duplicate detection (contract rule 2): a review already imported for the brand with the same source, name and
 * words, case and spacing ignored, is skipped. Each imported row stores `dedupe_hash` = SHA-256 of its folded
 * source, name and words; the brand is the other half of the key (index `submissions_dedupe` on brand_id and
 * dedupe_hash). Deleted reviews no longer count, so deleting one and importing it again brings it back.
 */
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { sha256 } from "../../platform/crypto";
import { submissions } from "../submissions";

const INVISIBLE = /[\u00ad\u180e\u200b-\u200d\u2060\ufeff]/g;

/**
 * Folds a text so that case and spacing do not matter: Unicode compatibility form, full case folding (upper then
 * lower, so "ß" and "SS" meet), zero-width characters dropped, every run of white space one space, ends trimmed.
 */
export function foldText(value: string): string {
  const nfkc = value.normalize("NFKC").replace(INVISIBLE, "");
  return nfkc.toUpperCase().toLowerCase().normalize("NFKC").replace(/\s+/gu, " ").trim();
}

/** The key of one review within a brand: its source, the person's name and the words, each folded. */
export function dedupeHash(source: string, name: string, text: string): string {
  return sha256(JSON.stringify(["v1", foldText(source), foldText(name), foldText(text)]));
}

/** Which of `hashes` a live (not deleted) review of the brand already has. */
export function existingHashes(db: Db, brandId: string, hashes: string[]): Set<string> {
  const found = new Set<string>();
  const unique = [...new Set(hashes)];
  for (let i = 0; i < unique.length; i += 500) {
    const rows = db
      .select({ h: submissions.dedupeHash })
      .from(submissions)
      .where(
        and(
          eq(submissions.brandId, brandId),
          inArray(submissions.dedupeHash, unique.slice(i, i + 500)),
          isNull(submissions.deletedAt),
        ),
      )
      .all();
    for (const r of rows) if (r.h) found.add(r.h);
  }
  return found;
}

/**
 * Splits rows into the ones to create and the 1-based positions of duplicates: of a review already in the brand,
 * or of an earlier row of the same request.
 */
export function splitDuplicates<R extends { hash: string; position: number }>(
  rows: R[],
  existing: Set<string>,
): { fresh: R[]; duplicateRows: number[] } {
  const seen = new Set(existing);
  const fresh: R[] = [];
  const duplicateRows: number[] = [];
  for (const row of rows) {
    if (seen.has(row.hash)) duplicateRows.push(row.position);
    else {
      seen.add(row.hash);
      fresh.push(row);
    }
  }
  return { fresh, duplicateRows };
}
