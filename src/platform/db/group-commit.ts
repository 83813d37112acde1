/**
 * Group commit: writes that can wait a moment (a job recording its outcome) share one transaction with the other
 * such writes of the same turn of the event loop, or of the next few milliseconds when the caller allows it
 * (`withinMs`). SQLite in WAL mode pays per commit (the changed pages are written to the log again, with their
 * index pages), so thirty outcomes in one commit cost little more than one.
 *
 * Each write still succeeds or fails alone: it runs in a savepoint of the shared transaction, and a write that
 * throws is rolled back to its savepoint and rejects its own promise only. A shared transaction that cannot
 * commit (the database is busy past its timeout) rejects every write of the group. A write is durable only when
 * its promise resolves: a process killed before that loses it, so only writes whose loss the caller can repair
 * (a job that runs again after its lease) belong here.
 */
import { tx, type Db } from "./client";
import { prepared } from "./prepared";
import type { Slot } from "../app-state";
import type { Deps } from "../deps";

interface Pending {
  write: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** A group commits at once when it holds this many writes, however long its writes said they could wait. */
export const MAX_GROUP = 64;

interface Group {
  writes: Pending[];
  /** When the group commits (`performance.now()`); Infinity until scheduled. */
  due: number;
  timer: ReturnType<typeof setTimeout> | null;
  immediate: ReturnType<typeof setImmediate> | null;
}

/** The writes waiting for this app's next group transaction (null when none is due). */
const WAITING: Slot<{ group: Group | null }> = { name: "db.group-commit", make: () => ({ group: null }) };

/** Options of `groupCommit`. */
export interface GroupCommitOptions {
  /**
   * How long the write may wait for others to share its commit (default 0: the next turn of the event loop). The
   * group commits at the earliest of its writes' deadlines, or as soon as it holds `MAX_GROUP` writes.
   */
  withinMs?: number;
}

/** Runs `write` (synchronous, like every transaction here) in the app's next group transaction. */
export function groupCommit<T>(
  deps: Pick<Deps, "db" | "state">,
  write: () => T,
  opts: GroupCommitOptions = {},
): Promise<T> {
  const waiting = deps.state.of(WAITING);
  return new Promise<T>((resolve, reject) => {
    let group = waiting.group;
    if (!group) waiting.group = group = { writes: [], due: Infinity, timer: null, immediate: null };
    group.writes.push({ write, resolve: resolve as (value: unknown) => void, reject });
    const within = group.writes.length >= MAX_GROUP ? 0 : Math.max(0, opts.withinMs ?? 0);
    const due = performance.now() + within;
    if (due >= group.due) return;
    group.due = due;
    const g = group;
    const run = () => {
      if (g.timer) clearTimeout(g.timer);
      if (g.immediate) clearImmediate(g.immediate);
      if (waiting.group === g) waiting.group = null;
      flush(deps.db, g.writes);
    };
    if (g.timer) clearTimeout(g.timer);
    g.timer = null;
    if (within === 0) {
      if (!g.immediate) g.immediate = setImmediate(run);
    } else g.timer = setTimeout(run, within);
  });
}

/** The savepoint statements of a group's writes, prepared once per connection (bun:sqlite's nested `transaction()` builds a wrapper per call). */
const savepointStatements = (db: Db) => ({
  begin: db.$client.prepare("SAVEPOINT group_write"),
  release: db.$client.prepare("RELEASE group_write"),
  rollback: db.$client.prepare("ROLLBACK TO group_write"),
});

function flush(db: Db, group: Pending[]): void {
  if (!group.length) return;
  const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
  const sp = prepared(db, savepointStatements);
  try {
    tx(db, () => {
      for (const p of group) {
        sp.begin.run();
        try {
          const value = p.write();
          sp.release.run();
          outcomes.push({ ok: true, value });
        } catch (error) {
          // Undo this write alone; the savepoint itself is then released empty.
          sp.rollback.run();
          sp.release.run();
          outcomes.push({ ok: false, error });
        }
      }
    });
  } catch (error) {
    for (const p of group) p.reject(error);
    return;
  }
  group.forEach((p, i) => {
    const o = outcomes[i]!;
    if (o.ok) p.resolve(o.value);
    else p.reject(o.error);
  });
}
