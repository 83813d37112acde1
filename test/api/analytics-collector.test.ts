/**
 * The analytics collector (src/domains/analytics/collector.ts): counts of one key add up in memory and are written as
 * one row upsert per key in one transaction; a beacon's mark counts each key once; 2,000 waiting keys are written
 * at once; counts that could not be written wait (merged with newer ones) for the next try, and nothing is lost.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { collectorOf, flushAnalytics } from "../../src/domains/analytics";
import { FLUSH_ROWS, type Place } from "../../src/domains/analytics/collector";
import { makeTestApp, type TestApp } from "../helpers/app";

let t: TestApp;
let orgId: string;
let brandId: string;

beforeAll(async () => {
  t = await makeTestApp();
  const a = await t.org();
  orgId = a.id;
  brandId = (await t.call("GET", "/v1/brands", { auth: a.liveKey })).body.data[0].id;
});
afterAll(() => t.close());

const place = (host: string): Place => ({
  orgId,
  mode: "live",
  brandId,
  day: "2026-11-22",
  widgetId: "wgt_collector",
  host,
});

/** The written counts of a host: `submission_id/kind` → count. */
function written(host: string) {
  const rows = t.deps.db.$client
    .query("SELECT submission_id AS s, kind AS k, count AS n FROM analytics_daily WHERE host = ? ORDER BY 1, 2")
    .all(host) as { s: string; k: string; n: number }[];
  return Object.fromEntries(rows.map((r) => [`${r.s}/${r.k}`, r.n]));
}

test("counts add up per key and are written in one transaction, one row per key", () => {
  const c = collectorOf(t.deps);
  const before = { ...c.stats };
  const count = c.at(place("a.example"));
  for (let i = 0; i < 5; i++) count("", "view");
  count("sub_1", "view");
  count("sub_1", "play");
  c.add({ ...place("a.example"), submissionId: "sub_1", kind: "play" }, 2);
  expect(c.waiting).toBe(3);
  expect(flushAnalytics(t.deps)).toBe(3);
  expect(c.stats.flushes - before.flushes).toBe(1);
  expect(written("a.example")).toEqual({ "/view": 5, "sub_1/play": 3, "sub_1/view": 1 });
  // Written again later: the rows add up.
  c.at(place("a.example"))("", "view");
  flushAnalytics(t.deps);
  expect(written("a.example")["/view"]).toBe(6);
});

test("a beacon's mark counts each key once; another mark counts again", () => {
  const c = collectorOf(t.deps);
  const count = c.at(place("b.example"));
  expect([count("", "view", 7), count("", "view", 7), count("sub_2", "view", 7)]).toEqual([true, false, true]);
  expect(count("", "view", 8)).toBe(true);
  flushAnalytics(t.deps);
  expect(written("b.example")).toEqual({ "/view": 2, "sub_2/view": 1 });
});

test(`${FLUSH_ROWS} waiting keys are written at once, without waiting for the second`, async () => {
  const c = collectorOf(t.deps);
  const count = c.at(place("c.example"));
  for (let i = 0; i < FLUSH_ROWS; i++) count(`sub_${i}`, "view");
  await new Promise((r) => setImmediate(r));
  expect(c.waiting).toBe(0);
  expect(Object.keys(written("c.example")).length).toBe(FLUSH_ROWS);
});

test("counts that could not be written wait for the next try, merged with newer ones", () => {
  const c = collectorOf(t.deps);
  c.at(place("d.example"))("", "view");
  c.at(place("d.example"))("sub_3", "play");
  const db = t.deps.db.$client;
  // Another connection holds the write lock: the flush fails as a busy database would.
  const holder = new (db.constructor as typeof import("bun:sqlite").Database)(db.filename);
  holder.exec("PRAGMA busy_timeout = 0");
  holder.exec("BEGIN IMMEDIATE");
  const timeout = (db.query("PRAGMA busy_timeout").get() as { timeout: number }).timeout;
  db.exec("PRAGMA busy_timeout = 0");
  try {
    expect(c.flush()).toBe(0);
  } finally {
    holder.exec("ROLLBACK");
    holder.close();
    db.exec(`PRAGMA busy_timeout = ${timeout}`);
  }
  expect(c.waiting).toBe(2);
  c.at(place("d.example"))("", "view");
  expect(c.flush()).toBe(2);
  expect(written("d.example")).toEqual({ "/view": 2, "sub_3/play": 1 });
});
