/**
 * The job workers: a few async loops in the server process that claim due jobs from SQLite and run the kind's
 * handler under a lease. Handlers must be safe to run twice: a worker killed mid-handler leaves its lease to
 * expire, and the job is claimed again.
 */
import { onJobEnqueued } from "./wake";
import { settledWithin, sleeper } from "./sleeper";
import { messageOf } from "../errors";
import { hostname } from "node:os";
import { randomToken } from "../crypto";
import type { Deps } from "../deps";
import { claimDue, claimNext, complete, extendLease, fail, type FailOutcome, type Job } from "./queue";

/** What a running handler is given besides the job: a signal aborted on timeout or a lost lease. */
export interface JobRunContext {
  signal: AbortSignal;
  workerId: string;
  /**
   * Marks the job done now. Call it inside the transaction that records the handler's outcome, so the outcome and
   * the job's end commit together (one write instead of two); the worker then does not complete it again. In a pool
   * the slot's next job is claimed in that transaction too, so the handler must fail (throw) when it does not
   * commit. False when the claim was lost (the lease expired and another worker took the job).
   */
  complete(): boolean;
}

/** A job kind's handler and retry policy. */
export interface JobKind<P = unknown> {
  handle(job: Job<P>, deps: Deps, run: JobRunContext): Promise<void>;
  /** Attempts before the job is dead (a job's own max_attempts overrides it). */
  maxAttempts?: number;
  /** Wait before the next attempt, given the number of the attempt that just failed (1-based). */
  backoffMs?(attempt: number): number;
  /** An attempt running longer than this is failed and its signal aborted. */
  timeoutMs?: number;
  /**
   * Called once when the job becomes dead, e.g. to mark the thing it worked on as failed. `cause` is the last
   * attempt's thrown value when this process saw it (not when a job is given up after its workers kept dying).
   */
  onDead?(job: Job<P>, deps: Deps, error: string, cause?: unknown): void | Promise<void>;
}

/** Thrown by a handler when trying again cannot help (bad payload, refused recipient): the job dies at once. */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PermanentJobError";
  }
}

/** The policy of a kind that does not say otherwise. */
export const DEFAULT_JOB_POLICY = {
  maxAttempts: 5,
  timeoutMs: 10 * 60_000,
  /** 10 s, 20 s, 40 s … capped at an hour. */
  backoffMs: (attempt: number) => Math.min(10_000 * 2 ** (attempt - 1), 3_600_000),
} as const;

/**
 * Work kept in a table of its own rather than as job rows (webhook deliveries): its module claims it under leases on
 * its own rows and runs it, with the same promises as a job (at least once; a lease that runs out after a crash
 * gives the work back). The registry carries it so that worker pools and `runDueJobs` run it with the jobs.
 */
export interface LeasedQueue {
  /** A name for logs and pool options, e.g. `webhook.deliveries`. */
  name: string;
  /** Starts its workers: up to `concurrency` items at a time, looking again every `pollMs` or on `wake()`. */
  start(deps: Deps, opts: { concurrency: number; pollMs: number; leaseMs: number }): Workers;
  /** Runs the items due now one after another until none is due; returns how many ran. For tests and the CLI. */
  runDue(deps: Deps, opts: { leaseMs: number }): Promise<number>;
}

/** The job kinds (and leased queues) this process knows how to run; workers claim only these. */
export class JobRegistry {
  private readonly defs = new Map<string, JobKind<any>>();
  private readonly leased = new Map<string, LeasedQueue>();

  /** Adds a leased queue; adding one twice is a wiring mistake and throws. */
  addQueue(queue: LeasedQueue): this {
    if (this.leased.has(queue.name)) throw new Error(`queue ${queue.name} is registered twice`);
    this.leased.set(queue.name, queue);
    return this;
  }

  /** The leased queues, or the one named. */
  queues(names?: readonly string[]): LeasedQueue[] {
    return names ? names.flatMap((n) => this.leased.get(n) ?? []) : [...this.leased.values()];
  }

  /** Adds a kind; registering one twice is a wiring mistake and throws. */
  register<P>(kind: string, def: JobKind<P>): this {
    if (this.defs.has(kind)) throw new Error(`job kind ${kind} is registered twice`);
    this.defs.set(kind, def);
    return this;
  }

  /** The kind's definition, if registered. */
  get(kind: string): JobKind<unknown> | undefined {
    return this.defs.get(kind);
  }

