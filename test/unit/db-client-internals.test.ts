/**
 * The two places where the database client reaches into drizzle's internals (src/platform/db/client.ts) still work
 * with the drizzle installed: bound parameters are written `+?` (SQLite 3.54 re-plans a statement with a bare `?`
 * under ORDER BY or LIMIT), and a one-time query built again with the same SQL text runs the statement SQLite
 * already prepared. A drizzle upgrade that renames what the client patches fails here, not as a slow server.
 */
import { afterAll, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { desc, eq, sql } from "drizzle-orm";
import { sqliteTable, text, integer } from "drizzle-orm/sqlite-core";
import { ONE_TIME_STATEMENTS, openDb, PARAM_MARKER } from "../../src/platform/db/client";

const things = sqliteTable("things", { id: text("id").primaryKey(), n: integer("n").notNull() });
const db = openDb(":memory:");
db.$client.exec("CREATE TABLE things (id TEXT PRIMARY KEY, n INTEGER NOT NULL)");
afterAll(() => db.$client.close());

test("bound parameters are written +? in built and prepared queries", () => {
  const built = db.select().from(things).where(eq(things.n, 3)).orderBy(desc(things.id)).limit(5).toSQL();
  expect(built.sql).toContain(`"n" = ${PARAM_MARKER}`);
  expect(built.sql).toContain(`limit ${PARAM_MARKER}`);
  expect(built.params).toEqual([3, 5]);
  const placeholder = db
    .select()
    .from(things)
    .where(eq(things.id, sql.placeholder("id")))
    .toSQL();
  expect(placeholder.sql).toContain(`"id" = ${PARAM_MARKER}`);
  // `+?` is the same value to SQLite: a text stays text, a number a number.
  db.insert(things).values({ id: "a", n: 1 }).run();
  expect(db.select().from(things).where(eq(things.id, "a")).get()).toEqual({ id: "a", n: 1 });
  expect(db.select().from(things).where(eq(things.n, 1)).all()).toHaveLength(1);
});

test("a one-time query built twice prepares its SQL once", () => {
  const prepare = Database.prototype.prepare;
  const seen: string[] = [];
  Database.prototype.prepare = function (this: Database, q: string, ...rest: unknown[]) {
    seen.push(q);
    return (prepare as (...a: unknown[]) => ReturnType<Database["prepare"]>).call(this, q, ...rest);
  } as Database["prepare"];
  try {
    // A shape no other test ran: SQLite prepares it on the first build only.
    for (let i = 0; i < 5; i++) db.select({ id: things.id }).from(things).where(eq(things.n, i)).limit(7).all();
  } finally {
    Database.prototype.prepare = prepare;
  }
  const selects = seen.filter((q) => q.startsWith("select"));
  expect(selects).toHaveLength(1);
  expect(ONE_TIME_STATEMENTS).toBeGreaterThan(0);
});
