/**
 * Storing many testimonials fast: one prepared single-row INSERT per connection, run once per row inside the
 * caller's transaction. Building a drizzle INSERT per call costs several times more than SQLite's own work for a
 * 500-row import (see bench/imports-500.ts). `consent`, `attestation` and `original_respondent` are left out of
 * the statement (always null for imports): a placeholder would store the JSON text "null" instead of SQL NULL.
 */
import { getTableColumns, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { submissions, type SubmissionRow } from "../submissions";

/** JSON columns always null for an import (see the file comment). */
const LEFT_OUT = new Set(["consent", "attestation", "originalRespondent"]);

const placeholders = Object.fromEntries(
  Object.keys(getTableColumns(submissions))
    .filter((k) => !LEFT_OUT.has(k))
    .map((k) => [k, sql.placeholder(k)]),
) as unknown as typeof submissions.$inferInsert;

const prepare = (db: Db) => db.insert(submissions).values(placeholders).prepare();
const statements = new WeakMap<Db, ReturnType<typeof prepare>>();

/** Inserts imported testimonials (consent null) in the caller's transaction. */
export function insertImportedSubmissions(db: Db, rows: SubmissionRow[]) {
  let statement = statements.get(db);
  if (!statement) statements.set(db, (statement = prepare(db)));
  for (const row of rows) statement.run(row as unknown as Record<string, unknown>);
}
