import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { ManualClock, systemClock } from "../../src/platform/clock";
import { tx } from "../../src/platform/db/client";
import {
  claimNext,
  complete,
  countJobs,
  enqueue,
  extendLease,
  fail,
  listJobs,
  pruneDone,
  retryDead,
} from "../../src/platform/jobs/queue";
import { jobs, PRIORITY } from "../../src/platform/jobs/tables";
import { startSchedules } from "../../src/platform/jobs/cron";
import {
  JobRegistry,
  PermanentJobError,
  runClaimedJob,
  runDueJobs,
  startWorkers,
} from "../../src/platform/jobs/worker";
import { makeTestDeps, type TestDeps } from "../fixtures/platform-test-deps";

let t: TestDeps;
let clock: ManualClock;
const KINDS = ["a", "b"];
const row = (id: string) => t.deps.db.select().from(jobs).where(eq(jobs.id, id)).get()!;

beforeEach(() => {
  clock = new ManualClock();
  t = makeTestDeps({ clock });
});
afterEach(() => t.cleanup());

describe("enqueue and claim", () => {
  test("lower priority number runs first, then oldest run_at, then oldest id", () => {
    const { db } = t.deps;
    const reel = enqueue({ db, clock, state: t.deps.state }, { kind: "a", payload: { n: 1 }, priority: PRIORITY.reel });
    const plain1 = enqueue({ db, clock, state: t.deps.state }, { kind: "a", payload: { n: 2 } });
    const plain2 = enqueue({ db, clock, state: t.deps.state }, { kind: "b", payload: { n: 3 } });
    const sub = enqueue(
      { db, clock, state: t.deps.state },
      { kind: "b", payload: { n: 4 }, priority: PRIORITY.submission },
    );
    const order = [1, 2, 3, 4].map(() => claimNext(db, clock, "w", 1000, KINDS)!.id);
    expect(order).toEqual([sub, plain1, plain2, reel]);
    expect(claimNext(db, clock, "w", 1000, KINDS)).toBeNull();
  });

  test("a claim sets running, the lease, the worker and counts the attempt; payload round-trips", () => {
    const id = enqueue(
      { db: t.deps.db, clock, state: t.deps.state },
      { kind: "a", payload: { x: [1, "two"] }, orgId: "org_1", mode: "test" },
    );
    const job = claimNext(t.deps.db, clock, "w1", 5000, KINDS)!;
    expect(job).toMatchObject({
      id,
      status: "running",
      attempts: 1,
      lockedBy: "w1",
      leaseUntil: clock.now() + 5000,
      payload: { x: [1, "two"] },
      orgId: "org_1",
      mode: "test",
    });
    expect(job.id.startsWith("qjb_")).toBe(true);
  });

  test("only due jobs of the given kinds are claimed", () => {
    const { db } = t.deps;
    enqueue({ db, clock, state: t.deps.state }, { kind: "other", payload: null });
    const later = enqueue(
      { db, clock, state: t.deps.state },
      { kind: "a", payload: null, runAt: clock.now() + 60_000 },
    );
    expect(claimNext(db, clock, "w", 1000, KINDS)).toBeNull();
    expect(claimNext(db, clock, "w", 1000, [])).toBeNull();
    clock.advance(60_000);
    expect(claimNext(db, clock, "w", 1000, KINDS)!.id).toBe(later);
  });

  test("a job enqueued in a transaction that rolls back does not exist", () => {
    expect(() =>
      tx(t.deps.db, (db) => {
        enqueue({ db, clock, state: t.deps.state }, { kind: "a", payload: null });
        throw new Error("rollback");
      }),
    ).toThrow("rollback");
    expect(listJobs(t.deps.db)).toHaveLength(0);
  });
});

