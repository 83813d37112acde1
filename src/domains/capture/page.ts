/**
 * Serves the capture page at `{site_url}/c/{link_id}`: the capture bundle's `index.html` with the runtime
 * config injected (a 404 status for an unknown link, so the page explains it and crawlers drop it), and the
 * bundle's hashed files under `{site_url}/c/assets/`. Every answer carries a strict Content-Security-Policy
 * and a Permissions-Policy that lets only this page use the camera and microphone.
 */
import { Elysia } from "elysia";
import type { Deps } from "../../platform/deps";
import type { Config } from "../../config";
import { AppError, notFound } from "../../platform/errors";
import { loadBundlePage, type WebAsset } from "../../platform/http/web-assets";
import { mountPrefix, pathPrefix } from "../../platform/http/hosts";
import { findLink } from "./link-view";

/** The Content-Security-Policy of the capture page. */
export function captureCsp(config: Pick<Config, "baseUrl" | "cdnUrl">): string {
  const cdn = new URL(config.cdnUrl).origin;
  const api = new URL(config.baseUrl).origin;
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${cdn}`,
    "media-src 'self' blob: data:",
    `connect-src 'self' ${api}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

const PERMISSIONS = "camera=(self), microphone=(self), geolocation=(), payment=(), usb=()";

/**
 * Elysia plugin for the capture page and its assets, mounted where the site area lives (behind `/__site` when
 * the site has its own host name; the host router rewrites those requests onto it).
 */
export function capturePagePlugin(assets: Map<string, WebAsset>, deps: Deps) {
  const { config } = deps;
  const mount = mountPrefix(config, "site");
  // What the browser sees: the public path of the site address, never the internal mount.
  const prefix = pathPrefix(config.siteUrl);
  const headers = {
    "content-security-policy": captureCsp(config),
    "permissions-policy": PERMISSIONS,
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
  };
  const index = loadBundlePage(assets, "capture", `${prefix}/c/assets/`, config);

  const linkExists = (id: string) => {
    try {
      findLink(deps, id);
      return true;
    } catch (e) {
      if (e instanceof AppError && e.status === 404) return false;
      throw e;
    }
  };

  return new Elysia({ name: "capture-page", seed: config.siteUrl })
    .get(`${mount}/c/assets/*`, ({ params }) => {
      const asset = params["*"] !== "index.html" ? assets.get(`/capture/${params["*"]}`) : undefined;
      if (!asset) throw notFound("file");
      return new Response(Bun.file(asset.path), {
        headers: { ...headers, "content-type": asset.type, "cache-control": "public, max-age=31536000, immutable" },
      });
    })
    .get(`${mount}/c/:link_id`, async ({ params }) => {
      const html = await index;
      if (html instanceof Error) throw html;
      return new Response(html, {
        status: linkExists(params.link_id) ? 200 : 404,
        headers: { ...headers, "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" },
      });
    });
}
