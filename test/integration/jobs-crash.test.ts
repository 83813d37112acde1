/**
 * Crash recovery with a real process: a child `bun` claims a job and is killed with SIGKILL in the middle of the
 * handler. Its lease was kept alive while it lived; once it is dead the lease runs out and this process claims
 * the job again and completes it.
 */
import { afterEach, beforeEach, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { join } from "node:path";
import { systemClock } from "../../src/platform/clock";
import { claimNext, enqueue } from "../../src/platform/jobs/queue";
import { jobs } from "../../src/platform/jobs/tables";
import { JobRegistry, runDueJobs } from "../../src/platform/jobs/worker";
import { makeTestDeps, type TestDeps } from "../fixtures/platform-test-deps";
import { until } from "../helpers/wait";

/** Long enough that a busy machine does not starve the child past its lease between two heartbeats. */
const LEASE_MS = 2000;
let t: TestDeps;
let child: ReturnType<typeof Bun.spawn> | null = null;

beforeEach(() => {
  t = makeTestDeps({ clock: systemClock });
});
afterEach(() => {
  if (child && child.exitCode === null && !child.killed) child.kill(9);
  t.cleanup();
});

/** Reads the child's stdout until a line starting with `prefix`. */
async function waitForLine(stream: ReadableStream<Uint8Array>, prefix: string, timeoutMs = 30_000): Promise<string> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let buf = "";
  const deadline = Date.now() + timeoutMs;
  try {
    while (Date.now() < deadline) {
      const next = await Promise.race([reader.read(), Bun.sleep(deadline - Date.now()).then(() => null)]);
      if (!next || next.done) break;
      buf += decoder.decode(next.value, { stream: true });
      const line = buf.split("\n").find((l) => l.startsWith(prefix));
      if (line) return line;
    }
  } finally {
    reader.releaseLock();
  }
  throw new Error(`child never printed ${prefix}; output so far: ${buf}`);
}

test("a job whose worker is killed -9 mid-handler is reclaimed after the lease and completed", async () => {
  const { db, clock } = t.deps;
  const id = enqueue(t.deps, { kind: "crash.test", payload: { n: 1 } });
  child = Bun.spawn(
    [process.execPath, join(import.meta.dir, "../fixtures/crash-worker.ts"), t.dbPath, String(LEASE_MS)],
    {
      stdout: "pipe",
      stderr: "inherit",
    },
  );
  const line = await waitForLine(child.stdout as ReadableStream<Uint8Array>, "STARTED");
  const [, startedId, childWorker] = line.split(" ");
  expect(startedId).toBe(id);

  // While the child lives its heartbeat pushes the lease forward, so nobody can take the job.
  const claimedLease = db.select().from(jobs).where(eq(jobs.id, id)).get()!.leaseUntil!;
  const alive = await until(
    "the child's heartbeat to push the lease forward",
    () => {
      const row = db.select().from(jobs).where(eq(jobs.id, id)).get()!;
      return row.leaseUntil! > claimedLease ? row : null;
    },
    20_000,
    20,
  );
  expect(alive).toMatchObject({ status: "running", lockedBy: childWorker, attempts: 1 });
  expect(claimNext(db, clock, "parent", LEASE_MS, ["crash.test"])).toBeNull();

  child.kill(9);
  expect(await child.exited).not.toBe(0);
  expect(child.signalCode).toBe("SIGKILL");

  const dead = db.select().from(jobs).where(eq(jobs.id, id)).get()!;
  expect(dead.status).toBe("running");
  const ran: string[] = [];
  const registry = new JobRegistry().register<{ n: number }>("crash.test", {
    handle: async (job) => void ran.push(`${job.id}:${job.payload.n}:${job.attempts}`),
  });
  // Until the lease runs out the job still belongs to the dead worker.
  if (dead.leaseUntil! - Date.now() > 50) expect(await runDueJobs(t.deps, registry, { leaseMs: LEASE_MS })).toBe(0);
  await Bun.sleep(Math.max(0, dead.leaseUntil! - Date.now()) + 20);

  expect(await runDueJobs(t.deps, registry, { leaseMs: LEASE_MS })).toBe(1);
  expect(ran).toEqual([`${id}:1:2`]);
  const done = db.select().from(jobs).where(eq(jobs.id, id)).get()!;
  expect(done).toMatchObject({ status: "done", attempts: 2 });
  expect(done.lockedBy).not.toBe(childWorker);
  expect(done.lastError).toContain(`worker ${childWorker} stopped during attempt 1`);
});
