/**
 * The job queue's state changes. Everything here is synchronous so it can run inside a caller's transaction: a
 * job is enqueued in the same transaction as the write that causes it, so either both land or neither does.
 * A claim is identified by (id, locked_by, attempts): a worker that lost its lease can no longer finish the job.
 */
import { jobEnqueued } from "./wake";
import { and, asc, count, desc, eq, getTableColumns, isNotNull, lt, lte, sql, type SQL } from "drizzle-orm";
import { inOrg } from "../db/tenancy";
import type { AppState } from "../app-state";
import type { Clock } from "../clock";
import { tx, type Db } from "../db/client";
import { prepared } from "../db/prepared";
import { newId } from "../ids";
import type { Mode } from "../context";
import { jobs, PRIORITY, type JobRow, type JobStatus } from "./tables";

/** A job with its payload typed by the kind's handler. */
export type Job<P = unknown> = Omit<JobRow, "payload"> & { payload: P };

/** What `enqueue` needs; only `kind` and `payload` are required. */
export interface EnqueueOptions {
  kind: string;
  payload: unknown;
  orgId?: string | null;
  mode?: Mode | null;
  /** Lower runs first; see PRIORITY. */
  priority?: number;
  /** Not before this time (ms); default now. */
  runAt?: number;
  /** While a queued job holds this key, enqueueing it again adds nothing (it only pulls the run earlier). */
  dedupeKey?: string | null;
  /** Overrides the kind's retry policy for this one job. */
  maxAttempts?: number | null;
}

/** Errors are stored for the dashboard; a whole stack trace of a child process is not useful there. */
const MAX_ERROR_CHARS = 4000;
const clip = (error: string) => (error.length > MAX_ERROR_CHARS ? error.slice(0, MAX_ERROR_CHARS) + "…" : error);

/**
 * Where a job is added: the database handle (a unit of work's `tx.db`, so the job lands with the write that causes
 * it), the clock, and the app whose workers are woken (`null`: none, e.g. a bare database in a unit test). A `Deps`
 * is one; `jobQueue(tx)` makes one for a unit of work.
 */
export interface JobQueue {
  readonly db: Db;
  readonly clock: Clock;
  readonly state: AppState | null;
}

/** Adds a job and returns its id, or the id of the queued job already holding `dedupeKey`. */
export function enqueue(queue: JobQueue, opts: EnqueueOptions): string {
  const { db, clock } = queue;
  const now = clock.now();
  const row = {
    id: newId("queueJob", now),
    kind: opts.kind,
    // drizzle writes a JSON null as SQL NULL, which the column refuses; "no payload" is an empty object.
    payload: opts.payload ?? {},
    orgId: opts.orgId ?? null,
    mode: opts.mode ?? null,
    priority: opts.priority ?? PRIORITY.default,
    runAt: opts.runAt ?? now,
    dedupeKey: opts.dedupeKey ?? null,
    maxAttempts: opts.maxAttempts ?? null,
    createdAt: now,
    updatedAt: now,
  };
  jobEnqueued(queue.state, row.runAt - now);
  if (row.dedupeKey == null) {
    prepared(db, insertJob).run(row);
    return row.id;
  }
  // One statement, so two processes enqueueing the same key cannot both insert. The existing job keeps its
  // payload (equal keys mean equivalent work) but runs as early and as urgently as the newest request asks.
  return prepared(db, insertJobDeduped).get(row)!.id;
}

/** The placeholders of a new job row, by column (the statements below are prepared once per connection). */
const jobValues = {
  id: sql.placeholder("id"),
  kind: sql.placeholder("kind"),
  payload: sql.placeholder("payload"),
  orgId: sql.placeholder("orgId"),
  mode: sql.placeholder("mode"),
  priority: sql.placeholder("priority"),
  runAt: sql.placeholder("runAt"),
  dedupeKey: sql.placeholder("dedupeKey"),
  maxAttempts: sql.placeholder("maxAttempts"),
  createdAt: sql.placeholder("createdAt"),
  updatedAt: sql.placeholder("updatedAt"),
};
const insertJob = (db: Db) => db.insert(jobs).values(jobValues).prepare();
const insertJobDeduped = (db: Db) =>
  db
    .insert(jobs)
    .values(jobValues)
    .onConflictDoUpdate({
      target: jobs.dedupeKey,
      targetWhere: sql`dedupe_key IS NOT NULL AND status = 'queued'`,
      set: {
        runAt: sql`min(${jobs.runAt}, excluded.run_at)`,
        priority: sql`min(${jobs.priority}, excluded.priority)`,
        updatedAt: sql`excluded.updated_at`,
      },
    })
    .returning({ id: jobs.id })
    .prepare();

