/**
 * The CDN address: files of the data directory's `public/` area and the built-in assets, served without
 * credentials, with `Access-Control-Allow-Origin: *`, ETags and cache headers. Names under `public/` are
 * unguessable and replaced rather than rewritten, so long caching is safe; per-folder rules can shorten it.
 * Widget documents (`widgets/{id}.json`) are answered from memory by the widgets module's CDN route
 * (src/domains/widgets/document-cache.ts), mounted before these; other files are read from storage per request.
 */
import { Elysia } from "elysia";
import type { Deps } from "../deps";
import { blobResponse } from "./blob-response";
import { contentType } from "../mime";
import { requestIdFor } from "./errors";
import { DEFAULT_MAX_AGE, publicMaxAge } from "../public-files";
import defaultLogo from "../../../assets/default-logo.png" with { type: "file" };

export { MAX_AGE } from "../public-files";

/** Built-in files served under `{cdn}/assets/`. */
const BUILT_IN: Record<string, string> = { "default-logo.png": defaultLogo };

/**
 * The built-in files' paths under the CDN address, for copying into the public area at start
 * (src/platform/publish-static.ts), so a bucket used as the CDN address holds them too.
 */
export const BUILT_IN_CDN_FILES: readonly string[] = Object.keys(BUILT_IN).map((name) => `assets/${name}`);

/** Serves a built-in asset file. */
async function serveAsset(ctx: { request: Request }, path: string, name: string): Promise<Response> {
  const file = Bun.file(path);
  if (!(await file.exists())) return notFoundResponse(ctx);
  const headers = fileHeaders(name, DEFAULT_MAX_AGE, { size: file.size, mtimeMs: file.lastModified });
  if (ctx.request.headers.get("if-none-match") === headers.etag) return new Response(null, { status: 304, headers });
  return new Response(file, { headers });
}

/** Serves a file of the public area through the BlobStore (byte ranges honoured). */
export async function servePublic(
  ctx: { request: Request },
  deps: Deps,
  key: string,
  maxAge: number,
): Promise<Response> {
  const st = await deps.storage.stat("public", key);
  if (!st) return notFoundResponse(ctx);
  const headers = fileHeaders(key, maxAge, st);
  if (ctx.request.headers.get("if-none-match") === headers.etag) return new Response(null, { status: 304, headers });
  return (await blobResponse(ctx.request, deps.storage, "public", key, headers, st)) ?? notFoundResponse(ctx);
}

function fileHeaders(name: string, maxAge: number, st: { size: number; mtimeMs: number }): Record<string, string> {
  const etag = `W/"${st.size.toString(36)}-${Math.floor(st.mtimeMs).toString(36)}"`;
  const headers: Record<string, string> = {
    "access-control-allow-origin": "*",
    "cache-control": `public, max-age=${maxAge}`,
    etag,
    "x-content-type-options": "nosniff",
    "cross-origin-resource-policy": "cross-origin",
    "content-type": contentType(name),
  };
  return headers;
}

/** The 404 of a missing file, in the error shape every answer has (request id included). */
export function notFoundResponse(ctx: { request: Request }) {
  // The id the root's error handling gave this request (its derive runs first), so header and body agree.
  const requestId = (ctx as { requestId?: string }).requestId ?? requestIdFor(ctx.request);
  return new Response(
    JSON.stringify({ error: { code: "not_found", message: "No such file.", request_id: requestId } }),
    {
      status: 404,
      headers: {
        "content-type": "application/json; charset=utf-8",
        "x-request-id": requestId,
        "access-control-allow-origin": "*",
        "cache-control": "public, max-age=10",
      },
    },
  );
}

/** Mounts the CDN under `prefix` (the path of `cdn_url`). */
export function cdnPlugin(deps: Deps, prefix: string) {
  return new Elysia()
    .get(`${prefix}/assets/:name`, (ctx) => {
      const path = BUILT_IN[ctx.params.name];
      return path ? serveAsset(ctx, path, ctx.params.name) : notFoundResponse(ctx);
    })
    .get(`${prefix}/*`, (ctx) => {
      const key = (ctx.params as { "*": string })["*"];
      if (!key || key.split("/").some((p) => p === ".." || p.startsWith("."))) return notFoundResponse(ctx);
      return servePublic(ctx, deps, key, publicMaxAge(key)).catch((e) => {
        if (e instanceof Error && e.message.startsWith("storage key escapes")) return notFoundResponse(ctx);
        throw e;
      });
    })
    .options(
      `${prefix}/*`,
      () =>
        new Response(null, {
          status: 204,
          headers: {
            "access-control-allow-origin": "*",
            "access-control-allow-methods": "GET, HEAD",
            "access-control-max-age": "86400",
          },
        }),
    );
}
