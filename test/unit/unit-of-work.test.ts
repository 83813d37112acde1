/**
 * The unit of work (src/platform/db/unit-of-work.ts) on a real app's Deps and SQLite file: rows, events (with the
 * hooks that hear them, from `deps.hooks`), audit lines and jobs commit together; after-commit tasks run after the
 * commit and never after a rollback; a unit started inside another joins it.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp } from "../helpers/app";
import { systemCtx, type Ctx } from "../../src/platform/context";
import { unitOfWork, unitOfWorkSettled } from "../../src/platform/db/unit-of-work";

let t: TestApp;
let ctx: Ctx;
const count = (table: string) =>
  (t.deps.db.$client.query(`SELECT count(*) AS n FROM ${table} WHERE org_id = ?`).get(ctx.orgId) as { n: number }).n;

beforeAll(async () => {
  t = await makeTestApp();
  const org = await t.org();
  ctx = systemCtx(org.id, "live", t.deps.clock);
});
afterAll(() => t.close());

describe("a unit of work", () => {
  test("writes its event, audit line and job together, and runs its tasks after the commit", async () => {
    const before = { events: count("events"), audit: count("audit_log"), jobs: count("jobs") };
    const seen: string[] = [];
    const { value, settled } = unitOfWorkSettled(t.deps, ctx, (tx) => {
      tx.emit("export.ready", { export_id: "exp_unit" });
      tx.audit("unit.test", null);
      tx.enqueue({ kind: "unit.test.job", payload: {}, runAt: Number.MAX_SAFE_INTEGER });
      tx.afterCommit(() => void seen.push(`after: in transaction ${t.deps.db.$client.inTransaction}`));
      seen.push("work");
      return 42;
    });
    expect(value).toBe(42);
    await settled;
    expect(seen).toEqual(["work", "after: in transaction false"]);
    expect(count("events")).toBe(before.events + 1);
    expect(count("audit_log")).toBe(before.audit + 1);
    expect(count("jobs")).toBe(before.jobs + 1);
  });

  test("a unit that throws writes nothing and runs no task", async () => {
    const before = { events: count("events"), audit: count("audit_log") };
    let ran = false;
    expect(() =>
      unitOfWork(t.deps, ctx, (tx) => {
        tx.emit("export.ready", { export_id: "exp_unit_refused" });
        tx.audit("unit.refused", null);
        tx.afterCommit(() => {
          ran = true;
        });
        throw new Error("refused");
      }),
    ).toThrow("refused");
    await Bun.sleep(0);
    expect(ran).toBe(false);
    expect(count("events")).toBe(before.events);
    expect(count("audit_log")).toBe(before.audit);
  });

  test("a savepoint that throws drops its own writes and tasks; the unit keeps the rest", async () => {
    const before = { audit: count("audit_log"), jobs: count("jobs") };
    const seen: string[] = [];
    const { settled } = unitOfWorkSettled(t.deps, ctx, (tx) => {
      tx.audit("unit.kept", null);
      tx.afterCommit(() => void seen.push("kept"));
      expect(() =>
        tx.savepoint(() => {
          tx.audit("unit.dropped", null);
          tx.enqueue({ kind: "unit.dropped.job", payload: {}, runAt: Number.MAX_SAFE_INTEGER });
          tx.afterCommit(() => void seen.push("dropped"));
          throw new Error("one item fails");
        }),
      ).toThrow("one item fails");
      expect(tx.savepoint(() => 7)).toBe(7);
      tx.afterCommit(() => void seen.push("later"));
    });
    await settled;
    expect(seen).toEqual(["kept", "later"]);
    expect(count("audit_log")).toBe(before.audit + 1);
    expect(count("jobs")).toBe(before.jobs);
  });

  test("a unit started inside another joins it: one commit, the inner tasks after it", async () => {
    const seen: string[] = [];
    const { settled } = unitOfWorkSettled(t.deps, ctx, (outer) => {
      unitOfWork(t.deps, ctx, (inner) => {
        expect(inner.db).toBe(outer.db);
        inner.afterCommit(() => void seen.push("inner task"));
      });
      seen.push(`inner returned, still in transaction ${t.deps.db.$client.inTransaction}`);
    });
    await settled;
    expect(seen).toEqual(["inner returned, still in transaction true", "inner task"]);
  });

  test("a unit returning a promise is refused and rolled back", () => {
    const before = count("audit_log");
    expect(() =>
      unitOfWork(t.deps, ctx, (tx) => {
        tx.audit("unit.async", null);
        return Promise.resolve(1);
      }),
    ).toThrow(/promise/);
    expect(count("audit_log")).toBe(before);
  });

  test("a failing task is logged, not thrown, and the next one still runs", async () => {
    const seen: string[] = [];
    const { settled } = unitOfWorkSettled(t.deps, ctx, (tx) => {
      tx.afterCommit(() => {
        throw new Error("task failed");
      });
      tx.afterCommit(() => void seen.push("second"));
    });
    await settled;
    expect(seen).toEqual(["second"]);
  });
});
