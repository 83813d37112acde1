/**
 * Response headers of wall pages and the public wall JSON. Pages carry a Content-Security-Policy that allows
 * exactly the page's own inline style and script by their SHA-256 hashes (no nonce, so the bytes and headers are
 * the same for every visitor and a rendered page can be kept: page-cache.ts); images and media come from the
 * site and the CDN, nothing from third parties; nothing may connect beyond the site and the box's beacon address
 * (analytics) or submit anywhere, and only the
 * origins the brand lists (`frame_origins`, brands/frame-origins.ts) may frame the page ('none' by default).
 *
 * Pages may be kept 5 s by browsers and shared caches (a CDN), then served stale for up to a minute while one
 * request revalidates them with their ETag (a `304` costs the origin a map lookup): a moderation change shows
 * within seconds everywhere. The sitemap and the public wall JSON keep `WALL_CACHE`.
 */
import type { Config } from "../../config";

/** Cache-Control of the sitemap and the public wall JSON. */
export const WALL_CACHE = "public, max-age=30, s-maxage=60";

/** Cache-Control of wall pages and permalinks. */
export const PAGE_CACHE = "public, max-age=5, stale-while-revalidate=60";

/** The CSP sources (`'sha256-…'`) of an HTML page's inline style elements and scripts (JSON-LD data blocks are not scripts). */
export function inlineHashes(html: string): { styles: string[]; scripts: string[] } {
  const styles: string[] = [];
  const scripts: string[] = [];
  for (const m of html.matchAll(/<(style|script)\b([^>]*)>([\s\S]*?)<\/\1>/g)) {
    if (m[1] === "script" && /\btype="application\/ld\+json"/.test(m[2]!)) continue;
    const source = `'sha256-${new Bun.CryptoHasher("sha256").update(m[3]!).digest("base64")}'`;
    const list = m[1] === "style" ? styles : scripts;
    if (!list.includes(source)) list.push(source);
  }
  return { styles, scripts };
}

/**
 * The Content-Security-Policy of a wall page whose inline styles and scripts have these hashes. A page with no
 * script gets `script-src 'none'`; `frameOrigins` (checked origins, brands/frame-origins.ts) may frame it, nobody
 * else.
 */
export function wallCsp(
  config: Pick<Config, "siteUrl" | "cdnUrl" | "baseUrl">,
  hashes: { styles: string[]; scripts: string[] },
  frameOrigins: readonly string[] = [],
): string {
  const site = new URL(config.siteUrl).origin;
  const cdn = new URL(config.cdnUrl).origin;
  const media = site === cdn ? "'self'" : `'self' ${cdn}`;
  return [
    "default-src 'none'",
    `script-src ${hashes.scripts.join(" ") || "'none'"}`,
    `style-src ${hashes.styles.join(" ") || "'none'"}`,
    `img-src ${media} data:`,
    `media-src ${media}`,
    // The page's only connection is its analytics beacon to the box (named even when it is the same origin: a
    // brand's custom domain is another); audit tools (Lighthouse) fetch /robots.txt from the page's context.
    `connect-src 'self' ${new URL(config.baseUrl).origin}`,
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${frameOrigins.join(" ") || "'none'"}`,
    "require-trusted-types-for 'script'",
  ].join("; ");
}

const SECURITY = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
  "cross-origin-opener-policy": "same-origin",
};

/**
 * Headers of the HTML page `html`: CSP with its inline hashes and the origins that may frame it, caching, and
 * `X-Robots-Tag: noindex` when not indexable.
 */
export function pageHeaders(
  config: Pick<Config, "siteUrl" | "cdnUrl" | "baseUrl">,
  html: string,
  opts: { indexable: boolean; cache: boolean; frameOrigins?: readonly string[] },
): Record<string, string> {
  const headers: Record<string, string> = {
    "content-type": "text/html; charset=utf-8",
    "content-security-policy": wallCsp(config, inlineHashes(html), opts.frameOrigins),
    "cache-control": opts.cache ? PAGE_CACHE : "no-store",
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
