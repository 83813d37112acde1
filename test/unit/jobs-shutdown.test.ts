/**
 * Stopping workers with a grace period (`Workers.stop({ graceMs })`, what `plaudit serve` does on SIGTERM): no
 * new job is claimed; a running job that ends within the grace is done; one that outlasts it has its signal
 * aborted and is left as it stands: still running under its claim, no failure recorded, claimed again once its
 * lease has run out.
 */
import { afterEach, beforeEach, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { ManualClock } from "../../src/platform/clock";
import { enqueue } from "../../src/platform/jobs/queue";
import { jobs } from "../../src/platform/jobs/tables";
import { JobRegistry, runDueJobs, startWorkers } from "../../src/platform/jobs/worker";
import { makeTestDeps, type TestDeps } from "../fixtures/platform-test-deps";
import { until } from "../helpers/wait";

const LEASE_MS = 60_000;
let t: TestDeps;
let clock: ManualClock;

beforeEach(() => {
  clock = new ManualClock();
  t = makeTestDeps({ clock });
});
afterEach(() => t.cleanup());

const row = (id: string) => t.deps.db.select().from(jobs).where(eq(jobs.id, id)).get()!;

test("within the grace a running job finishes; past it the job is left under its lease, then claimed again", async () => {
  const started: string[] = [];
  const aborted: string[] = [];
  let runs = 0;
  const registry = new JobRegistry()
    .register("quick", {
      handle: async (job) => {
        started.push(job.id);
        await Bun.sleep(100);
      },
    })
    .register("slow", {
      handle: async (job, _deps, run) => {
        runs++;
        started.push(job.id);
        if (runs > 1) return;
        // Like ffmpeg under runProcess: ends only when told to.
        await new Promise<void>((_, reject) =>
          run.signal.addEventListener("abort", () => {
            aborted.push(job.id);
            reject(new Error("aborted"));
          }),
        );
      },
    });
  const quick = enqueue({ db: t.deps.db, clock, state: t.deps.state }, { kind: "quick", payload: {} });
  const slow = enqueue({ db: t.deps.db, clock, state: t.deps.state }, { kind: "slow", payload: {} });
  const workers = startWorkers(t.deps, registry, { concurrency: 2, pollMs: 20, leaseMs: LEASE_MS });
  await until("both jobs to start", () => started.length >= 2, 20_000, 5);
  expect(started.sort()).toEqual([quick, slow].sort());
  const waiting = enqueue({ db: t.deps.db, clock, state: t.deps.state }, { kind: "quick", payload: {} });

  const before = performance.now();
  await workers.stop({ graceMs: 400 });
  const took = performance.now() - before;
  // It waited out the grace, then stopped without the slow job (which ends only when aborted).
  expect(took).toBeGreaterThanOrEqual(380);
  expect(row(quick)).toMatchObject({ status: "done" });
  expect(aborted).toEqual([slow]);
  const left = row(slow);
  expect(left).toMatchObject({ status: "running", attempts: 1, lastError: null });
  expect(left.leaseUntil).toBeGreaterThan(clock.now());
  // Nothing was claimed after stop.
  expect(row(waiting)).toMatchObject({ status: "queued", attempts: 0 });

  // Another process, before the lease runs out: only the queued job; after it: the left one too, on its second claim.
  expect(await runDueJobs(t.deps, registry, { workerId: "next", leaseMs: LEASE_MS })).toBe(1);
  expect(row(slow).status).toBe("running");
  clock.advance(LEASE_MS + 1);
  expect(await runDueJobs(t.deps, registry, { workerId: "next", leaseMs: LEASE_MS })).toBe(1);
  expect(row(slow)).toMatchObject({ status: "done", attempts: 2, lockedBy: "next" });
});

test("without a grace period, stop waits for running jobs as before", async () => {
  const registry = new JobRegistry().register("a", { handle: () => Bun.sleep(300) });
  const id = enqueue({ db: t.deps.db, clock, state: t.deps.state }, { kind: "a", payload: {} });
  const workers = startWorkers(t.deps, registry, { concurrency: 1, pollMs: 20 });
  await until("the job to run", () => row(id).status === "running", 20_000, 5);
  await workers.stop();
  expect(row(id).status).toBe("done");
});
