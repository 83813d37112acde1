/**
 * Full-text search (SQLite FTS5) over a testimonial's words, name, title and company. The index is kept by the
 * services in the same transaction as the change. `search_rows` maps a testimonial to its FTS rowid, so an update
 * or erasure touches one entry; `secure-delete` removes a deleted entry's tokens from the index pages for good.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { invalid } from "../../platform/errors";
import type { SubmissionRow } from "./present";
import { searchRows } from "./tables";

/** The indexed text of a testimonial: its words, name, title and company. */
export const searchBody = (row: SubmissionRow): string =>
  [row.textInput ?? "", row.respondentName, row.respondentTitle ?? "", row.respondentCompany ?? ""].join("\n");

/** Removes a testimonial from the index. */
export function unindexSubmission(db: Db, id: string) {
  const mapped = db.select({ id: searchRows.id }).from(searchRows).where(eq(searchRows.submissionId, id)).get();
  if (!mapped) return;
  db.$client.query("DELETE FROM submissions_fts WHERE rowid = ?").run(mapped.id);
  db.delete(searchRows).where(eq(searchRows.id, mapped.id)).run();
}

/** Adds or replaces testimonials' entries (one prepared statement per step, for imports of many rows). */
export function indexSubmissions(db: Db, rows: SubmissionRow[]) {
  const find = db.$client.query<{ id: number }, [string]>("SELECT id FROM search_rows WHERE submission_id = ?");
  const map = db.$client.query<{ id: number }, [string]>(
    "INSERT INTO search_rows (submission_id) VALUES (?) RETURNING id",
  );
  const drop = db.$client.query("DELETE FROM submissions_fts WHERE rowid = ?");
  const add = db.$client.query(
    "INSERT INTO submissions_fts (rowid, body, submission_id, org_id, mode) VALUES (?, ?, ?, ?, ?)",
  );
  for (const row of rows) {
    const existing = find.get(row.id);
    if (existing) drop.run(existing.id);
    const rowid = existing?.id ?? map.get(row.id)!.id;
    add.run(rowid, searchBody(row), row.id, row.orgId, row.mode);
  }
}

/** Adds or replaces one testimonial's entry. */
export function indexSubmission(db: Db, row: SubmissionRow) {
  indexSubmissions(db, [row]);
}

/** Turns what a person typed into a safe FTS5 query: every word must appear (prefix match on the last). */
export function ftsQuery(q: string): string {
  const words = q.normalize("NFKC").match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) throw invalid("Search for at least one word or number.", "q");
  return words
    .slice(0, 12)
    .map((w, i, all) => `"${w}"${i === all.length - 1 ? "*" : ""}`)
    .join(" AND ");
}
