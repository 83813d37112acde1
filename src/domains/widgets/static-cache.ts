/**
 * `{cdn_url}/widgets/{id}.html` on the box: the widget's HTML fragment (static-html.tsx) made from the document
 * the box serves at that moment (document-cache.ts), once per document, and sent like it (ETag, 304, gzip and
 * brotli, one-minute cache, CORS `*`). Made from the served document rather than read from the stored `.html` file,
 * so the fragment can never say more than the document: a removal's pinned document, a deleted widget's 404 and a
 * rebuild all show in both at once. The stored file (publisher.ts) is for a bucket serving the CDN address.
 */
import type { Deps } from "../../platform/deps";
import { makeDocument, sendDocument, type CachedDocument } from "../../platform/http/cached-document";
import { DOCUMENT_MAX_AGE, widgetDocumentNow } from "./document-cache";
import type { WidgetDocument } from "./format";
import { renderWidgetHtml } from "./static-html";

/** Headers of a fragment: it is HTML to include in a page; opened on its own it can run and fetch nothing. */
export const FRAGMENT_HEADERS: Readonly<Record<string, string>> = {
  "content-type": "text/html; charset=utf-8",
  "access-control-allow-origin": "*",
  "cache-control": `public, max-age=${DOCUMENT_MAX_AGE}`,
  "x-content-type-options": "nosniff",
  "cross-origin-resource-policy": "cross-origin",
  "content-security-policy":
    "default-src 'none'; img-src https: http:; media-src https: http:; style-src 'unsafe-inline'; sandbox",
};

/** The fragment made from each served document (dropped with it). */
const fragments = new WeakMap<CachedDocument, CachedDocument>();

/** The widget's HTML fragment, made from the document `json` (the bytes of a served widget document). */
export function fragmentOf(json: CachedDocument): CachedDocument {
  let html = fragments.get(json);
  if (!html) {
    const doc = JSON.parse(new TextDecoder().decode(json.body)) as WidgetDocument;
    html = makeDocument(renderWidgetHtml(doc), FRAGMENT_HEADERS);
    fragments.set(json, html);
  }
  return html;
}

/** The answer for `{id}.html`, or null when the widget has no document (the caller answers the CDN's 404). */
export function widgetHtmlResponse(
  deps: Pick<Deps, "storage" | "clock" | "db" | "state">,
  request: Request,
  widgetId: string,
): Response | null | Promise<Response | null> {
  const doc = widgetDocumentNow(deps, widgetId);
  if (doc instanceof Promise) return doc.then((d) => (d ? sendDocument(request, fragmentOf(d)) : null));
  return doc ? sendDocument(request, fragmentOf(doc)) : null;
}
