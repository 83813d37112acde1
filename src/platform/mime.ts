/**
 * Content types by file extension, in one table: what the dashboard's asset loader (http/web-assets.ts), the CDN
 * routes (http/cdn.ts), the public files' metadata (public-files.ts, written into the S3 store's objects) and the
 * widget documents answer with. With `X-Content-Type-Options: nosniff`, a wrong type stops players, `<track>`
 * captions and scripts, so every place that names a file's type asks here.
 */

/** Content-Type of each known extension (lower case, with its dot). */
export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".txt": "text/plain; charset=utf-8",
  // Published media and captions on the CDN.
  ".mp4": "video/mp4",
  ".m4a": "audio/mp4",
  ".vtt": "text/vtt; charset=utf-8",
};

/** What a file of unknown type is answered as. */
export const UNKNOWN_TYPE = "application/octet-stream";

/** Content-Type for a file name or path, from its extension (`application/octet-stream` when unknown). */
export function contentType(name: string): string {
  const dot = name.lastIndexOf(".");
  return (dot >= 0 && CONTENT_TYPES[name.slice(dot).toLowerCase()]) || UNKNOWN_TYPE;
}
