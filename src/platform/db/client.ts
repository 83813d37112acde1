/**
 * The SQLite database: one writer connection (bun:sqlite is synchronous, so one process never interleaves
 * two writes), WAL, foreign keys, secure_delete so erased words do not stay in free pages. The file is the owner's
 * alone: created 0600 (SQLite gives its -wal and -shm files the database file's mode), an existing one tightened to
 * 0600 at open, and a data directory Plaudit creates is 0700.
 */
import { Database } from "bun:sqlite";
import { drizzle, type BunSQLiteDatabase } from "drizzle-orm/bun-sqlite";
import { chmodSync, existsSync, mkdirSync, statSync, writeFileSync } from "node:fs";
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

/** Mode of the database file and its -wal and -shm companions: read and written by the owner only. */
export const DB_FILE_MODE = 0o600;

/** Creates the database file 0600 when missing (in a 0700 folder when that is new too); tightens looser modes. */
export function protectDbFile(path: string, create = true): void {
  if (create) {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    try {
      writeFileSync(path, "", { mode: DB_FILE_MODE, flag: "wx" });
    } catch {
      // It exists already.
    }
  }
  for (const file of [path, `${path}-wal`, `${path}-shm`]) {
    try {
      if (existsSync(file) && (statSync(file).mode & 0o077) !== 0) chmodSync(file, DB_FILE_MODE);
    } catch {
      // Not ours to change (another user's file opened read-only): SQLite still opens it.
    }
  }
}

/** Opens (creating if needed) the SQLite file at `path` and wraps it in drizzle. `:memory:` works for unit tests. */
export function openDb(path: string, opts: OpenDbOptions = {}): Db {
  if (path !== ":memory:") protectDbFile(path, !opts.readonly);
  const sqlite = new Database(path, opts.readonly ? { readonly: true } : { create: true, strict: true });
  applyPragmas(sqlite, opts);
  return drizzle({ client: sqlite }) as Db;
}

/** Runs `fn` in a `BEGIN IMMEDIATE` transaction: all of it lands or none of it does. */
export function tx<T>(db: Db, fn: (db: Db) => T): T {
  return db.$client.transaction(() => fn(db)).immediate();
}
