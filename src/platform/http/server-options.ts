/**
 * The request size limits and the `Bun.serve` options that go with them, apart from the checks (./request-limits.ts,
 * which imports Elysia): `serve` opens its port with these before the app is loaded.
 */
import http from "node:http";

/** Sizes in bytes. */
export const REQUEST_LIMITS = {
  /** Path and query string. */
  urlBytes: 8 * 1024,
  /** Every header name and value together (the request line not included). */
  headerBytes: 32 * 1024,
  /** What Bun's server accepts at all before answering a bare 431. */
  serverHeaderBytes: 256 * 1024,
  /** Largest body the server accepts at all: resumable upload chunks; other bodies have smaller caps (body-limits). */
  serverBodyBytes: 2 * 1024 * 1024 * 1024,
} as const;

/** Options for `Bun.serve` that go with these limits; raises Bun's own header ceiling (a process-wide setting). */
export function serverOptions(): { maxRequestBodySize: number } {
  (http as { maxHeaderSize: number }).maxHeaderSize = REQUEST_LIMITS.serverHeaderBytes;
  return { maxRequestBodySize: REQUEST_LIMITS.serverBodyBytes };
}