/** `kind IN (the JSON array in placeholder "kinds")`: one prepared statement for any list of kinds. */
const kindIn = sql`${jobs.kind} IN (SELECT value FROM json_each(${sql.placeholder("kinds")}))`;
const dueQueued = (db: Db) =>
  db
    .select()
    .from(jobs)
    .where(and(eq(jobs.status, "queued"), lte(jobs.runAt, sql.placeholder("now")), kindIn))
    // Ties (same priority and time) in the order they were enqueued: the rowid, which the index jobs_claim ends
    // with, so SQLite reads the first due job straight from the index instead of sorting every job due in the
    // same millisecond (thousands, after a burst of events) to find it.
    .orderBy(asc(jobs.priority), asc(jobs.runAt), sql`${jobs}.rowid`)
    .limit(sql.placeholder("limit"))
    .prepare();
const leaseExpired = (db: Db) =>
  db
    .select()
    .from(jobs)
    .where(and(eq(jobs.status, "running"), lte(jobs.leaseUntil, sql.placeholder("now")), kindIn))
    .orderBy(asc(jobs.priority), asc(jobs.leaseUntil), asc(jobs.id))
    .limit(1)
    .prepare();
/** What a claim writes on a job row (both claims below): running, one more attempt, the claimer's lease. */
const claimedBy = () => ({
  status: "running" as const,
  attempts: sql`${jobs.attempts} + 1`,
  leaseUntil: sql`${sql.placeholder("leaseUntil")}`,
  lockedBy: sql`${sql.placeholder("lockedBy")}`,
  updatedAt: sql`${sql.placeholder("now")}`,
});
const claimRow = (db: Db) =>
  db
    .update(jobs)
    .set({ ...claimedBy(), lastError: sql`coalesce(${sql.placeholder("recoveredNote")}, ${jobs.lastError})` })
    .where(eq(jobs.id, sql.placeholder("id")))
    .returning()
    .prepare();

/**
 * Claims the `limit` most urgent due queued jobs in one statement (the claim when no expired lease is waiting):
 * SQLite picks them from the index `jobs_claim` as `dueQueued` does and updates them there. RETURNING gives no
 * order, so the rowid comes back to sort by.
 */
const claimQueued = (db: Db) =>
  db
    .update(jobs)
    .set(claimedBy())
    .where(
      sql`rowid IN (SELECT rowid FROM ${jobs} WHERE ${jobs.status} = 'queued' AND ${jobs.runAt} <= ${sql.placeholder("now")} AND ${kindIn} ORDER BY ${jobs.priority}, ${jobs.runAt}, rowid LIMIT ${sql.placeholder("limit")})`,
    )
    .returning({ ...getTableColumns(jobs), rowid: sql<number>`rowid` })
    .prepare();

/** The JSON parameter of a list of kinds, made once per list. */
const kindsJson = new WeakMap<readonly string[], string>();
const kindsParam = (kinds: readonly string[]) => {
  let json = kindsJson.get(kinds);
  if (json === undefined) kindsJson.set(kinds, (json = JSON.stringify(kinds)));
  return json;
};

/**
 * Claims the most urgent due job of one of `kinds`: a queued job whose time has come, or a running job whose
 * lease expired because its worker died (crash recovery). Runs in BEGIN IMMEDIATE so two workers, even in two
 * processes, never claim the same job. Returns null when nothing is due.
 */
export function claimNext(
  db: Db,
  clock: Clock,
  workerId: string,
  leaseMs: number,
  kinds: readonly string[],
): Job | null {
  return claimDue(db, clock, workerId, leaseMs, kinds, 1)[0] ?? null;
}

/**
 * Claims up to `max` due jobs of `kinds` in one transaction, most urgent first (what `claimNext` would return,
 * called `max` times, without a transaction each). A job recovered from an expired lease keeps its place by
 * priority: a crashed reel render must not jump ahead of new testimonials. At most one recovered job per call.
 */
