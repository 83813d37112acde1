/**
 * Widget documents served from memory: `{cdn_url}/widgets/{id}.json` is answered from the document's bytes kept
 * ready in plain, gzip and brotli form with a strong ETag (src/platform/http/cached-document.ts), `304` on
 * `If-None-Match`, and the CDN's headers (CORS `*`, one-minute cache, `nosniff`, cross-origin resource policy).
 *
 * The publisher (publisher.ts) hands each document it writes to `keepWidgetDocument`, so a rebuild in this
 * process shows on the very next request. The file in the public area stays the source of truth: a document not
 * kept yet is read from storage once, and a kept one is compared with the stored file's size and time at most
 * every `RECHECK_MS` (one `stat`), so a document written by another process (the CLI, a second server on the same
 * storage) shows within a second too. Kept per app (`deps.state`), within `MAX_BYTES` (the least recently asked for
goes first; a document not kept is read from storage again), so memory does not grow with the number of widgets.
 *
 * A testimonial its respondent removed leaves every document of its brand in the removing transaction: the widgets
 * module builds them anew there and pins them here (`pinWidgetDocument`), served as they are until the publish job
 * has written the new file, so no request between the removal and the rebuild sees the words again.
 *
 * A deleted widget's document answers 404 at once: the delete's transaction marks the widget gone
 * (`noteWidgetGone`, through `schedulePublish`), before the file is removed; the mark is dropped when the publish
 * job has removed the file, or when the widget turns out to exist after all (the transaction rolled back).
 */
import type { Slot } from "../../platform/app-state";
import { eq } from "drizzle-orm";
import type { Deps } from "../../platform/deps";
import type { Db } from "../../platform/db/client";
import { makeDocument, sendDocument, type CachedDocument } from "../../platform/http/cached-document";
import { SizedCache } from "../../platform/sized-cache";
import { contentType } from "../../platform/mime";
import { documentKey } from "./publisher";
import { widgets } from "./tables";

/** How often a kept document is compared with the stored file (ms). */
export const RECHECK_MS = 1000;

/**
 * Bytes of documents kept per app (a 24-item document is about 11 KB plain, 3 KB compressed; 50–100 KB in memory
 * with its HTML fragment, made from it on demand): the 40–80 most asked for; others are read from storage again.
 */
export const MAX_BYTES = 4 * 1024 * 1024;

/** How long browsers and CDNs may keep a widget document (seconds): the CDN's rule for `widgets/`. */
export const DOCUMENT_MAX_AGE = 60;

interface Kept {
  doc: CachedDocument;
  size: number;
  mtimeMs: number;
  checkedAt: number;
  /** Built in a removing transaction: served without looking at the (older) stored file until the next publish. */
  pinned?: boolean;
}

/** The app's kept documents (`deps.state`). */
const KEPT: Slot<SizedCache<string, Kept>> = {
  name: "widgets.documents",
  make: () => new SizedCache<string, Kept>(MAX_BYTES, null, (k) => !!k.pinned),
};

const HEADERS: Readonly<Record<string, string>> = {
  "access-control-allow-origin": "*",
  "cache-control": `public, max-age=${DOCUMENT_MAX_AGE}`,
  "x-content-type-options": "nosniff",
  "cross-origin-resource-policy": "cross-origin",
  "content-type": contentType("document.json"),
};

function cacheOf(deps: Pick<Deps, "state">): SizedCache<string, Kept> {
  return deps.state.of(KEPT);
}

/** What a kept document holds: its encodings, and about as much again for the HTML fragment made from it. */
const weight = (doc: CachedDocument) => 2 * doc.memoryBytes;

function keep(
  deps: Pick<Deps, "storage" | "clock" | "state">,
  widgetId: string,
  body: string | Uint8Array,
  stat: { size: number; mtimeMs: number },
): CachedDocument {
  const cache = cacheOf(deps);
  const doc = makeDocument(body, HEADERS, cache.peek(widgetId)?.doc);
  cache.set(widgetId, { doc, size: stat.size, mtimeMs: stat.mtimeMs, checkedAt: deps.clock.now() }, weight(doc));
  return doc;
}

/**
 * Serves `body` for the widget from now on, whatever the stored file says, until the publisher writes the next one
 * (`keepWidgetDocument`): for a document built inside a transaction that withdrew a testimonial.
 */
