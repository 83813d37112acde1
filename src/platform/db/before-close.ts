/**
 * Work that must reach the database before it closes: a module that keeps writes in memory for a moment (the
 * analytics counts) registers its flush here, and `plaudit serve`'s shutdown runs every flush after the last
 * request has been answered and before the database closes (src/cli/shutdown.ts).
 */
import type { Db } from "./client";

const flushes = new WeakMap<Db, Set<() => void>>();

/** Registers `flush` to run before `db` closes; returns a function that unregisters it. */
export function beforeClose(db: Db, flush: () => void): () => void {
  let set = flushes.get(db);
  if (!set) flushes.set(db, (set = new Set()));
  set.add(flush);
  return () => void set.delete(flush);
}

/** Runs every registered flush of `db` (each one's failure is reported, not thrown, so the others still run). */
export function runBeforeClose(db: Db, onError: (e: unknown) => void = () => {}): void {
  for (const flush of flushes.get(db) ?? []) {
    try {
      flush();
    } catch (e) {
      onError(e);
    }
  }
}
