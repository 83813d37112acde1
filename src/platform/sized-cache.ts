/**
 * A cache bounded by bytes, not by entries: each entry is stored with its size (what its value holds in memory,
 * as the caller counts it), and the least recently used entries go first when the total passes `maxBytes`. An
 * entry larger than the whole budget is not kept at all. With `idleMs`, an entry not used for that long is dropped
 * by a timer (unref'd: it never keeps the process alive), so memory held after a burst of traffic comes back
 * when the box is idle instead of staying until the next burst.
 *
 * The sweep runs when the least recently used entry turns `idleMs` unused, and asks the idle collector for a
 * collection when it dropped anything (what a cache lets go of is freed only by the next garbage collection).
 *
 * Used for the documents kept ready to send (wall pages, widget documents) and the wall reads, so what the box
 * holds does not grow with the number of brands, widgets or testimonials (issue 28).
 */

import { collectSoon } from "./idle-collector";

interface Held<V> {
  value: V;
  bytes: number;
  usedAt: number;
}

/** What a `SizedCache` holds and how (for tests and the memory notes). */
export interface SizedCacheStats {
  entries: number;
  bytes: number;
  maxBytes: number;
}

/** A least-recently-used cache bounded by the bytes of its values (see the file comment). */
export class SizedCache<K, V> {
  readonly #entries = new Map<K, Held<V>>();
  #bytes = 0;
  #timer: ReturnType<typeof setTimeout> | null = null;

  /**
   * `idleMs`: drop entries unused that long (null: never). `pinned`: entries it is true for are never dropped to
   * make room or when idle (they count towards the total; their owner deletes them).
   */
  constructor(
    readonly maxBytes: number,
    readonly idleMs: number | null = null,
    readonly pinned: ((value: V) => boolean) | null = null,
  ) {}

  /** The value kept for `key`, now the most recently used; undefined when there is none. */
  get(key: K): V | undefined {
    const held = this.#entries.get(key);
    if (!held) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, held);
    if (this.idleMs !== null) held.usedAt = performance.now();
    return held.value;
  }

  /** The value kept for `key` without marking it used. */
  peek(key: K): V | undefined {
    return this.#entries.get(key)?.value;
  }

  /** True when a value is kept for `key`. */
  has(key: K): boolean {
    return this.#entries.has(key);
  }

  /** Keeps `value` (`bytes` is what it holds); the least recently used entries go while the total is too large. */
  set(key: K, value: V, bytes: number): void {
    this.delete(key);
    if (bytes > this.maxBytes && !this.pinned?.(value)) return;
    this.#entries.set(key, { value, bytes, usedAt: performance.now() });
    this.#bytes += bytes;
    if (this.#bytes > this.maxBytes)
      for (const [k, held] of this.#entries) {
        if (this.#bytes <= this.maxBytes) break;
        if (!this.pinned?.(held.value)) this.delete(k);
      }
    this.#schedule();
  }

  /** Drops the entry of `key`. */
  delete(key: K): boolean {
    const held = this.#entries.get(key);
    if (!held) return false;
    this.#entries.delete(key);
    this.#bytes -= held.bytes;
    return true;
  }

  /** Drops every entry whose key and value pass `test`. */
  deleteWhere(test: (key: K, value: V) => boolean): void {
    for (const [key, held] of this.#entries) if (test(key, held.value)) this.delete(key);
  }

  /** Drops everything. */
  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
  }

  /** The keys, least recently used first. */
  keys(): IterableIterator<K> {
    return this.#entries.keys();
  }

  /** Entries, bytes held and the budget. */
  stats(): SizedCacheStats {
    return { entries: this.#entries.size, bytes: this.#bytes, maxBytes: this.maxBytes };
  }

  /** Sweeps when the least recently used entry turns `idleMs` unused (not a whole `idleMs` after the last sweep). */
  #schedule() {
    if (this.idleMs === null || this.#timer) return;
    let oldest: number | null = null;
    for (const held of this.#entries.values())
      if (!this.pinned?.(held.value)) {
        oldest = held.usedAt;
        break;
      }
    if (oldest === null) return;
    const wait = Math.max(50, oldest + this.idleMs - performance.now() + 1);
    this.#timer = setTimeout(() => this.#sweep(), wait);
    this.#timer.unref?.();
  }

  #sweep() {
    this.#timer = null;
    // What was dropped is garbage now; an idle box collects it (src/platform/idle-collector.ts).
    if (this.dropUnused() > 0) collectSoon();
    this.#schedule();
  }

  /** Drops the entries (not pinned) unused for `idleMs` now, and says how many; the timer calls it. */
  dropUnused(): number {
    if (this.idleMs === null) return 0;
    const before = performance.now() - this.idleMs!;
    let dropped = 0;
    // Least recently used first: stop at the first entry used since.
    for (const [key, held] of this.#entries) {
      if (held.usedAt > before) break;
      if (!this.pinned?.(held.value) && this.delete(key)) dropped++;
    }
    return dropped;
  }
}