describe("leases", () => {
  test("an expired lease is claimed again by another worker; the first worker can no longer finish it", () => {
    const { db } = t.deps;
    const id = enqueue({ db, clock, state: t.deps.state }, { kind: "a", payload: null });
    const first = claimNext(db, clock, "w1", 1000, KINDS)!;
    expect(claimNext(db, clock, "w2", 1000, KINDS)).toBeNull();
    clock.advance(999);
    expect(claimNext(db, clock, "w2", 1000, KINDS)).toBeNull();
    clock.advance(1);
    const second = claimNext(db, clock, "w2", 1000, KINDS)!;
    expect(second).toMatchObject({ id, lockedBy: "w2", attempts: 2 });
    expect(second.lastError).toContain("lease expired");
    expect(complete(db, clock, first)).toBe(false);
    expect(extendLease(db, clock, first, 1000)).toBe(false);
    expect(fail(db, clock, first, "late", null)).toBe("lost");
    expect(complete(db, clock, second)).toBe(true);
    expect(row(id)).toMatchObject({ status: "done", finishedAt: clock.now(), leaseUntil: null });
  });

  test("extending the lease keeps other workers away", () => {
    const { db } = t.deps;
    enqueue({ db, clock, state: t.deps.state }, { kind: "a", payload: null });
    const job = claimNext(db, clock, "w1", 1000, KINDS)!;
    clock.advance(900);
    expect(extendLease(db, clock, job, 1000)).toBe(true);
    clock.advance(900);
    expect(claimNext(db, clock, "w2", 1000, KINDS)).toBeNull();
  });

  test("a recovered job keeps its priority: new urgent work goes first", () => {
    const { db } = t.deps;
    const reel = enqueue({ db, clock, state: t.deps.state }, { kind: "a", payload: null, priority: PRIORITY.reel });
    claimNext(db, clock, "w1", 1000, KINDS);
    clock.advance(5000);
    const sub = enqueue(
      { db, clock, state: t.deps.state },
      { kind: "a", payload: null, priority: PRIORITY.submission },
    );
    expect(claimNext(db, clock, "w2", 1000, KINDS)!.id).toBe(sub);
    expect(claimNext(db, clock, "w2", 1000, KINDS)!.id).toBe(reel);
  });

  test("a job whose worker keeps dying is made dead instead of run again", async () => {
    let ran = 0;
    const registry = new JobRegistry().register("a", {
      maxAttempts: 2,
      handle: async () => {
        ran++;
      },
    });
    const id = enqueue({ db: t.deps.db, clock, state: t.deps.state }, { kind: "a", payload: null });
    for (let i = 0; i < 2; i++) {
      claimNext(t.deps.db, clock, `dying${i}`, 1000, KINDS);
      clock.advance(1000);
    }
    const third = claimNext(t.deps.db, clock, "w", 1000, KINDS)!;
    expect(await runClaimedJob(t.deps, registry, third, 1000)).toBe("dead");
    expect(ran).toBe(0);
    expect(row(id).lastError).toContain("lease expired");
  });

  test("the worker extends the lease while a long handler runs", async () => {
    const real = makeTestDeps({ clock: systemClock });
    try {
      let stolen: unknown = "not tried";
      const registry = new JobRegistry().register("a", {
        handle: async () => {
          await Bun.sleep(250);
          stolen = claimNext(real.deps.db, real.deps.clock, "thief", 100, KINDS);
          await Bun.sleep(50);
        },
      });
      const id = enqueue(real.deps, { kind: "a", payload: null });
      expect(await runDueJobs(real.deps, registry, { leaseMs: 100 })).toBe(1);
      expect(stolen).toBeNull();
      expect(real.deps.db.select().from(jobs).where(eq(jobs.id, id)).get()).toMatchObject({
        status: "done",
        attempts: 1,
      });
    } finally {
      real.cleanup();
    }
  });
});

