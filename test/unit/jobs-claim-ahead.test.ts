/**
 * A pool with a `claimAhead` kind: it claims more due jobs than it has free slots in one claim, holds them under
 * their leases and starts them in claim order; a handler that releases its slot lets the next job start while it
 * waits for its shared commit; a stopping pool gives the jobs it held back to the queue; a held job whose lease
 * ran low is renewed before it starts. The group commit's window (`withinMs`) shares one commit among outcomes.
 */
import { afterEach, beforeEach, expect, test } from "bun:test";
import { ManualClock } from "../../src/platform/clock";
import { groupCommit, MAX_GROUP } from "../../src/platform/db/group-commit";
import { countJobs, enqueue, listJobs } from "../../src/platform/jobs/queue";
import { JobRegistry, startWorkers } from "../../src/platform/jobs/worker";
import { makeTestDeps, type TestDeps } from "../fixtures/platform-test-deps";
import { until } from "../helpers/wait";

let t: TestDeps;
let clock: ManualClock;

beforeEach(() => {
  clock = new ManualClock();
  t = makeTestDeps({ clock });
});
afterEach(() => t.cleanup());

const add = (n: number, kind = "a") => enqueue({ db: t.deps.db, clock, state: t.deps.state }, { kind, payload: { n } });

test("jobs start in claim order, each once, never more than `concurrency` holding a slot", async () => {
  const started: number[] = [];
  let holding = 0;
  let most = 0;
  const registry = new JobRegistry().register<{ n: number }>("a", {
    claimAhead: 8,
    handle: async (job, deps, run) => {
      started.push(job.payload.n);
      most = Math.max(most, ++holding);
      await Bun.sleep(job.payload.n % 3);
      holding--;
      run.release();
      // The outcome waits for its commit outside the slot.
      await groupCommit(deps, () => void run.complete(), { withinMs: 5 });
    },
  });
  for (let n = 0; n < 40; n++) add(n);
  const workers = startWorkers(t.deps, registry, { concurrency: 2, pollMs: 20 });
  await until("40 jobs done", () => countJobs(t.deps.db).done === 40, 30_000, 10);
  await workers.stop();
  expect(started).toEqual(Array.from({ length: 40 }, (_, i) => i));
  expect(most).toBe(2);
  expect(countJobs(t.deps.db)).toEqual({ queued: 0, running: 0, done: 40, dead: 0 });
  // Every job was claimed once: one attempt each.
  expect(listJobs(t.deps.db, { limit: 100 }).map((j) => j.attempts)).toEqual(Array(40).fill(1));
});

test("a stopping pool gives the jobs it held back to the queue, their claim not counted", async () => {
  let gate: () => void = () => {};
  const blocked = new Promise<void>((resolve) => (gate = resolve));
  const started: number[] = [];
  const registry = new JobRegistry().register<{ n: number }>("a", {
    claimAhead: 8,
    handle: async (job) => {
      started.push(job.payload.n);
      await blocked;
    },
  });
  for (let n = 0; n < 6; n++) add(n);
  const workers = startWorkers(t.deps, registry, { concurrency: 1, pollMs: 10 });
  await until("job 0 to start", () => started.length === 1, 20_000, 5);
  // One running, five held under the pool's claim.
  expect(countJobs(t.deps.db).running).toBe(6);
  const stopped = workers.stop();
  gate();
  await stopped;
  expect(started).toEqual([0]);
  expect(countJobs(t.deps.db)).toEqual({ queued: 5, running: 0, done: 1, dead: 0 });
  for (const j of listJobs(t.deps.db, { status: "queued" })) {
    expect(j.attempts).toBe(0);
    expect(j.lockedBy).toBeNull();
  }
});

test("a held job whose lease ran low is renewed before it starts; one whose claim was lost is not started", async () => {
  let gate: () => void = () => {};
  const blocked = new Promise<void>((resolve) => (gate = resolve));
  const started: number[] = [];
  const registry = new JobRegistry().register<{ n: number }>("a", {
    claimAhead: 4,
    handle: async (job) => {
      started.push(job.payload.n);
      if (job.payload.n === 0) await blocked;
    },
  });
  for (let n = 0; n < 3; n++) add(n);
  const workers = startWorkers(t.deps, registry, { concurrency: 1, pollMs: 600_000, leaseMs: 60_000 });
  await until("job 0 to start", () => started.length === 1, 20_000, 5);
  // Half the lease passes while jobs 1 and 2 are held; then job 2's claim is taken over by someone else.
  clock.advance(30_000);
  t.deps.db.$client.run("UPDATE jobs SET locked_by = 'someone else' WHERE payload = '{\"n\":2}'");
  gate();
  await until("job 1 to run", () => started.length >= 2, 20_000, 5);
  await workers.stop();
  expect(started).toEqual([0, 1]);
  const [job1] = listJobs(t.deps.db).filter((j) => (j.payload as { n: number }).n === 1);
  expect(job1!.status).toBe("done");
  // Job 2 stays with whoever holds it now.
  const [job2] = listJobs(t.deps.db).filter((j) => (j.payload as { n: number }).n === 2);
  expect(job2!.status).toBe("running");
  expect(job2!.lockedBy).toBe("someone else");
});

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
