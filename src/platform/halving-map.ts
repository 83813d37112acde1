/**
 * A bounded map for what is kept per stranger (the beacon path's visitors, addresses and page hosts; the rate
 * limits' hits per client): at most `max` entries, kept in two halves. New entries go into the young half; when it
 * holds `max / 2`, the old half is dropped whole and the young one becomes old; an entry read from the old half
 * moves back into the young one. So the least recently used entries are forgotten first, half the map at a time,
 * and no entry is ever evicted one by one: on Bun (JavaScriptCore) taking a Map's first key after many deletions
 * walks past every deleted slot, about 9 µs a time at 10,000 entries, which was a fifth of what a beacon cost
 * (docs/performance.md).
 */
export class HalvingMap<K, V> {
  private young = new Map<K, V>();
  private old = new Map<K, V>();
  private readonly half: number;

  /** A map of at most `max` entries (at least 2). */
  constructor(max: number) {
    this.half = Math.max(1, Math.floor(max / 2));
  }

  /** The value of `key`, or undefined; a value found in the old half moves to the young one. */
  get(key: K): V | undefined {
    const value = this.young.get(key);
    if (value !== undefined) return value;
    const old = this.old.get(key);
    if (old !== undefined) {
      this.old.delete(key);
      this.put(key, old);
    }
    return old;
  }

  /** Sets `key` to `value` (in the young half). */
  set(key: K, value: V): void {
    if (this.young.has(key)) this.young.set(key, value);
    else {
      this.old.delete(key);
      this.put(key, value);
    }
  }

  /** Sets `key`, which `get` has just not found, to `value` (what `set` does, without looking for it again). */
  add(key: K, value: V): void {
    this.put(key, value);
  }

  /** Entries held. */
  get size(): number {
    return this.young.size + this.old.size;
  }

  /** Forgets everything. */
  clear(): void {
    this.young = new Map();
    this.old = new Map();
  }

  private put(key: K, value: V): void {
    if (this.young.size >= this.half) {
      this.old = this.young;
      this.young = new Map();
    }
    this.young.set(key, value);
  }
}
