/**
 * Serves the embed script at `{cdn_url}/widget.js`, a name that never changes: always the current build, kept
 * by browsers for five minutes and then revalidated with its ETag, so a new release reaches every page within
 * minutes. The bundle is built as a module; served as a classic script, it is enclosed in a function so none
 * of its names leak into the host page. Sent gzipped to browsers that accept it.
 */
import { Elysia } from "elysia";
import { gzipSync } from "node:zlib";
import type { Deps } from "../../platform/deps";
import { sha256 } from "../../platform/crypto";
import { mountPrefix } from "../../platform/http/hosts";
import type { WebAsset } from "../../platform/http/web-assets";

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

const notFound = () => new Response(JSON.stringify({ error: { code: "not_found", message: "The widget script is not built; run `bun run build:web`." } }), {
  status: 404,
  headers: { "content-type": "application/json", "access-control-allow-origin": "*", "cache-control": "no-store" },
});

/** Elysia plugin for `{cdn_url}/widget.js`, mounted where the CDN area lives. */
export function widgetScriptPlugin(assets: Map<string, WebAsset>, deps: Deps) {
  const asset = findWidgetBundle(assets);
  // Read once at start, so a rebuild from source cannot pair this server with a newer, untested file.
  const script: Promise<Script | null> = asset ? Bun.file(asset.path).text().then(wrapScript) : Promise.resolve(null);
  return new Elysia({ name: "widget-script", seed: deps.config.cdnUrl })
    .get(`${mountPrefix(deps.config, "cdn")}/widget.js`, async ({ request }) => {
      const s = await script;
      if (!s) return notFound();
      const gzip = /\bgzip\b/.test(request.headers.get("accept-encoding") ?? "");
      const etag = gzip ? `${s.etag.slice(0, -1)}-gz"` : s.etag;
      const headers: Record<string, string> = {
        "content-type": "text/javascript; charset=utf-8",
        "cache-control": `public, max-age=${SCRIPT_MAX_AGE}`,
        etag,
        vary: "accept-encoding",
        "access-control-allow-origin": "*",
        "cross-origin-resource-policy": "cross-origin",
        "x-content-type-options": "nosniff",
      };
      if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
      if (gzip) headers["content-encoding"] = "gzip";
      return new Response(gzip ? s.gzip : s.plain, { headers });
    });
}