  /** Every registered kind. */
  kinds(): string[] {
    return [...this.defs.keys()];
  }
}

/** Distinguishes this process's workers from a previous run that had the same pid (pid 1 in a container). */
const BOOT = randomToken(4);
const workerName = (slot: string) => `${hostname()}:${process.pid}:${BOOT}:${slot}`;
const leaseOf = (deps: Deps, leaseMs?: number) => leaseMs ?? deps.config.jobLeaseSeconds * 1000;

type Outcome = { ok: true } | { ok: false; error: unknown; lost?: boolean; left?: boolean };

/**
 * How a run ended for the worker: done, one of the failure outcomes, or `left`: the process is shutting down and
 * stopped waiting for it; the job keeps its claim and lease, and is claimed again once the lease has run out.
 */
export type RunOutcome = "done" | FailOutcome | "left";

/**
 * Runs one claimed job to its end: done, retried, dead, or abandoned because the lease was lost. `onComplete` runs
 * inside the handler's transaction right after the handler marked the job done there (`JobRunContext.complete`);
 * a pool uses it to claim the job that takes the slot in the same commit. When `shutdown` aborts first, the
 * handler's signal is aborted (its child processes are killed) and the job is `left` as it stands: still running
 * under this claim, so nothing is recorded as failed and the attempt does not wait for a retry back-off.
 */
export async function runClaimedJob(
  deps: Deps,
  registry: JobRegistry,
  job: Job,
  leaseMs?: number,
  onComplete?: () => void,
  shutdown?: AbortSignal,
): Promise<RunOutcome> {
  const { db, clock, log } = deps;
  const def = registry.get(job.kind);
  if (!def) return fail(db, clock, job, `no handler registered for ${job.kind}`, null);
  const lease = leaseOf(deps, leaseMs);
  const maxAttempts = job.maxAttempts ?? def.maxAttempts ?? DEFAULT_JOB_POLICY.maxAttempts;
  // A job whose worker kept dying (each claim counts) is not run again: it may be what kills the worker.
  if (job.attempts > maxAttempts) {
    const outcome = fail(db, clock, job, job.lastError ?? "attempts exhausted", null);
    if (outcome === "dead") await notifyDead(deps, def, job, job.lastError ?? "attempts exhausted");
    return outcome;
  }

  const controller = new AbortController();
  // Set when the handler completed the job itself (JobRunContext.complete), with whether its claim still held.
  let completedByHandler: boolean | null = null;
  const completeNow = () => {
    completedByHandler = complete(db, clock, job);
    if (completedByHandler) onComplete?.();
    return completedByHandler;
  };
  const timeoutMs = def.timeoutMs ?? DEFAULT_JOB_POLICY.timeoutMs;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let onShutdown: (() => void) | undefined;
  const outcome = await new Promise<Outcome>((resolve) => {
    onShutdown = () => resolve({ ok: false, error: new Error("the process is shutting down"), left: true });
    if (shutdown?.aborted) return onShutdown();
    shutdown?.addEventListener("abort", onShutdown, { once: true });
    timer = setTimeout(() => resolve({ ok: false, error: new Error(`timed out after ${timeoutMs} ms`) }), timeoutMs);
    heartbeat = setInterval(
      () => {
        try {
          if (!extendLease(db, clock, job, lease)) resolve({ ok: false, error: new Error("lease lost"), lost: true });
        } catch (e) {
          // A busy database delays one heartbeat; the next one (a third of the lease later) tries again.
          log.warn("job lease extension failed", { job: job.id, error: messageOf(e) });
        }
      },
      Math.max(10, Math.floor(lease / 3)),
    );
    Promise.resolve()
      .then(() =>
        def.handle(job, deps, {
          signal: controller.signal,
          workerId: job.lockedBy!,
          complete: completeNow,
        }),
      )
      .then(
        () => resolve({ ok: true }),
        (error) => resolve({ ok: false, error }),
      );
  });
  clearTimeout(timer);
  clearInterval(heartbeat);
  if (onShutdown) shutdown?.removeEventListener("abort", onShutdown);

  if (outcome.ok) {
    if (completedByHandler ?? complete(db, clock, job)) return "done";
    log.warn("job finished after its lease was taken over", { job: job.id, kind: job.kind });
    return "lost";
  }
  // Tell abandoned work (a timed-out ffmpeg, a handler whose job someone else now runs) to stop.
  controller.abort(outcome.error);
  if (outcome.left) {
    log.warn("job left to its lease at shutdown; it is claimed again when the lease runs out", {
      job: job.id,
      kind: job.kind,
      lease_seconds: Math.round(lease / 1000),
    });
    return "left";
  }
  if (outcome.lost) {
    log.warn("job lease lost; another worker owns it now", { job: job.id, kind: job.kind });
    return "lost";
  }
  const message = messageOf(outcome.error);
  const permanent = outcome.error instanceof PermanentJobError;
  const backoff = def.backoffMs ?? DEFAULT_JOB_POLICY.backoffMs;
  const retryAt = !permanent && job.attempts < maxAttempts ? clock.now() + backoff(job.attempts) : null;
  const result = fail(db, clock, job, message, retryAt);
  const stack = outcome.error instanceof Error ? outcome.error.stack : undefined;
  log.warn("job attempt failed", { job: job.id, kind: job.kind, attempt: job.attempts, result, error: message, stack });
  if (result === "dead") await notifyDead(deps, def, job, message, outcome.error);
  return result;
}

