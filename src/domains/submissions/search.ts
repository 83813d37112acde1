/**
 * Full-text search (SQLite FTS5) over a testimonial's words, name, title and company. The index is kept by the
 * service in the same transaction as the change; `secure-delete` removes a row's tokens for good on erasure.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { invalid } from "../../platform/errors";
import type { SubmissionRow } from "./present";

/** Replaces a testimonial's entry in the index. */
export function indexSubmission(db: Db, row: SubmissionRow, words: string | null) {
  const body = [row.textInput ?? words ?? "", row.respondentName, row.respondentTitle ?? "", row.respondentCompany ?? ""].join("\n");
  db.run(sql`DELETE FROM submissions_fts WHERE submission_id = ${row.id}`);
  db.run(sql`INSERT INTO submissions_fts (body, submission_id, org_id, mode) VALUES (${body}, ${row.id}, ${row.orgId}, ${row.mode})`);
}

/** Removes a testimonial from the index. */
export function unindexSubmission(db: Db, id: string) {
  db.run(sql`DELETE FROM submissions_fts WHERE submission_id = ${id}`);
}

/** Turns what a person typed into a safe FTS5 query: every word must appear (prefix match on the last). */
export function ftsQuery(q: string): string {
  const words = q.normalize("NFKC").match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) throw invalid("Search for at least one word or number.", "q");
  return words.slice(0, 12).map((w, i, all) => `"${w}"${i === all.length - 1 ? "*" : ""}`).join(" AND ");
}
