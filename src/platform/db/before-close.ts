/**
 * Work that must reach the database before it closes: a module that keeps writes in memory for a moment (the
 * analytics counts) registers its flush here, and `plaudit serve`'s shutdown runs every flush after the last
 * request has been answered and before the database closes (src/cli/shutdown.ts). The flushes are the app's
 * (`deps.state`).
 */
import type { Slot } from "../app-state";
import type { Deps } from "../deps";

const FLUSHES: Slot<Set<() => void>> = { name: "db.before-close", make: () => new Set() };

/** Registers `flush` to run before the app's database closes; returns a function that unregisters it. */
export function beforeClose(deps: Pick<Deps, "state">, flush: () => void): () => void {
  const set = deps.state.of(FLUSHES);
  set.add(flush);
  return () => void set.delete(flush);
}

/** Runs every registered flush of the app (each one's failure is reported, not thrown, so the others still run). */
export function runBeforeClose(deps: Pick<Deps, "state">, onError: (e: unknown) => void = () => {}): void {
  for (const flush of deps.state.peek(FLUSHES) ?? []) {
    try {
      flush();
    } catch (e) {
      onError(e);
    }
  }
}
