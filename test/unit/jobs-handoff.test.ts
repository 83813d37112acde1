/**
 * A pool's hand-off: a handler that ends its job in its own transaction (`JobRunContext.complete`) claims its
 * slot's next job in that transaction, so the job's end and the next claim are one commit. Every job still runs
 * once, never more than `concurrency` at a time, and a claim whose handler did not end well waits for its lease.
 */
import { afterEach, beforeEach, expect, test } from "bun:test";
import { ManualClock } from "../../src/platform/clock";
import { tx } from "../../src/platform/db/client";
import { countJobs, enqueue } from "../../src/platform/jobs/queue";
import { JobRegistry, startWorkers } from "../../src/platform/jobs/worker";
import { makeTestDeps, type TestDeps } from "../fixtures/platform-test-deps";
import { until } from "../helpers/wait";

let t: TestDeps;
let clock: ManualClock;

/** Waits until `n` jobs are done (drain() would run jobs beside the pool, which these tests count). */
async function doneJobs(n: number) {
  await until(`${n} jobs to be done`, () => countJobs(t.deps.db).done >= n, 30_000, 10);
}

beforeEach(() => {
  clock = new ManualClock();
  t = makeTestDeps({ clock });
});
afterEach(() => t.cleanup());

test("ending a job in the handler's transaction claims the next one there; each job runs once, within the limit", async () => {
  const seen: number[] = [];
  const runningAfterEnd: number[] = [];
  let now = 0;
  let most = 0;
  const registry = new JobRegistry().register<{ n: number }>("a", {
    handle: async (job, deps, run) => {
      most = Math.max(most, ++now);
      await Bun.sleep(1);
      tx(deps.db, (db) => {
        run.complete();
        // The next job is already claimed (running) in this transaction; without the hand-off none would be.
        runningAfterEnd.push(countJobs(db).running);
      });
      seen.push(job.payload.n);
      now--;
    },
  });
  for (let n = 0; n < 12; n++) enqueue({ db: t.deps.db, clock, state: t.deps.state }, { kind: "a", payload: { n } });
  // One slot, and a poll far away: only the hand-off keeps the slot busy without waiting for the claimer.
  const workers = startWorkers(t.deps, registry, { concurrency: 1, pollMs: 600_000 });
  await doneJobs(12);
  await workers.stop();
  expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  expect(most).toBe(1);
  expect(runningAfterEnd).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0]);
  expect(countJobs(t.deps.db)).toEqual({ queued: 0, running: 0, done: 12, dead: 0 });
});

test("with two slots every job runs once and never more than two at a time", async () => {
  const seen: number[] = [];
  let now = 0;
  let most = 0;
  const registry = new JobRegistry().register<{ n: number }>("a", {
    handle: async (job, deps, run) => {
      most = Math.max(most, ++now);
      await Bun.sleep(job.payload.n % 3);
      tx(deps.db, () => void run.complete());
      seen.push(job.payload.n);
      now--;
    },
  });
  for (let n = 0; n < 30; n++) enqueue({ db: t.deps.db, clock, state: t.deps.state }, { kind: "a", payload: { n } });
  const workers = startWorkers(t.deps, registry, { concurrency: 2, pollMs: 20 });
  await doneJobs(30);
  await workers.stop();
  expect(seen.sort((x, y) => x - y)).toEqual(Array.from({ length: 30 }, (_, i) => i));
  expect(most).toBe(2);
  expect(countJobs(t.deps.db)).toEqual({ queued: 0, running: 0, done: 30, dead: 0 });
});

test("a handler that fails after ending its job leaves the claimed next job to its lease, then it runs once", async () => {
  const runs: number[] = [];
  const registry = new JobRegistry().register<{ n: number }>("a", {
    handle: async (job, deps, run) => {
      runs.push(job.payload.n);
      tx(deps.db, () => void run.complete());
      if (job.payload.n === 0) throw new Error("after the commit");
    },
  });
  const warnings: string[] = [];
  const deps = { ...t.deps, log: { ...t.deps.log, warn: (msg: string) => void warnings.push(msg) } };
  enqueue({ db: t.deps.db, clock, state: t.deps.state }, { kind: "a", payload: { n: 0 } });
  enqueue({ db: t.deps.db, clock, state: t.deps.state }, { kind: "a", payload: { n: 1 } });
  const workers = startWorkers(deps, registry, { concurrency: 1, pollMs: 10, leaseMs: 60_000 });
  await until("job 0's failure", () => warnings.includes("the slot's next job waits for its lease"), 20_000, 10);
  // Some polls later (every 10 ms) still nothing else has run.
  await Bun.sleep(100);
  // Job 1 was claimed in job 0's transaction, but job 0 did not end "done": it is not started, and not claimable.
  expect(runs).toEqual([0]);
  expect(countJobs(t.deps.db).running).toBe(1);
  expect(warnings).toContain("the slot's next job waits for its lease");
  clock.advance(60_001);
  await until("job 1 to run once its lease is over", () => runs.length >= 2, 20_000, 10);
  await workers.stop();
  expect(runs).toEqual([0, 1]);
  expect(countJobs(t.deps.db)).toEqual({ queued: 0, running: 0, done: 2, dead: 0 });
});

test("a pool that is stopping hands off nothing: the next job stays queued", async () => {
  const runs: number[] = [];
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  let started = false;
  const registry = new JobRegistry().register<{ n: number }>("a", {
    handle: async (job, deps, run) => {
      started = true;
      if (job.payload.n === 0) await gate;
      tx(deps.db, () => void run.complete());
      runs.push(job.payload.n);
    },
  });
  enqueue({ db: t.deps.db, clock, state: t.deps.state }, { kind: "a", payload: { n: 0 } });
  enqueue({ db: t.deps.db, clock, state: t.deps.state }, { kind: "a", payload: { n: 1 } });
  const workers = startWorkers(t.deps, registry, { concurrency: 1, pollMs: 10 });
  await until("job 0 to start", () => started, 20_000, 5);
  const stopped = workers.stop();
  release();
  await stopped;
  // Job 0 ended after stop(): job 1 was not claimed in its transaction, and nothing is left running.
  expect(runs).toEqual([0]);
  expect(countJobs(t.deps.db)).toEqual({ queued: 1, running: 0, done: 1, dead: 0 });
});