export function pinWidgetDocument(deps: Pick<Deps, "storage" | "clock" | "state">, widgetId: string, body: string) {
  const cache = cacheOf(deps);
  const doc = makeDocument(body, HEADERS, cache.peek(widgetId)?.doc);
  cache.set(widgetId, { doc, size: -1, mtimeMs: -1, checkedAt: deps.clock.now(), pinned: true }, weight(doc));
}

/** Drops a pinned document (the stored file is current again: the publisher found nothing to change). */
export function unpinWidgetDocument(deps: Pick<Deps, "storage" | "state">, widgetId: string) {
  const cache = deps.state.peek(KEPT);
  if (cache?.peek(widgetId)?.pinned) cache.delete(widgetId);
}

/** Keeps the document the publisher just wrote (`body` is the file's content), so the next request serves it. */
export async function keepWidgetDocument(
  deps: Pick<Deps, "storage" | "clock" | "state">,
  widgetId: string,
  body: string,
): Promise<void> {
  const stat = await deps.storage.stat("public", documentKey(widgetId));
  if (stat) keep(deps, widgetId, body, stat);
  else deps.state.peek(KEPT)?.delete(widgetId);
}

/** Widgets deleted whose file may still be there (the app's, in `deps.state`). */
const GONE: Slot<Set<string>> = { name: "widgets.gone", make: () => new Set() };

/** Marks a widget deleted (call inside the deleting transaction): its document answers 404 from now on. */
export function noteWidgetGone(deps: Pick<Deps, "state">, widgetId: string) {
  deps.state.of(GONE).add(widgetId);
}

/** Forgets a widget's document (its file was removed), and the mark of its deletion. */
export function forgetWidgetDocument(deps: Pick<Deps, "storage" | "db" | "state">, widgetId: string) {
  deps.state.peek(KEPT)?.delete(widgetId);
  deps.state.peek(GONE)?.delete(widgetId);
}

/** True when the widget was deleted (checked against the database, in case the deleting transaction rolled back). */
function isGone(deps: Pick<Deps, "storage" | "db" | "state">, widgetId: string): boolean {
  const set = deps.state.peek(GONE);
  if (!set?.has(widgetId)) return false;
  if (!deps.db.select({ id: widgets.id }).from(widgets).where(eq(widgets.id, widgetId)).get()) {
    deps.state.peek(KEPT)?.delete(widgetId);
    return true;
  }
  set.delete(widgetId);
  return false;
}

/** The kept document of a widget, read or re-read from storage when needed; null when there is none. */
async function current(
  deps: Pick<Deps, "storage" | "clock" | "state">,
  widgetId: string,
): Promise<CachedDocument | null> {
  const cache = cacheOf(deps);
  const hit = cache.get(widgetId);
  const now = deps.clock.now();
  if (hit?.pinned || (hit && now - hit.checkedAt < RECHECK_MS && now >= hit.checkedAt)) return hit.doc;
  const key = documentKey(widgetId);
  const stat = await deps.storage.stat("public", key);
  if (!stat) {
    cache.delete(widgetId);
    return null;
  }
  if (hit && hit.size === stat.size && hit.mtimeMs === stat.mtimeMs) {
    hit.checkedAt = now;
    return hit.doc;
  }
  const body = await deps.storage.get("public", key);
  if (!body) return null;
  return keep(deps, widgetId, new Uint8Array(await new Response(body as BodyInit).arrayBuffer()), stat);
}

/**
 * The widget's document as it is served now (pinned, kept, or read again from storage), or null when the widget
 * has none. Synchronous in the common case: no promise, no microtask.
 */
export function widgetDocumentNow(
  deps: Pick<Deps, "storage" | "clock" | "db" | "state">,
  widgetId: string,
): CachedDocument | null | Promise<CachedDocument | null> {
  if (isGone(deps, widgetId)) return null;
  const hit = deps.state.peek(KEPT)?.get(widgetId);
  if (hit) {
    const now = deps.clock.now();
    if (hit.pinned || (now - hit.checkedAt < RECHECK_MS && now >= hit.checkedAt)) return hit.doc;
  }
  return current(deps, widgetId);
}

/**
 * The answer for a widget document from memory (`304` on a matching `If-None-Match`), or null when the widget
 * has no document (the caller answers the CDN's 404).
 */
export function widgetDocumentResponse(
  deps: Pick<Deps, "storage" | "clock" | "db" | "state">,
  request: Request,
  widgetId: string,
): Response | null | Promise<Response | null> {
  const doc = widgetDocumentNow(deps, widgetId);
  if (doc instanceof Promise) return doc.then((d) => (d ? sendDocument(request, d) : null));
  return doc ? sendDocument(request, doc) : null;
}