async function notifyDead(deps: Deps, def: JobKind<unknown>, job: Job, error: string, cause?: unknown) {
  try {
    await def.onDead?.(job, deps, error, cause);
  } catch (e) {
    deps.log.error("job onDead hook failed", { job: job.id, kind: job.kind, error: messageOf(e) });
  }
}

/** Options for `runDueJobs`. */
export interface RunDueOptions {
  workerId?: string;
  leaseMs?: number;
}

/**
 * Claims and runs due jobs one after another until none is due, then what the registry's leased queues have due,
 * and again until neither has anything; returns how many ran. For tests and the CLI.
 */
export async function runDueJobs(deps: Deps, registry: JobRegistry, opts: RunDueOptions = {}): Promise<number> {
  const workerId = opts.workerId ?? workerName("direct");
  const lease = leaseOf(deps, opts.leaseMs);
  let ran = 0;
  for (;;) {
    const before = ran;
    for (;;) {
      const job = claimNext(deps.db, deps.clock, workerId, lease, registry.kinds());
      if (!job) break;
      await runClaimedJob(deps, registry, job, lease);
      ran++;
    }
    for (const q of registry.queues()) ran += await q.runDue(deps, { leaseMs: lease });
    if (ran === before) return ran;
  }
}

/** Options for `startWorkers`. */
export interface WorkerOptions {
  concurrency?: number;
  /** How long an idle worker waits before looking again (`wake()` cuts it short). */
  pollMs?: number;
  leaseMs?: number;
  /** Only these kinds (a pool of its own, e.g. for slow media work); default every registered kind. */
  kinds?: string[];
  /**
   * The registry's leased queues this pool also runs, each with its own `concurrency` slots; default every queue
   * when `kinds` is not given, none when it is.
   */
  queues?: string[];
}

/** Options of `Workers.stop`. */
export interface StopOptions {
  /**
   * How long running jobs may take to finish (default: as long as they need). Past it their handlers are aborted
   * and the jobs left to their leases (`RunOutcome` "left"): a later process claims them when the lease runs out.
   */
  graceMs?: number;
}

/** Running workers. */
export interface Workers {
  /** Stops claiming, lets running jobs finish (within `graceMs`), resolves when every loop has ended. */
  stop(opts?: StopOptions): Promise<void>;
  /** Resolves once no job is due and none is running (for tests). */
  drain(): Promise<void>;
  /** Makes idle workers look for work now, e.g. right after a request enqueued some. */
  wake(): void;
}

/**
 * Starts a pool running up to `concurrency` jobs at a time. One claimer fills the free slots: when some are free
 * it claims that many due jobs in one transaction (most urgent first, as one loop per slot would), starts them,
 * and waits for a slot to free up, for `wake()`, or for `pollMs`. A handler that ends its job in its own
 * transaction (`JobRunContext.complete`) also claims its slot's next job there (the same claim, one commit instead
 * of two); that job starts when the handler has finished, or is left to its lease if the handler did not end well.
 * The registry's leased queues (`LeasedQueue`) run beside the pool, each with its own slots (`opts.queues`).
 */
