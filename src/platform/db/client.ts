/**
 * The SQLite database: one writer connection (bun:sqlite is synchronous, so one process never interleaves
 * two writes), WAL, foreign keys, secure_delete so erased words do not stay in free pages.
 */
import { Database } from "bun:sqlite";
import { drizzle, type BunSQLiteDatabase } from "drizzle-orm/bun-sqlite";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";

/** The drizzle handle every service uses. */
export type Db = BunSQLiteDatabase<Record<string, never>> & { $client: Database };

/** Options for opening the database. */
export interface OpenDbOptions {
  /** `synchronous=FULL` instead of NORMAL. */
  syncFull?: boolean;
  readonly?: boolean;
}

/** Applies the pragmas every connection needs. */
export function applyPragmas(sqlite: Database, opts: OpenDbOptions = {}) {
  sqlite.exec("PRAGMA busy_timeout = 5000");
  if (!opts.readonly) sqlite.exec("PRAGMA journal_mode = WAL");
  sqlite.exec(`PRAGMA synchronous = ${opts.syncFull ? "FULL" : "NORMAL"}`);
  sqlite.exec("PRAGMA foreign_keys = ON");
  sqlite.exec("PRAGMA secure_delete = ON");
  sqlite.exec("PRAGMA temp_store = MEMORY");
}

/** Opens (creating if needed) the SQLite file at `path` and wraps it in drizzle. `:memory:` works for unit tests. */
export function openDb(path: string, opts: OpenDbOptions = {}): Db {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const sqlite = new Database(path, opts.readonly ? { readonly: true } : { create: true, strict: true });
  applyPragmas(sqlite, opts);
  return drizzle({ client: sqlite }) as Db;
}

/** Runs `fn` in a `BEGIN IMMEDIATE` transaction: all of it lands or none of it does. */
export function tx<T>(db: Db, fn: (db: Db) => T): T {
  return db.$client.transaction(() => fn(db)).immediate();
}
