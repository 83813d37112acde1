/**
 * Waking idle workers when work arrives: `enqueue` (and a new webhook delivery, or a retry of one) tells the workers
 * of the same app at once (or when a delayed job falls due), so work starts within milliseconds instead of at the
 * next poll. Polling stays as the fallback for work added by other processes (the CLI) and for leases that expire.
 *
 * The wakers are per-app state (`deps.state`), not a map keyed on the database handle: two apps in one process
 * (tests) wake only their own workers.
 *
 * Waking from inside the enqueuing transaction is safe: a transaction here is synchronous, so the woken workers
 * run only after it has committed (or rolled back, when they simply find nothing).
 */
import type { AppState, Slot } from "../app-state";

type Waker = () => void;

/** The wake-up functions of the app's worker pools. */
const WAKERS: Slot<Set<Waker>> = { name: "jobs.wakers", make: () => new Set() };
/** Delayed wake-ups further away than this are left to polling. */
const MAX_TIMER_MS = 60_000;

/** Registers `wake` to be called when a job is enqueued in this app; returns a function that removes it. */
export function onJobEnqueued(state: AppState, wake: Waker): () => void {
  const set = state.of(WAKERS);
  set.add(wake);
  return () => set.delete(wake);
}

/** Tells the app's workers that a job is due in `delayMs` (0 or less: now); without an app (`null`) nobody is told. */
export function jobEnqueued(state: AppState | null, delayMs: number): void {
  const set = state?.peek(WAKERS);
  if (!set?.size) return;
  const wakeAll = () => {
    for (const w of set) w();
  };
  if (delayMs <= 0) wakeAll();
  else if (delayMs <= MAX_TIMER_MS) setTimeout(wakeAll, delayMs + 5).unref?.();
}
