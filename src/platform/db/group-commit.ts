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

interface Pending {
  write: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

const waiting = new WeakMap<Db, Pending[]>();

/** Runs `write` (synchronous, like every transaction here) in the next group transaction on `db`. */
export function groupCommit<T>(db: Db, write: () => T): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let group = waiting.get(db);
    if (!group) {
      waiting.set(db, (group = []));
      setImmediate(() => flush(db));
    }
    group.push({ write, resolve: resolve as (value: unknown) => void, reject });
  });
}

function flush(db: Db): void {
  const group = waiting.get(db);
  waiting.delete(db);
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
