/**
 * Serves the embed script at `{cdn_url}/widget.js`, a name that never changes: always the current build, kept
 * by browsers for five minutes and then revalidated with its ETag, so a new release reaches every page within
 * minutes. The bundle is built as a module; served as a classic script, it is enclosed in a function so none
 * of its names leak into the host page. Kept in memory compressed once (brotli and gzip, for browsers that take
 * them), with a strong ETag per encoding. The same plugin answers the widget documents
 * (`{cdn_url}/widgets/{id}.json`) from memory (document-cache.ts), and their HTML fragments (`{id}.html`,
 * static-cache.ts).
 */
import { Elysia } from "elysia";
import { gzipSync } from "node:zlib";
import type { Deps } from "../../platform/deps";
import { sha256 } from "../../platform/crypto";
import { mountPrefix } from "../../platform/http/hosts";
import type { WebAsset } from "../../platform/http/web-assets";
import { makeDocument, sendDocument, type CachedDocument } from "../../platform/http/cached-document";
import { MAX_AGE, notFoundResponse, servePublic } from "../../platform/http/cdn";
import { widgetDocumentNow, widgetDocumentResponse } from "./document-cache";
import { fragmentOf, widgetHtmlResponse } from "./static-cache";
import { setFastPath } from "../../platform/http/fast-lane";

/** How long browsers keep the script before asking again (seconds). */
export const SCRIPT_MAX_AGE = 300;

interface Script {
  plain: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer>;
  etag: string;
}

/** The built embed script among the web assets (`/widget/main-<hash>.js`). */
export function findWidgetBundle(assets: Map<string, WebAsset>): WebAsset | undefined {
  for (const [key, asset] of assets) if (key.startsWith("/widget/") && key.endsWith(".js")) return asset;
  return undefined;
}

/**
 * The bundle as served: enclosed in a strict-mode function and written in ASCII (other characters as `\u`
 * escapes, so a copy served without a charset still reads right on a page in another encoding), with its
 * gzipped form and ETag.
 */
export function wrapScript(bundle: string): Script {
  const ascii = bundle.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  const text = `(function(){"use strict";\n${ascii}\n})();\n`;
  const plain = new TextEncoder().encode(text);
  return { plain, gzip: new Uint8Array(gzipSync(plain, { level: 9 })), etag: `"${sha256(text).slice(0, 20)}"` };
}

const notFound = () =>
  new Response(
    JSON.stringify({
      error: { code: "not_found", message: "The widget script is not built; run `bun run build:web`." },
    }),
    {
      status: 404,
      headers: { "content-type": "application/json", "access-control-allow-origin": "*", "cache-control": "no-store" },
    },
  );

/** The headers of the script as served. */
const SCRIPT_HEADERS: Readonly<Record<string, string>> = {
  "content-type": "text/javascript; charset=utf-8",
  "cache-control": `public, max-age=${SCRIPT_MAX_AGE}`,
  "access-control-allow-origin": "*",
  "cross-origin-resource-policy": "cross-origin",
  "x-content-type-options": "nosniff",
};

/** What the document route reads of its context (the request id comes from the root's error handling). */
type RouteContext = { params: { file: string }; request: Request; requestId?: string };

/** A widget document's file name: `{id}.json` (or its HTML fragment, `{id}.html`) with a plain id. */
const DOCUMENT_FILE = /^([A-Za-z0-9_-]{1,80})\.(json|html)$/;

/** Elysia plugin for `{cdn_url}/widget.js` and the widget documents `{cdn_url}/widgets/{id}.json`, mounted where the CDN area lives. */
export function widgetScriptPlugin(assets: Map<string, WebAsset>, deps: Deps) {
  const asset = findWidgetBundle(assets);
  const cdn = mountPrefix(deps.config, "cdn");
  // Read once at start, so a rebuild from source cannot pair this server with a newer, untested file.
  let script: CachedDocument | null = null;
  const loading: Promise<CachedDocument | null> = asset
    ? Bun.file(asset.path)
        .text()
        .then((text) => (script = makeDocument(wrapScript(text).plain, SCRIPT_HEADERS)))
    : Promise.resolve(null);
  // The fast lane (src/platform/http/fast-lane.ts): the script, and documents and fragments kept in memory, are sent
  // before the framework, exactly as the routes below send them; anything else goes through the routes.
  const scriptPath = `${cdn}/widget.js`;
  const documents = `${cdn}/widgets/`;
  setFastPath(deps, "widgets", `${cdn}/widget`, (request, path, _search, extra) => {
    if (path === scriptPath) return script ? sendDocument(request, script, 200, extra) : null;
    if (!path.startsWith(documents)) return null;
    const [, id, ext] = DOCUMENT_FILE.exec(path.slice(documents.length)) ?? [];
    if (!id) return null;
    const doc = widgetDocumentNow(deps, id);
    if (!doc || doc instanceof Promise) return null;
    return sendDocument(request, ext === "html" ? fragmentOf(doc) : doc, 200, extra);
  });
  return (
    new Elysia({ name: "widget-script", seed: deps.config.cdnUrl })
      .get(`${cdn}/widget.js`, ({ request }) => {
        if (script) return sendDocument(request, script);
        return loading.then((s) => (s ? sendDocument(request, s) : notFound()));
      })
      // Destructured: a handler taking the whole context makes Elysia parse cookies and query on every request.
      .get(`${cdn}/widgets/:file`, ({ params, request, requestId }: RouteContext) => {
        const ctx = { request, requestId };
        const file = params.file;
        const [, id, ext] = DOCUMENT_FILE.exec(file) ?? [];
        if (!id) {
          if (file.startsWith(".")) return notFoundResponse(ctx);
          return servePublic(ctx, deps, `widgets/${file}`, MAX_AGE.widgets!);
        }
        const answer =
          ext === "html" ? widgetHtmlResponse(deps, request, id) : widgetDocumentResponse(deps, request, id);
        if (answer instanceof Promise) return answer.then((r) => r ?? notFoundResponse(ctx));
        return answer ?? notFoundResponse(ctx);
      })
  );
}