export function startWorkers(deps: Deps, registry: JobRegistry, opts: WorkerOptions = {}): Workers {
  const pool = startJobPool(deps, registry, opts);
  const queues = registry.queues(opts.queues ?? (opts.kinds ? [] : undefined));
  if (queues.length === 0) return pool;
  const settings = {
    concurrency: Math.max(1, opts.concurrency ?? 2),
    pollMs: opts.pollMs ?? 1000,
    leaseMs: leaseOf(deps, opts.leaseMs),
  };
  return combineWorkers([pool, ...queues.map((q) => q.start(deps, settings))]);
}

/**
 * Several pools as one: `stop` stops them all at once, `wake` wakes them all, and `drain` drains each in turn,
 * twice (a job can make deliveries, its events; a delivery can enqueue a job, a disabled endpoint's email).
 */
export function combineWorkers(all: Workers[]): Workers {
  return {
    stop: async (opts) => void (await Promise.all(all.map((w) => w.stop(opts)))),
    drain: async () => {
      for (let round = 0; round < 2; round++) for (const w of all) await w.drain();
    },
    wake: () => all.forEach((w) => w.wake()),
  };
}

/** The job pool of `startWorkers` (its kinds only). */
function startJobPool(deps: Deps, registry: JobRegistry, opts: WorkerOptions): Workers {
  const concurrency = Math.max(1, opts.concurrency ?? 2);
  const pollMs = opts.pollMs ?? 1000;
  const lease = leaseOf(deps, opts.leaseMs);
  const kinds = opts.kinds ?? registry.kinds();
  const workerId = workerName(`pool${++pools}`);
  let stopped = false;
  let finished = 0;
  const running = new Set<Promise<unknown>>();
  const shutdown = new AbortController();
  // Waits for `pollMs`, or less: `wake()`, or a running job ending.
  const { sleep, wake } = sleeper();

  const start = (job: Job) => {
    // The slot's next job, claimed in the transaction where the handler ended this one.
    let next: Job[] = [];
    const handOff = () => {
      if (stopped) return;
      try {
        next = claimDue(deps.db, deps.clock, workerId, lease, kinds, 1);
      } catch (e) {
        // Its savepoint is rolled back; the claimer will claim instead.
        deps.log.warn("job hand-off claim failed", { worker: workerId, error: messageOf(e) });
      }
    };
    let result: RunOutcome | undefined;
    const p = runClaimedJob(deps, registry, job, lease, handOff, shutdown.signal)
      .then((r) => void (result = r))
      .catch((e) => deps.log.error("job runner failed", { job: job.id, error: messageOf(e) }))
      .finally(() => {
        running.delete(p);
        finished++;
        // Only a job that ended "done" is known to have committed the claim; otherwise the claim may have been rolled
        // back with the handler's write, and starting the job could run it twice: it waits for its lease instead.
        if (result === "done") next.forEach(start);
        else if (next.length)
          deps.log.warn("the slot's next job waits for its lease", { job: next[0]!.id, after: result ?? "error" });
        wake();
      });
    running.add(p);
  };

  const claimer = (async () => {
    while (!stopped) {
      const free = concurrency - running.size;
      let claimed: Job[] = [];
      if (free > 0) {
        try {
          claimed = claimDue(deps.db, deps.clock, workerId, lease, kinds, free);
        } catch (e) {
          deps.log.error("job claim failed", { worker: workerId, error: messageOf(e) });
        }
      }
      claimed.forEach(start);
      // Nothing claimed, or every slot busy: wait for a slot, a wake-up or the next poll.
      if (claimed.length === 0 || running.size >= concurrency) await sleep(pollMs);
    }
    // A job ending now may start its handed-off successor: wait for those too.
    while (running.size > 0) await Promise.allSettled([...running]);
  })();
  // A job enqueued in this process wakes the claimer at once; polling covers the rest.
  const unsubscribe = onJobEnqueued(deps.state, wake);

  return {
    async stop(opts: StopOptions = {}) {
      stopped = true;
      unsubscribe();
      wake();
      if (opts.graceMs === undefined) return claimer;
      await settledWithin(claimer, opts.graceMs);
      shutdown.abort();
      await claimer;
    },
    async drain() {
      // Help the pool, then wait for it; a job finishing meanwhile may have enqueued more, so go round again.
      for (;;) {
        await Promise.allSettled([...running]);
        const before = finished;
        const ran = await runDueJobs(deps, registry, { workerId: workerName("drain"), leaseMs: lease });
        if (ran === 0 && running.size === 0 && finished === before) return;
      }
    },
    wake,
  };
}

/** Numbers the pools of this process, for their worker ids. */
let pools = 0;
