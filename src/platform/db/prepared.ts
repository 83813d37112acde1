/**
 * Hot queries are prepared once per connection: building a drizzle query per request costs several times more
 * than SQLite's own work (DESIGN: ~30k vs ~94k reads/s). `prepared(db, build)` caches what `build` returns per
 * database handle, keyed by the build function itself.
 */
import type { Db } from "./client";

const cache = new WeakMap<Db, Map<unknown, unknown>>();

/** The prepared statement `build(db)` makes, built on first use for this database handle. */
export function prepared<T>(db: Db, build: (db: Db) => T): T {
  let perDb = cache.get(db);
  if (!perDb) cache.set(db, (perDb = new Map()));
  let stmt = perDb.get(build) as T | undefined;
  if (stmt === undefined) perDb.set(build, (stmt = build(db)));
  return stmt;
}

const byKey = new WeakMap<Db, Map<string, unknown>>();

/**
 * The prepared statement `build(db)` makes, built on first use for this database handle and `key`: for
 * statements whose shape varies (an optional filter present or not), one per shape, named by the caller.
 */
export function preparedAs<T>(db: Db, key: string, build: (db: Db) => T): T {
  let perDb = byKey.get(db);
  if (!perDb) byKey.set(db, (perDb = new Map()));
  let stmt = perDb.get(key) as T | undefined;
  if (stmt === undefined) perDb.set(key, (stmt = build(db)));
  return stmt;
}
