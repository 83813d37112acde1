/**
 * The SQLite database: one writer connection (bun:sqlite is synchronous, so one process never interleaves
 * two writes), WAL, foreign keys, secure_delete so erased words do not stay in free pages. The file is the owner's
 * alone: created 0600 (SQLite gives its -wal and -shm files the database file's mode), an existing one tightened to
 * 0600 at open, and a data directory Plaudit creates is 0700.
 */
import { Database, type Statement } from "bun:sqlite";
import { drizzle, type BunSQLiteDatabase } from "drizzle-orm/bun-sqlite";
import { chmodSync, existsSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { releaseOnIdle } from "../idle-collector";

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

/**
 * How drizzle writes a bound parameter: `+?` instead of `?`. SQLite 3.54 (the one in Bun) marks a bare `?`
 * compared with an indexed column (in a join or under ORDER BY) or used as LIMIT as "re-plan when bound", and Bun
 * clears the bindings after each run, so every execution of such a statement, prepared or not, was parsed and
 * planned again: 3–6 µs on a one-row page, more for a wide select. The unary plus is a no-op on the value (same
 * value, no affinity, same index use: `SEARCH … USING INDEX`), but it is not a bare parameter, so the plan stays.
 */
export const PARAM_MARKER = "+?";

/** Opens (creating if needed) the SQLite file at `path` and wraps it in drizzle. `:memory:` works for unit tests. */
export function openDb(path: string, opts: OpenDbOptions = {}): Db {
  if (path !== ":memory:") protectDbFile(path, !opts.readonly);
  const sqlite = new Database(path, opts.readonly ? { readonly: true } : { create: true, strict: true });
  applyPragmas(sqlite, opts);
  releaseOnIdle(sqlite); // its page cache is freed when the server goes quiet (`PRAGMA shrink_memory`)
  const db = drizzle({ client: sqlite }) as Db;
  (db as unknown as { dialect: { escapeParam: () => string } }).dialect.escapeParam = () => PARAM_MARKER;
  reuseOneTimeStatements(db, sqlite);
  return db;
}

/** How many SQLite statements of one-time queries a connection keeps for reuse (least recently used go first). */
export const ONE_TIME_STATEMENTS = 256;

/**
 * A drizzle query built and run once (`db.select()…all()`) normally has SQLite parse and plan its SQL anew each
 * time. The same code builds the same SQL text every time, so the connection keeps the last few hundred such
 * statements by their text and runs the kept one: SQLite's part of a built query then costs what a prepared one
 * does (drizzle's building in JavaScript remains; hot paths prepare their queries, src/platform/db/prepared.ts).
 * A one-time statement is used at once and never held, so one pushed out of the cache is finalized.
 */
function reuseOneTimeStatements(db: Db, sqlite: Database): void {
  type PrepareQuery = (query: { sql: string }, ...rest: unknown[]) => unknown;
  const session = (db as unknown as { session: { client: Database; prepareQuery: PrepareQuery } }).session;
  const kept = new Map<string, Statement>();
  const caching = {
    prepare(sqlText: string): Statement {
      let statement = kept.get(sqlText);
      if (statement) kept.delete(sqlText);
      else {
        statement = sqlite.prepare(sqlText);
        if (kept.size >= ONE_TIME_STATEMENTS) {
          const [oldest, old] = kept.entries().next().value!;
          kept.delete(oldest);
          old.finalize();
        }
      }
      kept.set(sqlText, statement);
      return statement;
    },
  } as unknown as Database;
  (session as unknown as { prepareOneTimeQuery: PrepareQuery }).prepareOneTimeQuery = (query, ...rest) => {
    const real = session.client;
    session.client = caching;
    try {
      return session.prepareQuery(query, ...rest);
    } finally {
      session.client = real;
    }
  };
}

/** Runs `fn` in a `BEGIN IMMEDIATE` transaction: all of it lands or none of it does. */
export function tx<T>(db: Db, fn: (db: Db) => T): T {
  return db.$client.transaction(() => fn(db)).immediate();
}
