/**
 * The group commit (src/platform/db/group-commit.ts): writes within their window share one commit, a group that
 * reaches MAX_GROUP commits at once whatever its window, and a failing write fails alone (its savepoint).
 */
import { afterEach, beforeEach, expect, test } from "bun:test";
import { ManualClock } from "../../src/platform/clock";
import { groupCommit, MAX_GROUP } from "../../src/platform/db/group-commit";
import { makeTestDeps, type TestDeps } from "../fixtures/platform-test-deps";

let t: TestDeps;

beforeEach(() => {
  t = makeTestDeps({ clock: new ManualClock() });
});
afterEach(() => t.cleanup());

test("outcomes within the window share one commit; a full group commits at once; a failing write fails alone", async () => {
  const db = t.deps.db;
  db.$client.run("CREATE TABLE notes (n INTEGER NOT NULL)");
  const write = (n: number) => () => {
    if (n === 3) throw new Error("bad write");
    db.$client.run("INSERT INTO notes (n) VALUES (?)", [n]);
    return n;
  };
  const rows = () => (db.$client.query("SELECT count(*) AS c FROM notes").get() as { c: number }).c;
  const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
  const spaced = [0, 1, 2, 3, 4].map((n) => groupCommit(t.deps, write(n), { withinMs: 1000 }).catch((e) => e));
  // Without the window they would have committed on the next turn of the event loop.
  await nextTurn();
  await nextTurn();
  expect(rows()).toBe(0);
  const results = await Promise.all(spaced);
  expect(results.slice(0, 3)).toEqual([0, 1, 2]);
  expect((results[3] as Error).message).toBe("bad write");
  expect(results[4]).toBe(4);
  expect(rows()).toBe(4);
  // A group that reaches MAX_GROUP writes commits on the next turn, whatever its window.
  const full = Array.from({ length: MAX_GROUP }, (_, i) => groupCommit(t.deps, write(100 + i), { withinMs: 600_000 }));
  await nextTurn();
  expect(rows()).toBe(4 + MAX_GROUP);
  expect((await Promise.all(full)).length).toBe(MAX_GROUP);
});
