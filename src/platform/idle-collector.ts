/**
 * One full garbage collection once the server goes quiet after answering requests. JavaScriptCore collects when
 * the program allocates, so garbage left by a burst of traffic (rendered pages, request objects, compressed
 * bodies) otherwise stays resident for as long as the box is idle: on a 20,000-testimonial wall, tens of MiB
 * (issue 28, docs/performance.md). The check runs every `intervalMs` on an unref'd timer; a collection (10–50 ms
 * on this heap) happens only on the first quiet interval after a busy one, never while requests keep coming.
 */

/** Counts requests and collects garbage when they stop. */
export interface IdleCollector {
  /** Call once per request. */
  note(): void;
  /** Stops the timer. */
  stop(): void;
}

/** Starts the idle collector (`collect` defaults to a full, synchronous collection). */
export function startIdleCollector(intervalMs = 10_000, collect: () => void = () => Bun.gc(true)): IdleCollector {
  let count = 0;
  let seen = 0;
  let dirty = false;
  const timer = setInterval(() => {
    if (count !== seen) {
      seen = count;
      dirty = true;
      return;
    }
    if (dirty) {
      dirty = false;
      collect();
    }
  }, intervalMs);
  timer.unref?.();
  return {
    note: () => void count++,
    stop: () => clearInterval(timer),
  };
}
