/**
 * Gives memory back once the server goes quiet after answering requests. JavaScriptCore collects when the program
 * allocates, so garbage left by a burst of traffic (rendered pages, request objects, compressed bodies) otherwise
 * stays resident for as long as the box is idle: on a 20,000-testimonial wall, tens of MiB (issue 28,
 * docs/performance.md). The check runs every `intervalMs` on an unref'd timer; a collection (10–50 ms on this heap)
 * happens only on the first quiet interval after a busy one, never while requests keep coming, again once the box
 * has been quiet for `RELEASE_AFTER_MS` (then with the release of compiled code, below), and again on a quiet
 * interval after a cache dropped what nobody asked for (`collectSoon`, called by src/platform/sized-cache.ts): what
 * a cache lets go of is garbage only the next collection frees, and an idle box would never run one.
 *
 * A collection is a full, synchronous garbage collection (`Bun.gc(true)`, which also has mimalloc give back what it
 * can) and `PRAGMA shrink_memory` on every open SQLite connection (`releaseOnIdle`): SQLite's page cache, refilled by
 * the next query that needs it. Once the box has been quiet `RELEASE_AFTER_MS`, a collection is followed by
 * JavaScriptCore's shrink (`Bun.shrink()`): compiled code and empty heap blocks are released, so the first requests
 * after a long quiet spell run a few milliseconds slower while their code is compiled again; traffic with shorter
 * pauses never pays that.
 */
import type { Database } from "bun:sqlite";

/** Counts requests and collects garbage when they stop. */
export interface IdleCollector {
  /** Call once per request. */
  note(): void;
  /** Stops the timer. */
  stop(): void;
}

/** Connections whose caches a collection empties (weakly held: a closed or dropped one is forgotten). */
const connections = new Set<WeakRef<Database>>();

/** The running collectors' "collect on the next quiet interval" switches (`collectSoon` turns them all on). */
const running = new Set<() => void>();

/** Registers a SQLite connection: each idle collection asks it to free its page cache (`PRAGMA shrink_memory`). */
export function releaseOnIdle(sqlite: Database): void {
  if (connections.size >= 32) for (const ref of connections) if (!ref.deref()) connections.delete(ref);
  connections.add(new WeakRef(sqlite));
}

/** Asks for a collection on the next quiet interval (a cache just dropped entries: their memory is garbage now). */
export function collectSoon(): void {
  for (const request of running) request();
}

/** The default collection: a full garbage collection, then every registered connection's page cache freed. */
export function collectNow(): void {
  Bun.gc(true);
  for (const ref of connections) {
    const sqlite = ref.deref();
    try {
      if (sqlite) sqlite.exec("PRAGMA shrink_memory");
      else connections.delete(ref);
    } catch {
      connections.delete(ref); // closed
    }
  }
}

/**
 * The default release after a longer quiet spell: JavaScriptCore's shrink. Compiled code and empty heap blocks go
 * back (about 15 MiB after a burst on a large wall); the next request compiles what it runs again (a few ms, once).
 * Deprecated in Bun's types, but in place in Bun 1.4.
 */
export function releaseCode(): void {
  if (typeof Bun.shrink === "function") Bun.shrink();
}

/** How long the box must have been quiet before compiled code is released (ms). */
export const RELEASE_AFTER_MS = 30_000;

/**
 * Starts the idle collector. `collect` (default `collectNow`) runs on the first quiet interval after requests or
 * after `collectSoon`; `release` (default `releaseCode`) runs with it once the box has been quiet `releaseAfterMs`,
 * so traffic with shorter pauses keeps its compiled code.
 */
export function startIdleCollector(
  intervalMs = 10_000,
  collect: () => void = collectNow,
  release: () => void = releaseCode,
  releaseAfterMs = RELEASE_AFTER_MS,
): IdleCollector {
  let count = 0;
  let seen = 0;
  let dirty = false;
  let released = true; // nothing to release before the first request
  let busyAt = performance.now();
  const request = () => void (dirty = true);
  running.add(request);
  const timer = setInterval(() => {
    if (count !== seen) {
      seen = count;
      dirty = true;
      released = false;
      busyAt = performance.now();
      return;
    }
    const quietLong = performance.now() - busyAt >= releaseAfterMs;
    if (dirty || (quietLong && !released)) {
      dirty = false;
      collect();
      if (quietLong) {
        released = true;
        release();
      }
    }
  }, intervalMs);
  timer.unref?.();
  return {
    note: () => void count++,
    stop: () => {
      clearInterval(timer);
      running.delete(request);
    },
  };
}
