import { expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { collectNow, collectSoon, releaseOnIdle, startIdleCollector } from "../../src/platform/idle-collector";

test("the idle collector collects once after requests stop, and not again until more requests came", async () => {
  let collections = 0;
  const idle = startIdleCollector(5, () => collections++);
  try {
    await Bun.sleep(30);
    expect(collections).toBe(0); // no request yet: nothing to collect
    idle.note();
    idle.note();
    while (collections === 0) await Bun.sleep(5);
    await Bun.sleep(40);
    expect(collections).toBe(1);
    idle.note();
    while (collections === 1) await Bun.sleep(5);
    expect(collections).toBe(2);
  } finally {
    idle.stop();
  }
});

test("a cache that drops entries while the box is quiet gets them collected without any request", async () => {
  let collections = 0;
  const idle = startIdleCollector(5, () => collections++);
  try {
    await Bun.sleep(30);
    expect(collections).toBe(0);
    collectSoon(); // what SizedCache's sweep calls after dropping entries
    while (collections === 0) await Bun.sleep(5);
    await Bun.sleep(40);
    expect(collections).toBe(1); // once, not on every quiet interval
  } finally {
    idle.stop();
  }
});

test("the default collection frees the page cache of open connections and forgets closed ones", () => {
  const open = new Database(":memory:");
  const closed = new Database(":memory:");
  releaseOnIdle(open);
  releaseOnIdle(closed);
  open.exec("CREATE TABLE t (x); INSERT INTO t VALUES (1)");
  closed.close();
  collectNow();
  collectNow();
  expect(open.query("SELECT x FROM t").get()).toEqual({ x: 1 });
  open.close();
});

test("compiled code is released once the box has been quiet long enough, after a collection, and once per quiet spell", async () => {
  const calls: string[] = [];
  const idle = startIdleCollector(
    5,
    () => calls.push("collect"),
    () => calls.push("release"),
    60,
  );
  try {
    await Bun.sleep(100);
    expect(calls).toEqual([]); // no request yet: nothing to release
    idle.note();
    while (!calls.includes("release")) await Bun.sleep(5);
    await Bun.sleep(40);
    // The first quiet interval collects; the release comes with a later collection, once 60 ms passed without requests.
    expect(calls[0]).toBe("collect");
    expect(calls.slice(-2)).toEqual(["collect", "release"]);
    expect(calls.filter((c) => c === "release")).toHaveLength(1);
  } finally {
    idle.stop();
  }
});
