/**
 * The request id and the headers every answer carries, apart from the error handling (./errors.ts) that puts them
 * on the app's answers: `serve` answers its health check with them before the app (and Elysia) is loaded.
 */

/** This process's part of every request id it makes: 8 random base-36 characters. */
const ID_PREFIX = Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => (b % 36).toString(36)).join("");
let idCounter = 0;

/**
 * The request id: the caller's `X-Request-Id` when it is a short plain token, else a new one, `req_` and 20
 * characters: this process's random prefix and a counter (unique without a random draw per request; it names a
 * request in the logs, it is not a secret).
 */
export function requestIdFor(request: Request): string {
  const incoming = request.headers.get("x-request-id");
  if (incoming !== null && incoming.length <= 64 && /^[\w.-]+$/.test(incoming)) return incoming;
  return `req_${ID_PREFIX}${(++idCounter).toString(36).padStart(12, "0")}`;
}

/**
 * Headers on every answer the server makes: API JSON, errors, 404s, redirects, files, pages, images. `nosniff`
 * keeps a browser from reading an answer as another type than it says (a QR code or an uploaded file run as a
 * script or a page); set here once so no route can forget it.
 */
export const EVERY_ANSWER_HEADERS: Readonly<Record<string, string>> = { "x-content-type-options": "nosniff" };
