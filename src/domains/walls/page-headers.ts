/**
 * Response headers of wall pages and the public wall JSON. Pages carry a Content-Security-Policy whose only
 * inline style and script are the ones holding this response's nonce; images and media come from the site and
 * the CDN, nothing from third parties; nothing may connect beyond the site, frame the page or submit anywhere.
 * Caches may keep a page 30 s (browsers) and 60 s (shared caches, i.e. a CDN): short enough that a moderation
 * change shows within a minute everywhere, while a burst of visitors costs the origin one render per page per
 * minute.
 */
import type { Config } from "../../config";
import { randomToken } from "../../platform/crypto";

/** Cache-Control of wall pages, the sitemap and the public wall JSON. */
export const WALL_CACHE = "public, max-age=30, s-maxage=60";

/** A fresh nonce for one response. */
export const newNonce = () => randomToken(16);

/** The Content-Security-Policy of a wall page answered with `nonce`. */
export function wallCsp(config: Pick<Config, "siteUrl" | "cdnUrl">, nonce: string): string {
  const site = new URL(config.siteUrl).origin;
  const cdn = new URL(config.cdnUrl).origin;
  const media = site === cdn ? "'self'" : `'self' ${cdn}`;
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    `img-src ${media} data:`,
    `media-src ${media}`,
    // The page connects nowhere itself; audit tools (Lighthouse) fetch /robots.txt from the page's context.
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "require-trusted-types-for 'script'",
  ].join("; ");
}

const SECURITY = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
  "cross-origin-opener-policy": "same-origin",
};

/** Headers of an HTML page: CSP with the nonce, caching, and `X-Robots-Tag: noindex` when not indexable. */
export function pageHeaders(config: Pick<Config, "siteUrl" | "cdnUrl">, nonce: string, opts: { indexable: boolean; cache: boolean }): Record<string, string> {
  const headers: Record<string, string> = {
    "content-type": "text/html; charset=utf-8",
    "content-security-policy": wallCsp(config, nonce),
    "cache-control": opts.cache ? WALL_CACHE : "no-store",
    ...SECURITY,
  };
  if (!opts.indexable) headers["x-robots-tag"] = "noindex";
  return headers;
}

/** Headers of the public wall JSON: readable from any origin (no credentials), cached like the pages, never indexed. */
export const JSON_HEADERS: Readonly<Record<string, string>> = {
  "access-control-allow-origin": "*",
  "cache-control": WALL_CACHE,
  "x-content-type-options": "nosniff",
  "x-robots-tag": "noindex",
};
