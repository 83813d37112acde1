/**
 * Wall pages and permalinks kept rendered: per address (live or sandbox, slug, page number or testimonial id) the
 * finished HTML, gzipped and brotli-compressed, with its headers and strong ETags (src/platform/http/cached-document.ts),
 * so a burst of visitors costs one render and one compression per change instead of one per request.
 *
 * Freshness: a brand's documents are dropped the moment what it shows changes (the walls module's shown-change
 * handler, `forgetShown` in read-cache.ts, runs inside the changing transaction: moderation, published media,
 * transcripts, tags, brand, logo and plan changes; bun:sqlite is synchronous, so no request runs between the drop
 * and the commit). A kept document is rendered again after `TTL_MS` whatever happens, which covers changes that do
 * not announce themselves in this process (the CLI, another process on the same data directory); when the new
 * bytes are the same, the kept compressed forms and ETags are reused. Keys name the mode (and the sandbox's
 * organisation), so tenants never share an entry. Entries are the app's (`deps.state`), within `MAX_BYTES` (least
recently asked for first), and a page nobody asked for in `IDLE_MS` is dropped, so an idle box gives the memory back.
 */
import type { Slot } from "../../platform/app-state";
import type { Deps } from "../../platform/deps";
import type { Clock } from "../../platform/clock";
import type { CachedDocument } from "../../platform/http/cached-document";
import { SizedCache } from "../../platform/sized-cache";

/** Longest time a document is served before it is rendered again (ms). */
export const TTL_MS = 2000;

/** Bytes of documents kept per app (a page is ~50–100 KB in all three encodings); the least recently used go first. */
export const MAX_BYTES = 8 * 1024 * 1024;

/** A kept page nobody asked for in this long is dropped (ms). */
export const IDLE_MS = 30_000;

interface Entry {
  brandId: string;
  at: number;
  doc: CachedDocument;
}

/** The app's kept documents (`deps.state`). */
const PAGES: Slot<SizedCache<string, Entry>> = {
  name: "walls.pages",
  make: () => new SizedCache<string, Entry>(MAX_BYTES, IDLE_MS),
};

/** What the kept pages live on: the app's state. */
type App = Pick<Deps, "state">;

/** The document kept for `key` while it is fresh, else null. */
export function freshPage(app: App, clock: Clock, key: string): CachedDocument | null {
  const hit = app.state.peek(PAGES)?.get(key);
  if (!hit) return null;
  const age = clock.now() - hit.at;
  return age < TTL_MS && age >= 0 ? hit.doc : null;
}

/** The document last kept for `key`, fresh or not (to reuse its compressed forms when a render gives the same bytes). */
export function keptPage(app: App, key: string): CachedDocument | null {
  return app.state.peek(PAGES)?.peek(key)?.doc ?? null;
}

/** Keeps a brand's document under `key`. */
export function keepPage(app: App, clock: Clock, key: string, brandId: string, doc: CachedDocument) {
  app.state.of(PAGES).set(key, { brandId, at: clock.now(), doc }, doc.memoryBytes);
}

/** Drops a key (its address now answers something that is not kept: an error, a redirect). */
export function dropPage(app: App, key: string) {
  app.state.peek(PAGES)?.delete(key);
}

/** Drops every document of a brand. */
export function forgetBrandPages(app: App, brandId: string) {
  app.state.peek(PAGES)?.deleteWhere((_key, e) => e.brandId === brandId);
}
