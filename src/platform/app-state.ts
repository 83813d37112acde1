/**
 * Per-app state: caches, pending batches, flushes to run before the database closes. Each `Deps` holds one
 * `AppState` (`deps.state`), so two apps in one process (tests) never share a cache, and no map keyed on the
 * database handle stands in for a field of the Deps. A module names its part with a `Slot` (an object literal: a
 * name and how to make the first value), made on first use:
 *
 *     const PAGES: Slot<Map<string, Entry>> = { name: "walls.pages", make: () => new Map() };
 *     const cache = deps.state.of(PAGES);
 */

/** One module's part of the per-app state: its name (for messages) and how to make its first value. */
export interface Slot<T> {
  readonly name: string;
  readonly make: () => T;
}

/** The per-app state of one Deps. */
export class AppState {
  readonly #values = new Map<Slot<unknown>, unknown>();

  /** The slot's value, made on first use. */
  of<T>(slot: Slot<T>): T {
    if (!this.#values.has(slot)) this.#values.set(slot, slot.make());
    return this.#values.get(slot) as T;
  }

  /** The slot's value if it was made, else undefined (for readers that must not make it). */
  peek<T>(slot: Slot<T>): T | undefined {
    return this.#values.get(slot) as T | undefined;
  }
}
