/**
 * What a file of the public area (the CDN address) is answered with, wherever it is answered from: the box's CDN
 * routes (http/cdn.ts) send these headers, and the S3 store (blob-store-s3.ts) writes the same Content-Type and
 * Cache-Control into each object's metadata, so a bucket (or a CDN in front of it) answers the way the box does.
 * `Access-Control-Allow-Origin` is not object metadata in S3: the bucket's CORS rule gives it (docs/scaling.md).
 */
import { contentType, UNKNOWN_TYPE } from "./mime";

/** How long browsers and CDNs may keep a file under a given top folder (seconds); `DEFAULT_MAX_AGE` otherwise. */
export const MAX_AGE: Record<string, number> = { widgets: 60, reels: 60 };

/** A day: public names (media copies, logos) change when their content changes, so a long life is safe. */
export const DEFAULT_MAX_AGE = 86400;

/** Max-age of a key relative to the public area (`widgets/w_1.json` → 60). */
export function publicMaxAge(key: string): number {
  return MAX_AGE[key.split("/")[0]!] ?? DEFAULT_MAX_AGE;
}

/** The Cache-Control of a public file. */
export function publicCacheControl(key: string): string {
  return `public, max-age=${publicMaxAge(key)}`;
}

/**
 * The Content-Type of a public file: from its name when the name says (the type the CDN routes send), else
 * `fallback` (what the writer knows) or `application/octet-stream`.
 */
export function publicContentType(key: string, fallback?: string): string {
  const byName = contentType(key);
  return byName === UNKNOWN_TYPE && fallback ? fallback : byName;
}
