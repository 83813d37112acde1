/**
 * Group commit: writes that can wait a moment (a job recording its outcome) share one transaction with the other
 * such writes of the same turn of the event loop. SQLite in WAL mode pays per commit (the changed pages are
 * written to the log again, with their index pages), so eight outcomes in one commit cost little more than one.
 *
 * Each write still succeeds or fails alone: it runs in a savepoint of the shared transaction, and a write that
 * throws is rolled back to its savepoint and rejects its own promise only. A shared transaction that cannot
 * commit (the database is busy past its timeout) rejects every write of the group.
 */
import { tx, type Db } from "./client";
import type { Slot } from "../app-state";
import type { Deps } from "../deps";

interface Pending {
  write: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** The writes waiting for this app's next group transaction (null when none is due). */
const WAITING: Slot<{ group: Pending[] | null }> = { name: "db.group-commit", make: () => ({ group: null }) };

/** Runs `write` (synchronous, like every transaction here) in the app's next group transaction. */
export function groupCommit<T>(deps: Pick<Deps, "db" | "state">, write: () => T): Promise<T> {
  const waiting = deps.state.of(WAITING);
  return new Promise<T>((resolve, reject) => {
    let group = waiting.group;
    if (!group) {
      waiting.group = group = [];
      setImmediate(() => flush(deps.db, waiting));
    }
    group.push({ write, resolve: resolve as (value: unknown) => void, reject });
  });
}

function flush(db: Db, waiting: { group: Pending[] | null }): void {
  const group = waiting.group;
  waiting.group = null;
  if (!group?.length) return;
  const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
  try {
    tx(db, () => {
      for (const p of group) {
        try {
          outcomes.push({ ok: true, value: db.$client.transaction(p.write)() });
        } catch (error) {
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