describe("retries", () => {
  test("a throwing handler is retried after its backoff, then dead and still visible; retryDead revives it", async () => {
    let calls = 0;
    let succeed = false;
    const dead: string[] = [];
    const registry = new JobRegistry().register<{ n: number }>("a", {
      maxAttempts: 3,
      backoffMs: (attempt) => attempt * 1000,
      handle: async (job) => {
        calls++;
        expect(job.payload.n).toBe(7);
        if (!succeed) throw new Error(`boom ${calls}`);
      },
      onDead: (job, _deps, error) => void dead.push(`${job.id}: ${error}`),
    });
    const id = enqueue({ db: t.deps.db, clock, state: t.deps.state }, { kind: "a", payload: { n: 7 } });
    expect(await runDueJobs(t.deps, registry)).toBe(1);
    expect(row(id)).toMatchObject({
      status: "queued",
      attempts: 1,
      lastError: "boom 1",
      runAt: clock.now() + 1000,
      lockedBy: null,
    });
    expect(await runDueJobs(t.deps, registry)).toBe(0);
    clock.advance(1000);
    expect(await runDueJobs(t.deps, registry)).toBe(1);
    expect(row(id)).toMatchObject({ status: "queued", attempts: 2, runAt: clock.now() + 2000 });
    clock.advance(2000);
    await runDueJobs(t.deps, registry);
    expect(row(id)).toMatchObject({ status: "dead", attempts: 3, lastError: "boom 3", finishedAt: clock.now() });
    expect(dead).toEqual([`${id}: boom 3`]);
    clock.advance(60_000);
    expect(await runDueJobs(t.deps, registry)).toBe(0);
    expect(listJobs(t.deps.db, { status: "dead" }).map((j) => j.id)).toEqual([id]);
    expect(countJobs(t.deps.db)).toEqual({ queued: 0, running: 0, done: 0, dead: 1 });

    expect(retryDead(t.deps.db, clock, id)).toBe(id);
    expect(retryDead(t.deps.db, clock, id)).toBeNull();
    succeed = true;
    expect(await runDueJobs(t.deps, registry)).toBe(1);
    expect(row(id)).toMatchObject({ status: "done", attempts: 1 });
  });

  test("a PermanentJobError kills the job at once", async () => {
    const registry = new JobRegistry().register("a", {
      handle: async () => {
        throw new PermanentJobError("bad payload");
      },
    });
    const id = enqueue({ db: t.deps.db, clock, state: t.deps.state }, { kind: "a", payload: null });
    await runDueJobs(t.deps, registry);
    expect(row(id)).toMatchObject({ status: "dead", attempts: 1, lastError: "bad payload" });
  });

  test("a job's own max_attempts overrides the kind's", async () => {
    const registry = new JobRegistry().register("a", {
      maxAttempts: 10,
      handle: async () => {
        throw new Error("no");
      },
    });
    const id = enqueue({ db: t.deps.db, clock, state: t.deps.state }, { kind: "a", payload: null, maxAttempts: 1 });
    await runDueJobs(t.deps, registry);
    expect(row(id).status).toBe("dead");
  });

  test("a handler over its timeout is failed and its signal aborted", async () => {
    let aborted = false;
    const registry = new JobRegistry().register("a", {
      timeoutMs: 50,
      maxAttempts: 1,
      handle: (_job, _deps, run) =>
        new Promise<void>((resolve) => {
          run.signal.addEventListener("abort", () => {
            aborted = true;
            resolve();
          });
        }),
    });
    const id = enqueue({ db: t.deps.db, clock, state: t.deps.state }, { kind: "a", payload: null });
    await runDueJobs(t.deps, registry);
    expect(aborted).toBe(true);
    expect(row(id)).toMatchObject({ status: "dead", lastError: "timed out after 50 ms" });
  });

  test("registering a kind twice is refused", () => {
    const r = new JobRegistry().register("a", { handle: async () => {} });
    expect(() => r.register("a", { handle: async () => {} })).toThrow("twice");
  });
});

describe("dedupe", () => {
  test("a queued job with the key absorbs later enqueues, running sooner if asked", () => {
    const { db } = t.deps;
    const first = enqueue(
      { db, clock, state: t.deps.state },
      {
        kind: "a",
        payload: { v: 1 },
        dedupeKey: "widget:w1",
        runAt: clock.now() + 5000,
      },
    );
    const again = enqueue(
      { db, clock, state: t.deps.state },
      {
        kind: "a",
        payload: { v: 2 },
        dedupeKey: "widget:w1",
        priority: PRIORITY.submission,
      },
    );
    expect(again).toBe(first);
    expect(listJobs(db)).toHaveLength(1);
    expect(row(first)).toMatchObject({ runAt: clock.now(), priority: PRIORITY.submission, payload: { v: 1 } });
    expect(enqueue({ db, clock, state: t.deps.state }, { kind: "a", payload: null, dedupeKey: "widget:w2" })).not.toBe(
      first,
    );
  });

  test("once the job runs, a new change gets a new job; a failing run folds into it", () => {
    const { db } = t.deps;
    const first = enqueue({ db, clock, state: t.deps.state }, { kind: "a", payload: null, dedupeKey: "k" });
    const running = claimNext(db, clock, "w", 1000, KINDS)!;
    const second = enqueue({ db, clock, state: t.deps.state }, { kind: "a", payload: null, dedupeKey: "k" });
    expect(second).not.toBe(first);
    expect(enqueue({ db, clock, state: t.deps.state }, { kind: "a", payload: null, dedupeKey: "k" })).toBe(second);
    expect(fail(db, clock, running, "flaky", clock.now() + 1000)).toBe("superseded");
    expect(row(first)).toMatchObject({ status: "done", lastError: `flaky (superseded by ${second})` });
    expect(row(second).status).toBe("queued");
  });

  test("a done or dead job does not hold its key", () => {
    const { db } = t.deps;
    const first = enqueue({ db, clock, state: t.deps.state }, { kind: "a", payload: null, dedupeKey: "k" });
    complete(db, clock, claimNext(db, clock, "w", 1000, KINDS)!);
    const second = enqueue({ db, clock, state: t.deps.state }, { kind: "a", payload: null, dedupeKey: "k" });
    expect(second).not.toBe(first);
    fail(db, clock, claimNext(db, clock, "w", 1000, KINDS)!, "x", null);
    const third = enqueue({ db, clock, state: t.deps.state }, { kind: "a", payload: null, dedupeKey: "k" });
    expect(retryDead(db, clock, second)).toBe(third);
    expect(row(second).status).toBe("done");
  });
});

