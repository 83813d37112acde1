/**
 * A small, short-lived cache of what wall pages read from SQLite (a brand's summary, one page of items), so a
 * burst of visitors to one wall costs one read per page instead of one per request (reading a page of a
 * 1,000-testimonial wall touches about a thousand rows: the count and the OFFSET walk).
 *
 * Freshness: an entry is dropped the moment what its brand shows changes (the walls module's shown-change handler `forgetShown`, called inside the
 * changing transaction: moderation, published media, transcript, brand and logo changes), and is never used after
 * `TTL_MS` whatever happens, which covers changes that do not announce themselves. Keys carry the brand's
 * `updated_at`, so a renamed or recoloured brand is read afresh at once. bun:sqlite is synchronous, so no request
 * runs between a change's invalidation and its commit. Entries are the app's (`deps.state`), within `MAX_BYTES` (their
size estimated from their JSON), and dropped once unused for `IDLE_MS`, so an idle box gives the memory back.
 */
import type { Tx } from "../../platform/db/unit-of-work";
import type { Slot } from "../../platform/app-state";
import type { Deps } from "../../platform/deps";
import type { Clock } from "../../platform/clock";
import type { ShownChange } from "../../platform/hooks";
import type { BrandRow } from "../brands";
import { forgetBrandPages } from "./page-cache";
import { SizedCache } from "../../platform/sized-cache";

/** Longest time an entry is used (ms). */
export const TTL_MS = 2000;

/** Bytes of reads kept per app (estimated: twice their JSON's length); the least recently used go first. */
export const MAX_BYTES = 4 * 1024 * 1024;

/** An entry unused this long is dropped (ms): it is stale after `TTL_MS` anyway. */
const IDLE_MS = 10_000;

interface Entry {
  at: number;
  value: unknown;
}

/** What a read holds in memory, roughly: twice its JSON's length (a value JSON cannot write counts 4 KB). */
function sizeOf(value: unknown): number {
  try {
    return 2 * (JSON.stringify(value)?.length ?? 0) + 256;
  } catch {
    return 4096;
  }
}

/** The app's kept reads (`deps.state`). */
const READS: Slot<SizedCache<string, Entry>> = {
  name: "walls.reads",
  make: () => new SizedCache<string, Entry>(MAX_BYTES, IDLE_MS),
};

/** What the kept reads live on: the app's state. */
type App = Pick<Deps, "state">;

/** The walls module's shown-change handler: the brand's cached reads and rendered pages (page-cache.ts) are dropped. */
export const forgetShown = (tx: Tx, change: ShownChange): void => {
  forgetBrand(tx.deps, change.brandId);
  forgetBrandPages(tx.deps, change.brandId);
};

/** Drops every entry of a brand. */
export function forgetBrand(app: App, brandId: string) {
  app.state.peek(READS)?.deleteWhere((key) => key.startsWith(`${brandId}|`));
}

/** The cached value of `part` for a brand, or what `load` returns (then kept for `TTL_MS`). */
export function cachedRead<T>(
  app: App,
  clock: Clock,
  brand: Pick<BrandRow, "id" | "updatedAt">,
  part: string,
  load: () => T,
): T {
  const cache = app.state.of(READS);
  const key = `${brand.id}|${brand.updatedAt}|${part}`;
  const now = clock.now();
  const hit = cache.get(key);
  if (hit && now - hit.at < TTL_MS && now >= hit.at) return hit.value as T;
  const value = load();
  cache.set(key, { at: now, value }, sizeOf(value));
  return value;
}
