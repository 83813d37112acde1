/**
 * The tenant filter (src/platform/db/tenancy.ts) on a real in-memory SQLite database through drizzle: two
 * organisations, two modes, two brands, and a client login limited to one brand. Each helper finds only the rows
 * the context owns.
 */
import { Database } from "bun:sqlite";
import { describe, expect, test } from "bun:test";
import { and, asc, eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/bun-sqlite";
import { sqliteTable, text } from "drizzle-orm/sqlite-core";
import { ManualClock } from "../../src/platform/clock";
import { systemCtx, type Ctx, type Mode } from "../../src/platform/context";
import { byId, inOrg, preparedScoped, scoped, scopeValues } from "../../src/platform/db/tenancy";

/** A brand-owned table (like reels or widgets). */
const things = sqliteTable("things", {
  id: text("id").primaryKey(),
  orgId: text("org_id").notNull(),
  mode: text("mode").$type<Mode>().notNull(),
  brandId: text("brand_id"),
});
/** The brands table: scoped on its own id. */
const labels = sqliteTable("labels", {
  id: text("id").primaryKey(),
  orgId: text("org_id").notNull(),
  mode: text("mode").$type<Mode>().notNull(),
});
/** An organisation-level table without a mode (like members). */
const people = sqliteTable("people", { id: text("id").primaryKey(), orgId: text("org_id").notNull() });

const sqlite = new Database(":memory:");
sqlite.exec(`
  CREATE TABLE things (id TEXT PRIMARY KEY, org_id TEXT NOT NULL, mode TEXT NOT NULL, brand_id TEXT);
  CREATE TABLE labels (id TEXT PRIMARY KEY, org_id TEXT NOT NULL, mode TEXT NOT NULL);
  CREATE TABLE people (id TEXT PRIMARY KEY, org_id TEXT NOT NULL);
`);
const db = drizzle(sqlite);

// org A: brands b1 and b2 in live, b3 in test; org B: brand b9 in live.
db.insert(labels)
  .values([
    { id: "b1", orgId: "A", mode: "live" },
    { id: "b2", orgId: "A", mode: "live" },
    { id: "b3", orgId: "A", mode: "test" },
    { id: "b9", orgId: "B", mode: "live" },
  ])
  .run();
db.insert(things)
  .values([
    { id: "t1", orgId: "A", mode: "live", brandId: "b1" },
    { id: "t2", orgId: "A", mode: "live", brandId: "b2" },
    { id: "t3", orgId: "A", mode: "live", brandId: null },
    { id: "t4", orgId: "A", mode: "test", brandId: "b3" },
    { id: "t5", orgId: "B", mode: "live", brandId: "b9" },
  ])
  .run();
db.insert(people)
  .values([
    { id: "p1", orgId: "A" },
    { id: "p2", orgId: "B" },
  ])
  .run();

const clock = new ManualClock(1_800_000_000_000);
const ownerA: Ctx = systemCtx("A", "live", clock);
const testA: Ctx = systemCtx("A", "test", clock);
const ownerB: Ctx = systemCtx("B", "live", clock);
const clientA: Ctx = { ...ownerA, brandIds: ["b1"] };

const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
const thingsOf = (ctx: Ctx, opts = {}) =>
  ids(
    db
      .select()
      .from(things)
      .where(scoped(things, ctx, opts))
      .orderBy(asc(things.id))
      .all(),
  );

describe("scoped", () => {
  test("limits to the context's organisation and mode", () => {
    expect(thingsOf(ownerA)).toEqual(["t1", "t2", "t3"]);
    expect(thingsOf(testA)).toEqual(["t4"]);
    expect(thingsOf(ownerB)).toEqual(["t5"]);
  });

  test("a client sees only its brands' rows (never one without a brand)", () => {
    expect(thingsOf(clientA)).toEqual(["t1"]);
  });

  test("allBrands leaves the brand scope out, never the organisation or mode", () => {
    expect(thingsOf(clientA, { allBrands: true })).toEqual(["t1", "t2", "t3"]);
  });

  test("brandColumn scopes the brands table on its own id", () => {
    const of = (ctx: Ctx) =>
      ids(
        db
          .select()
          .from(labels)
          .where(scoped(labels, ctx, { brandColumn: labels.id }))
          .orderBy(asc(labels.id))
          .all(),
      );
    expect(of(ownerA)).toEqual(["b1", "b2"]);
    expect(of(clientA)).toEqual(["b1"]);
    expect(of(ownerB)).toEqual(["b9"]);
  });

  test("a table without a mode is limited by organisation only", () => {
    expect(ids(db.select().from(people).where(scoped(people, testA)).all())).toEqual(["p1"]);
  });
});

describe("byId", () => {
  const find = (ctx: Ctx, id: string) =>
    db
      .select()
      .from(things)
      .where(byId(things, ctx, id))
      .get()?.id;

  test("finds the context's own row", () => {
    expect(find(ownerA, "t2")).toBe("t2");
    expect(find(ownerB, "t5")).toBe("t5");
  });

  test("another organisation's, mode's or brand's row is not found", () => {
    expect(find(ownerA, "t5")).toBeUndefined();
    expect(find(ownerB, "t1")).toBeUndefined();
    expect(find(ownerA, "t4")).toBeUndefined();
    expect(find(testA, "t1")).toBeUndefined();
    expect(find(clientA, "t2")).toBeUndefined();
    expect(find(clientA, "t3")).toBeUndefined();
    expect(find(clientA, "t1")).toBe("t1");
  });
});

describe("inOrg", () => {
  test("every row of the organisation, both modes and every brand", () => {
    const rows = db.select().from(things).where(inOrg(things, "A")).orderBy(asc(things.id)).all();
    expect(ids(rows)).toEqual(["t1", "t2", "t3", "t4"]);
  });
});

describe("preparedScoped", () => {
  const statement = db.select().from(things).where(preparedScoped(things)).orderBy(asc(things.id)).prepare();
  const one = db
    .select()
    .from(things)
    .where(and(eq(things.id, sql.placeholder("id")), preparedScoped(things)))
    .prepare();

  test("finds what scoped finds, for every context", () => {
    for (const ctx of [ownerA, testA, ownerB, clientA])
      expect(ids(statement.all(scopeValues(ctx)))).toEqual(thingsOf(ctx));
  });

  test("by id, within the scope only", () => {
    expect(one.get({ id: "t1", ...scopeValues(clientA) })?.id).toBe("t1");
    expect(one.get({ id: "t2", ...scopeValues(clientA) })).toBeUndefined();
    expect(one.get({ id: "t5", ...scopeValues(ownerA) })).toBeUndefined();
  });

  test("allBrands prepares the statement without the brand scope", () => {
    const all = db
      .select()
      .from(things)
      .where(preparedScoped(things, { allBrands: true }))
      .orderBy(asc(things.id))
      .prepare();
    expect(ids(all.all(scopeValues(clientA)))).toEqual(["t1", "t2", "t3"]);
  });
});
