/**
 * The unit of work of one write (issue 27): a `Tx` is the transaction, the caller's context, and what a write does
 * besides rows, in one value that services take as their first argument:
 *
 *     export function approveSubmission(tx: Tx, id: string) {
 *       const row = loadForUpdate(tx, id);
 *       tx.db.update(submissions).set({ … }).where(byId(submissions, tx.ctx, id)).run();
 *       tx.emit("submission.approved", { … });      // the event, and the hooks that hear it, in this transaction
 *       tx.shown({ brandId, submissionId: id, reason: "approved" });
 *       tx.audit("submission.approved", id);
 *       tx.afterCommit(() => deps.storage.delete(key)); // once the rows are safe (files, cache warm-ups, mail)
 *     }
 *
 * `unitOfWork(deps, ctx, fn)` makes one: `BEGIN IMMEDIATE`, `fn(tx)` (synchronous), `COMMIT`, then the
 * `afterCommit` tasks in order. `command()` (src/platform/access/command.ts) makes one for every write route; jobs and
 * the few hand-written routes call `unitOfWork` themselves. A unit of work started while another is open on the same
 * Deps joins it (one transaction, its tasks run after the outer commit), so a service never opens a transaction of
 * its own and never commits half of a caller's work. The hooks come from `deps.hooks`, never from a map keyed on
 * the database handle.
 */
import type { Ctx } from "../context";
import type { Deps } from "../deps";
import { audit as writeAudit } from "../audit/audit";
import type { AuditRow } from "../audit/tables";
import { emitWith, type Event, type EventType } from "../events/emit";
import type { ShownChange } from "../hooks";
import { enqueue as addJob, type EnqueueOptions, type JobQueue } from "../jobs/queue";
import { tx as transaction, type Db } from "./client";

/** Work to do once the transaction has committed (deleting files, warming a cache, sending mail). */
export type AfterCommit = () => void | Promise<void>;

/** One write: its transaction, who acts, and what the write does besides rows. */
export interface Tx {
  /** The transaction's database handle (every read and write of the unit goes through it). */
  readonly db: Db;
  /** Who acts, for which organisation and mode. */
  readonly ctx: Ctx;
  /** What the app runs on (config, storage, the hooks). */
  readonly deps: Deps;
  /** Records an event of the context's organisation and mode, and runs the hooks that hear it, in this transaction. */
  emit(type: EventType, data: Record<string, unknown>): Event;
  /** Tells whatever shows testimonials that what a brand shows may have changed (`ctx` for another mode's brand). */
  shown(change: ShownChange, ctx?: Ctx): void;
  /** Writes an audit line for the context's actor. */
  audit(action: string, targetId: string | null, details?: Record<string, unknown>): AuditRow;
  /** Adds a job (of the context's organisation and mode unless the options say). */
  enqueue(opts: EnqueueOptions): string;
  /** Where this unit adds jobs (for services that queue mail or work for another organisation or none). */
  readonly queue: JobQueue;
  /** Runs `task` after the commit; never when the unit rolls back. A failing task is logged, not thrown. */
  afterCommit(task: AfterCommit): void;
  /** The same unit of work for another context (a job acting for a brand's other mode, the system). */
  as(ctx: Ctx): Tx;
  /**
   * Runs `fn` in a savepoint of this unit: when it throws, what it wrote and the `afterCommit` tasks it added are
   * dropped alone and the error goes on to the caller; the rest of the unit stays (one failing item of a batch).
   */
  savepoint<T>(fn: () => T): T;
}

/** The open unit of work of a Deps (JavaScript runs one synchronous transaction at a time per Deps). */
export interface OpenUnit {
  db: Db;
  tasks: AfterCommit[];
}

/** Builds the Tx value over an open unit. */
function txOf(deps: Deps, ctx: Ctx, unit: OpenUnit): Tx {
  const self: Tx = {
    db: unit.db,
    ctx,
    deps,
    emit: (type, data) => emitWith(deps.hooks, unit.db, ctx, type, data),
    shown: (change, other) => {
      for (const listener of deps.hooks.shown) listener(unit.db, other ?? ctx, change);
    },
    audit: (action, targetId, details) => writeAudit(unit.db, ctx, action, targetId, details),
    enqueue: (opts) => addJob(self.queue, { orgId: ctx.orgId, mode: ctx.mode, ...opts }),
    queue: { db: unit.db, clock: ctx.clock, state: deps.state },
    afterCommit: (task) => void unit.tasks.push(task),
    as: (next) => txOf(deps, next, unit),
    savepoint: (fn) => {
      const kept = unit.tasks.length;
      try {
        return unit.db.$client.transaction(fn)();
      } catch (e) {
        unit.tasks.length = kept;
        throw e;
      }
    },
  };
  return self;
}

/** What a finished unit of work left to do: the tasks' completion (already started), awaited by routes. */
export type Settled = Promise<void> | null;

/** Starts the after-commit tasks in order; answers when all have ended (errors logged), or null when there were none. */
function runTasks(deps: Deps, tasks: AfterCommit[]): Settled {
  if (tasks.length === 0) return null;
  const logFailure = (e: unknown) =>
    deps.log.error("a task after a commit failed", { error: e instanceof Error ? e.message : String(e) });
  return (async () => {
    for (const task of tasks) {
      try {
        await task();
      } catch (e) {
        logFailure(e);
      }
    }
  })();
}

/**
 * Runs `fn` as one unit of work: all its rows, events, audit lines and jobs commit together or not at all, then its
 * after-commit tasks start. Returns `fn`'s value and the tasks' completion (`settled`, null without tasks). Inside an
 * open unit of the same Deps it joins that unit.
 */
export function unitOfWorkSettled<T>(deps: Deps, ctx: Ctx, fn: (tx: Tx) => T): { value: T; settled: Settled } {
  const open = deps.hooks.openUnit;
  if (open) return { value: fn(txOf(deps, ctx, open)), settled: null };
  const unit: OpenUnit = { db: deps.db, tasks: [] };
  deps.hooks.openUnit = unit;
  let value: T;
  try {
    value = transaction(deps.db, () => {
      const out = fn(txOf(deps, ctx, unit));
      if (out && typeof (out as { then?: unknown }).then === "function")
        throw new Error("A unit of work returned a promise: its writes would land after the commit.");
      return out;
    });
  } finally {
    deps.hooks.openUnit = null;
  }
  return { value, settled: runTasks(deps, unit.tasks) };
}

/** Runs `fn` as one unit of work (see `unitOfWorkSettled`); the after-commit tasks run on without being awaited. */
export function unitOfWork<T>(deps: Deps, ctx: Ctx, fn: (tx: Tx) => T): T {
  return unitOfWorkSettled(deps, ctx, fn).value;
}

/** What a read needs: the database, who reads, the Deps (a `Tx` is one, so a write can call any read). */
export type Reader = Pick<Tx, "db" | "ctx" | "deps">;

/** A reader outside any unit of work (a route's read, a job's look-up). */
export const reader = (deps: Deps, ctx: Ctx): Reader => ({ db: deps.db, ctx, deps });
