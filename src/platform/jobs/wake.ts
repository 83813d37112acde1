/**
 * Waking idle workers when work arrives: `enqueue` tells the workers of the same database at once (or when a
 * delayed job falls due), so a job starts within milliseconds instead of at the next poll. Polling stays as the
 * fallback for jobs enqueued by other processes (the CLI) and for leases that expire.
 *
 * Waking from inside the enqueuing transaction is safe: a transaction here is synchronous, so the woken workers
 * run only after it has committed (or rolled back, when they simply find nothing).
 */
import type { Db } from "../db/client";

type Waker = () => void;

const wakers = new WeakMap<object, Set<Waker>>();
/** Delayed wake-ups further away than this are left to polling. */
const MAX_TIMER_MS = 60_000;

/** Registers `wake` to be called when a job is enqueued on `db`; returns a function that removes it. */
export function onJobEnqueued(db: Db, wake: Waker): () => void {
  let set = wakers.get(db);
  if (!set) wakers.set(db, (set = new Set()));
  set.add(wake);
  return () => set!.delete(wake);
}

/** Tells the workers of `db` that a job is due in `delayMs` (0 or less: now). */
export function jobEnqueued(db: Db, delayMs: number): void {
  const set = wakers.get(db);
  if (!set?.size) return;
  const wakeAll = () => {
    for (const w of set) w();
  };
  if (delayMs <= 0) wakeAll();
  else if (delayMs <= MAX_TIMER_MS) setTimeout(wakeAll, delayMs + 5).unref?.();
}
