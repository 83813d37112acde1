/**
 * A small, short-lived cache of what wall pages read from SQLite (a brand's summary, one page of items), so a
 * burst of visitors to one wall costs one read per page instead of one per request (reading a page of a
 * 1,000-testimonial wall touches about a thousand rows: the count and the OFFSET walk).
 *
 * Freshness: an entry is dropped the moment what its brand shows changes (the walls module's shown-change handler `forgetShown`, called inside the
 * changing transaction: moderation, published media, transcript, brand and logo changes), and is never used after
 * `TTL_MS` whatever happens, which covers changes that do not announce themselves. Keys carry the brand's
 * `updated_at`, so a renamed or recoloured brand is read afresh at once. bun:sqlite is synchronous, so no request
 * runs between a change's invalidation and its commit. Entries are the app's (`deps.state`), at most `MAX_ENTRIES`.
 */
import type { Tx } from "../../platform/db/unit-of-work";
import type { Slot } from "../../platform/app-state";
import type { Deps } from "../../platform/deps";
import type { Clock } from "../../platform/clock";
import type { ShownChange } from "../../platform/hooks";
import type { BrandRow } from "../brands";
import { forgetBrandPages } from "./page-cache";

/** Longest time an entry is used (ms). */
export const TTL_MS = 2000;

/** Entries kept per app; the oldest goes first. */
const MAX_ENTRIES = 500;

interface Entry {
  at: number;
  value: unknown;
}

/** The app's kept reads (`deps.state`). */
const READS: Slot<Map<string, Entry>> = { name: "walls.reads", make: () => new Map() };

/** What the kept reads live on: the app's state. */
type App = Pick<Deps, "state">;

/** The walls module's shown-change handler: the brand's cached reads and rendered pages (page-cache.ts) are dropped. */
export const forgetShown = (tx: Tx, change: ShownChange): void => {
  forgetBrand(tx.deps, change.brandId);
  forgetBrandPages(tx.deps, change.brandId);
};

/** Drops every entry of a brand. */
export function forgetBrand(app: App, brandId: string) {
  const cache = app.state.peek(READS);
  if (!cache) return;
  for (const key of cache.keys()) if (key.startsWith(`${brandId}|`)) cache.delete(key);
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
  cache.delete(key);
  cache.set(key, { at: now, value });
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  return value;
}
