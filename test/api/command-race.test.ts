/**
 * The race the command shape closes (issue 14, "One command shape"): a plan allowance counted outside the write
 * transaction lets two writers both see "one place left" and both insert. Here four threads, each with its own
 * SQLite connection to the same file (as two `plaudit` processes on one box have), create brands at once
 * through the real routes; the organisation never ends up with more brands than its plan allows, and every
 * request that did not land got 402 `plan_limit_exceeded`.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, count, eq } from "drizzle-orm";
import { makeTestApp, type TestApp } from "../helpers/app";
import { brands } from "../../src/domains/brands/tables";
import { PLANS } from "../../src/platform/access";
import type { RaceOrder } from "./command-race.worker";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

const brandsOf = (orgId: string) =>
  t.deps.db
    .select({ n: count() })
    .from(brands)
    .where(and(eq(brands.orgId, orgId), eq(brands.mode, "live")))
    .get()!.n;

/** Starts `threads` workers on the test's data directory; resolves with every status they got. */
async function race(order: Omit<RaceOrder, "tag">, threads: number): Promise<number[]> {
  const workers = Array.from(
    { length: threads },
    () => new Worker(new URL("./command-race.worker.ts", import.meta.url)),
  );
  try {
    const answer = (w: Worker, type: string) =>
      new Promise<any>((resolve, reject) => {
        w.onmessage = (e) => (e.data.type === type ? resolve(e.data) : undefined);
        w.onerror = (e) => reject(e);
      });
    const ready = workers.map((w) => answer(w, "ready"));
    workers.forEach((w, i) => w.postMessage({ type: "open", order: { ...order, tag: String(i) } }));
    await Promise.all(ready);
    const done = workers.map((w) => answer(w, "done"));
    for (const w of workers) w.postMessage({ type: "go" });
    return (await Promise.all(done)).flatMap((d) => d.statuses as number[]);
  } finally {
    for (const w of workers) w.terminate();
  }
}

describe("an allowance checked inside the command's transaction holds across connections", () => {
  test("four connections creating brands at once never pass the plan's limit", async () => {
    const org = await t.org({ plan: "core" });
    const limit = PLANS.core.allowances.brands!;
    // The default brand takes one place.
    expect(brandsOf(org.id)).toBe(1);
    const statuses = await race({ dir: t.dir, key: org.liveKey, path: "/v1/brands", count: 12 }, 4);
    expect(brandsOf(org.id)).toBe(limit);
    expect(statuses.filter((s) => s === 201)).toHaveLength(limit - 1);
    expect(statuses.filter((s) => s !== 201).every((s) => s === 402)).toBe(true);
  }, 60_000);
});