describe("workers", () => {
  test("startWorkers runs jobs, including ones enqueued by handlers; drain waits for all; stop ends the loops", async () => {
    const seen: number[] = [];
    const registry = new JobRegistry()
      .register<{ n: number }>("a", {
        handle: async (job, deps) => {
          await Bun.sleep(5);
          seen.push(job.payload.n);
          if (job.payload.n < 3) enqueue(deps, { kind: "b", payload: { n: job.payload.n + 10 } });
        },
      })
      .register<{ n: number }>("b", { handle: async (job) => void seen.push(job.payload.n) });
    for (let n = 0; n < 6; n++) enqueue({ db: t.deps.db, clock, state: t.deps.state }, { kind: "a", payload: { n } });
    const workers = startWorkers(t.deps, registry, { concurrency: 3, pollMs: 20 });
    await workers.drain();
    expect(seen.sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5, 10, 11, 12]);
    expect(countJobs(t.deps.db)).toEqual({ queued: 0, running: 0, done: 9, dead: 0 });
    await workers.stop();
  });

  test("a job enqueued in this process wakes an idle worker at once, long before its next poll", async () => {
    let done: () => void = () => {};
    const ran = new Promise<void>((resolve) => (done = resolve));
    const registry = new JobRegistry().register("a", { handle: async () => done() });
    const workers = startWorkers(t.deps, registry, { concurrency: 1, pollMs: 600_000 });
    await Bun.sleep(20); // the loop found nothing and sleeps for its (ten-minute) poll
    tx(t.deps.db, (db) => enqueue({ db, clock, state: t.deps.state }, { kind: "a", payload: {} }));
    const woke = await Promise.race([ran.then(() => true), Bun.sleep(10_000).then(() => false)]);
    await workers.stop();
    expect(woke).toBe(true);
  }, 20_000);

  test("pruneDone deletes old done jobs and keeps dead ones", () => {
    const { db } = t.deps;
    enqueue({ db, clock, state: t.deps.state }, { kind: "a", payload: null });
    enqueue({ db, clock, state: t.deps.state }, { kind: "a", payload: null });
    complete(db, clock, claimNext(db, clock, "w", 1000, KINDS)!);
    fail(db, clock, claimNext(db, clock, "w", 1000, KINDS)!, "x", null);
    expect(pruneDone(db, clock, 1000)).toBe(0);
    clock.advance(1001);
    expect(pruneDone(db, clock, 1000)).toBe(1);
    expect(listJobs(db).map((j) => j.status)).toEqual(["dead"]);
  });
});

describe("schedules", () => {
  test("a schedule enqueues on its pattern, a throwing one is logged not fatal, stop ends them", async () => {
    const errors: string[] = [];
    const deps = { ...t.deps, log: { ...t.deps.log, error: (msg: string) => void errors.push(msg) } };
    const schedules = startSchedules(deps, [
      {
        name: "rebuild",
        pattern: "* * * * * *",
        run: (d) => void enqueue(d, { kind: "a", payload: null, dedupeKey: "tick" }),
      },
      {
        name: "broken",
        pattern: "* * * * * *",
        run: () => {
          throw new Error("broken");
        },
      },
    ]);
    const deadline = Date.now() + 15_000;
    while ((listJobs(t.deps.db).length === 0 || errors.length === 0) && Date.now() < deadline) await Bun.sleep(50);
    schedules.stop();
    expect(listJobs(t.deps.db)).toHaveLength(1);
    expect(errors).toContain("schedule failed");
    expect(() => startSchedules(t.deps, [{ name: "bad", pattern: "not a pattern", run: () => {} }])).toThrow();
  });

  test("a pattern given by the config: null leaves the schedule off, a pattern starts it", async () => {
    const ran: string[] = [];
    const schedules = startSchedules(t.deps, [
      { name: "off", pattern: () => null, run: () => void ran.push("off") },
      { name: "on", pattern: (c) => (c.dataDir ? "* * * * * *" : null), run: () => void ran.push("on") },
    ]);
    const deadline = Date.now() + 15_000;
    while (!ran.includes("on") && Date.now() < deadline) await Bun.sleep(50);
    schedules.stop();
    expect(ran.filter((r) => r === "on").length).toBeGreaterThan(0);
    expect(ran).not.toContain("off");
  });
});