export function claimDue(
  db: Db,
  clock: Clock,
  workerId: string,
  leaseMs: number,
  kinds: readonly string[],
  max: number,
): Job[] {
  if (kinds.length === 0 || max < 1) return [];
  const params = { now: 0, kinds: kindsParam(kinds), limit: max };
  return tx(db, () => {
    const now = clock.now();
    params.now = now;
    const expired = prepared(db, leaseExpired).get(params);
    if (!expired) {
      // The common case: only queued jobs, claimed in one statement, then put in claim order.
      const rows = prepared(db, claimQueued).all({ ...params, leaseUntil: now + leaseMs, lockedBy: workerId });
      rows.sort((a, b) => a.priority - b.priority || a.runAt - b.runAt || a.rowid - b.rowid);
      return rows.map(({ rowid: _, ...job }) => job as Job);
    }
    const queued = prepared(db, dueQueued).all(params);
    const picks: JobRow[] = queued;
    if (expired) {
      // Where the recovered job goes among the queued ones: before the first it outranks.
      const at = queued.findIndex(
        (q) => expired.priority < q.priority || (expired.priority === q.priority && expired.leaseUntil! <= q.runAt),
      );
      picks.splice(at === -1 ? queued.length : at, 0, expired);
      if (picks.length > max) picks.length = max;
    }
    const claim = prepared(db, claimRow);
    return picks.map(
      (pick) =>
        claim.get({
          id: pick.id,
          leaseUntil: now + leaseMs,
          lockedBy: workerId,
          now,
          recoveredNote:
            pick.status === "running"
              ? `lease expired: worker ${pick.lockedBy} stopped during attempt ${pick.attempts}`
              : null,
        }) as Job,
    );
  });
}

/** Matches the row only while this claim still holds it. */
const held = (job: Pick<JobRow, "id" | "lockedBy" | "attempts">): SQL =>
  and(
    eq(jobs.id, job.id),
    eq(jobs.status, "running"),
    eq(jobs.lockedBy, job.lockedBy!),
    eq(jobs.attempts, job.attempts),
  )!;

/** `held` with placeholders, for the prepared statements of the hot path. */
const heldParams = and(
  eq(jobs.id, sql.placeholder("id")),
  eq(jobs.status, "running"),
  eq(jobs.lockedBy, sql.placeholder("lockedBy")),
  eq(jobs.attempts, sql.placeholder("attempts")),
);
const completeRow = (db: Db) =>
  db
    .update(jobs)
    .set({
      status: "done",
      leaseUntil: null,
      updatedAt: sql`${sql.placeholder("now")}`,
      finishedAt: sql`${sql.placeholder("now")}`,
    })
    .where(heldParams)
    .prepare();
const extendRow = (db: Db) =>
  db
    .update(jobs)
    .set({ leaseUntil: sql`${sql.placeholder("leaseUntil")}`, updatedAt: sql`${sql.placeholder("now")}` })
    .where(heldParams)
    .returning({ id: jobs.id })
    .prepare();

/** Marks a claimed job done; false when the claim was lost (lease expired and another worker took it). */
export function complete(db: Db, clock: Clock, job: Job): boolean {
  const now = clock.now();
  const r = prepared(db, completeRow).run({ id: job.id, lockedBy: job.lockedBy, attempts: job.attempts, now });
  return (r as unknown as { changes: number }).changes > 0;
}

/** Marks several claimed jobs done in one transaction; returns, for each, whether its claim still held. */
export function completeAll(db: Db, clock: Clock, done: readonly Job[]): boolean[] {
  if (done.length === 0) return [];
  return tx(db, () => done.map((job) => complete(db, clock, job)));
}

/** Pushes a running job's lease forward; false when the claim was lost, so the handler should stop. */
export function extendLease(db: Db, clock: Clock, job: Job, leaseMs: number): boolean {
  const now = clock.now();
  return (
    prepared(db, extendRow).all({
      id: job.id,
      lockedBy: job.lockedBy,
      attempts: job.attempts,
      now,
      leaseUntil: now + leaseMs,
    }).length > 0
  );
}

/**
 * What `fail` did: `retrying` (queued again for `retryAt`), `dead` (final, stays visible), `superseded` (a queued
 * job with the same dedupe key will do the same work, so this one is closed), `lost` (the claim no longer held).
 */
export type FailOutcome = "retrying" | "dead" | "superseded" | "lost";

/** Records a failed attempt. `retryAt` null, or the job's own max_attempts reached, makes it dead. */
export function fail(db: Db, clock: Clock, job: Job, error: string, retryAt: number | null): FailOutcome {
  return tx(db, () => {
    const now = clock.now();
    const exhausted = job.maxAttempts != null && job.attempts >= job.maxAttempts;
    if (retryAt == null || exhausted) {
      const r = db
        .update(jobs)
        .set({ status: "dead", lastError: clip(error), leaseUntil: null, updatedAt: now, finishedAt: now })
        .where(held(job))
        .returning({ id: jobs.id })
        .all();
      return r.length > 0 ? "dead" : "lost";
    }
    const stillHeld = db.select({ id: jobs.id }).from(jobs).where(held(job)).get();
    if (!stillHeld) return "lost";
    return requeue(db, now, job, retryAt, clip(error)) ? "retrying" : "superseded";
  });
}

