/**
 * A small, short-lived cache of what wall pages read from SQLite (a brand's summary, one page of items), so a
 * burst of visitors to one wall costs one read per page instead of one per request (reading a page of a
 * 1,000-testimonial wall touches about a thousand rows: the count and the OFFSET walk).
 *
 * Freshness: an entry is dropped the moment what its brand shows changes (the walls module's shown-change handler `forgetShown`, called inside the
 * changing transaction: moderation, published media, transcript, brand and logo changes), and is never used after
 * `TTL_MS` whatever happens, which covers changes that do not announce themselves. Keys carry the brand's
 * `updated_at`, so a renamed or recoloured brand is read afresh at once. bun:sqlite is synchronous, so no request
 * runs between a change's invalidation and its commit. Entries are per database handle and at most `MAX_ENTRIES`.
 */
import type { Tx } from "../../platform/db/unit-of-work";
import type { Db } from "../../platform/db/client";
import type { Clock } from "../../platform/clock";
import type { ShownChange } from "../../platform/hooks";
import type { BrandRow } from "../brands";
import { forgetBrandPages } from "./page-cache";

/** Longest time an entry is used (ms). */
export const TTL_MS = 2000;

/** Entries kept per database handle; the oldest goes first. */
const MAX_ENTRIES = 500;

interface Entry {
  at: number;
  value: unknown;
}

const caches = new WeakMap<Db, Map<string, Entry>>();

/** The walls module's shown-change handler: the brand's cached reads and rendered pages (page-cache.ts) are dropped. */
export const forgetShown = (tx: Tx, change: ShownChange): void => {
  const { db } = tx;
  forgetBrand(db, change.brandId);
  forgetBrandPages(db, change.brandId);
};

/** Drops every entry of a brand. */
export function forgetBrand(db: Db, brandId: string) {
  const cache = caches.get(db);
  if (!cache) return;
  for (const key of cache.keys()) if (key.startsWith(`${brandId}|`)) cache.delete(key);
}

/** The cached value of `part` for a brand, or what `load` returns (then kept for `TTL_MS`). */
export function cachedRead<T>(
  db: Db,
  clock: Clock,
  brand: Pick<BrandRow, "id" | "updatedAt">,
  part: string,
  load: () => T,
): T {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
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
