import { expect, test } from "bun:test";
import { SizedCache } from "../../src/platform/sized-cache";
import { startIdleCollector } from "../../src/platform/idle-collector";

test("a sized cache drops the least recently used entries when its bytes pass the budget", () => {
  const c = new SizedCache<string, string>(100);
  c.set("a", "A", 40);
  c.set("b", "B", 40);
  expect(c.get("a")).toBe("A"); // a is now the most recently used
  c.set("c", "C", 40);
  expect(c.has("b")).toBe(false);
  expect([...c.keys()]).toEqual(["a", "c"]);
  expect(c.stats()).toEqual({ entries: 2, bytes: 80, maxBytes: 100 });
  c.set("a", "A2", 10); // replacing counts the new size only
  expect(c.stats().bytes).toBe(50);
  c.set("huge", "H", 101); // larger than the whole budget: not kept, nothing else dropped
  expect(c.has("huge")).toBe(false);
  expect(c.stats().entries).toBe(2);
  c.deleteWhere((k) => k === "c");
  expect([...c.keys()]).toEqual(["a"]);
});

test("pinned entries are never dropped to make room", () => {
  const c = new SizedCache<string, { pinned: boolean }>(100, null, (v) => v.pinned);
  c.set("p", { pinned: true }, 60);
  c.set("x", { pinned: false }, 30);
  c.set("y", { pinned: false }, 30);
  expect(c.has("p")).toBe(true);
  expect(c.has("x")).toBe(false);
  expect(c.has("y")).toBe(true);
});

test("entries unused for idleMs are dropped; used ones stay; the timer sweeps an idle cache empty", async () => {
  const c = new SizedCache<string, number>(1000, 30);
  c.set("old", 1, 10);
  await Bun.sleep(50);
  c.set("used", 2, 10);
  c.dropUnused();
  expect(c.has("old")).toBe(false);
  expect(c.has("used")).toBe(true);
  // Nothing touches it any more: the unref'd timer empties it (polled, with no limit on how long it takes).
  while (c.stats().entries > 0) await Bun.sleep(20);
  expect(c.stats().bytes).toBe(0);
});

test("the sweep drops an entry when it turns idleMs unused, and asks the idle collector for a collection", async () => {
  let collections = 0;
  const idle = startIdleCollector(5, () => collections++);
  try {
    await Bun.sleep(20);
    const c = new SizedCache<string, number>(1000, 40);
    c.set("a", 1, 10);
    expect(c.has("a")).toBe(true);
    while (c.has("a")) await Bun.sleep(5); // polled: no time is asserted
    while (collections === 0) await Bun.sleep(5);
    expect(collections).toBeGreaterThanOrEqual(1);
  } finally {
    idle.stop();
  }
});