/**
 * Puts a job back in the queue. When a queued twin holds the same dedupe key, the twin already covers this work
 * (and the unique index forbids two), so this job is closed as done with a note and the twin runs no later than
 * `runAt`. Returns false in that case. `attempts`, when given, is the job's count of attempts from now on.
 */
function requeue(
  db: Db,
  now: number,
  job: Pick<JobRow, "id" | "dedupeKey">,
  runAt: number,
  lastError: string | null,
  attempts?: number,
): boolean {
  const twin =
    job.dedupeKey == null
      ? undefined
      : db
          .select({ id: jobs.id, runAt: jobs.runAt })
          .from(jobs)
          .where(and(eq(jobs.dedupeKey, job.dedupeKey), eq(jobs.status, "queued")))
          .get();
  if (twin) {
    db.update(jobs)
      .set({ runAt: Math.min(twin.runAt, runAt), updatedAt: now })
      .where(eq(jobs.id, twin.id))
      .run();
    const note = `superseded by ${twin.id}`;
    db.update(jobs)
      .set({
        status: "done",
        lastError: lastError ? `${lastError} (${note})` : note,
        leaseUntil: null,
        updatedAt: now,
        finishedAt: now,
      })
      .where(eq(jobs.id, job.id))
      .run();
    return false;
  }
  db.update(jobs)
    .set({
      status: "queued",
      runAt,
      lastError,
      leaseUntil: null,
      lockedBy: null,
      updatedAt: now,
      finishedAt: null,
      ...(attempts === undefined ? {} : { attempts }),
    })
    .where(eq(jobs.id, job.id))
    .run();
  return true;
}

/**
 * Queues a dead job again with a fresh attempt budget (an operator's "retry"). Returns the id of the job that will
 * run (a queued twin's when one holds the same dedupe key), or null when `id` is not a dead job.
 */
export function retryDead(db: Db, clock: Clock, id: string): string | null {
  return tx(db, () => {
    const job = db
      .select()
      .from(jobs)
      .where(and(eq(jobs.id, id), eq(jobs.status, "dead")))
      .get();
    if (!job) return null;
    const now = clock.now();
    if (requeue(db, now, job, now, job.lastError, 0)) return id;
    return db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.dedupeKey, job.dedupeKey!), eq(jobs.status, "queued")))
      .get()!.id;
  });
}

/** Filters for `listJobs`. */
export interface ListJobsOptions {
  status?: JobStatus;
  kind?: string;
  orgId?: string;
  /** Only jobs with an id below this one (the next page, newest first). */
  before?: string;
  limit?: number;
}

/** Jobs newest first, for the operator's dashboard and `plaudit doctor`. */
export function listJobs(db: Db, opts: ListJobsOptions = {}): Job[] {
  const where = [
    opts.status ? eq(jobs.status, opts.status) : undefined,
    opts.kind ? eq(jobs.kind, opts.kind) : undefined,
    opts.orgId ? inOrg(jobs, opts.orgId) : undefined,
    opts.before ? lt(jobs.id, opts.before) : undefined,
  ];
  return db
    .select()
    .from(jobs)
    .where(and(...where))
    .orderBy(desc(jobs.id))
    .limit(Math.min(opts.limit ?? 50, 500))
    .all() as Job[];
}

/** How many jobs are in each status, for health checks. */
export function countJobs(db: Db): Record<JobStatus, number> {
  const out: Record<JobStatus, number> = { queued: 0, running: 0, done: 0, dead: 0 };
  for (const r of db.select({ status: jobs.status, n: count() }).from(jobs).groupBy(jobs.status).all())
    out[r.status] = r.n;
  return out;
}

/** Deletes done jobs finished before `olderThanMs` ago; dead jobs stay until someone looks at them. */
export function pruneDone(db: Db, clock: Clock, olderThanMs: number): number {
  const cutoff = clock.now() - olderThanMs;
  return db
    .delete(jobs)
    .where(and(eq(jobs.status, "done"), isNotNull(jobs.finishedAt), lt(jobs.finishedAt, cutoff)))
    .returning({ id: jobs.id })
    .all().length;
}
