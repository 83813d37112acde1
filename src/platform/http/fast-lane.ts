/**
 * The fast lane: GET requests for documents kept ready in memory (widget documents and fragments, the embed
 * script, wall pages) answered before the framework, at about the cost of a static file (issue 28). A module
 * registers a `FastPath` for its paths while its routes are built (`setFastPath`, per app in `deps.state`); the
 * request handler (src/app.ts) asks the fast lane first, after host routing.
 *
 * A fast path answers only what its route would answer byte for byte from the same kept document (same headers,
 * `304` on `If-None-Match`, the encodings), and returns null for anything else (not kept yet, stale, an unusual
 * address): the request then goes through the framework as before, which renders, reads or refuses it. What the
 * root app adds to every answer is added here too: the request id and `nosniff`. Requests over the root's limits
 * (src/platform/http/request-limits.ts) are left to the framework, which refuses them.
 */
import type { Slot } from "../app-state";
import type { Deps } from "../deps";
import { EVERY_ANSWER_HEADERS, requestIdFor } from "./errors";
import { requestLimitError } from "./request-limits";

/**
 * A module's fast path: given the request, its path (as mounted) and query string (with its `?`, or empty), the
 * answer, a promise of one (null: let the framework answer), or null when it does not handle the request here.
 * `extra` holds the headers the root adds to every answer; pass them to `sendDocument`.
 */
export type FastPath = (
  request: Request,
  path: string,
  search: string,
  extra: Record<string, string>,
) => Response | Promise<Response | null> | null;

const PATHS: Slot<Map<string, { prefix: string; answer: FastPath }>> = {
  name: "http.fast-lane",
  make: () => new Map(),
};

/** Registers (or replaces) the fast path named `name` for this app, asked only for paths starting with `prefix`. */
export function setFastPath(deps: Pick<Deps, "state">, name: string, prefix: string, answer: FastPath): void {
  deps.state.of(PATHS).set(name, { prefix, answer });
}

/** The fast lane's answer to a request, or null when the framework must answer it. */
export function fastAnswer(deps: Pick<Deps, "state">, request: Request): Response | Promise<Response | null> | null {
  if (request.method !== "GET") return null;
  const paths = deps.state.peek(PATHS);
  if (!paths || paths.size === 0) return null;
  const url = request.url;
  // The path and query without a URL object: scheme://host/path?query (a fragment never reaches a server).
  const slash = url.indexOf("/", url.indexOf("//") + 2);
  if (slash < 0) return null;
  const q = url.indexOf("?", slash);
  const path = q < 0 ? url.slice(slash) : url.slice(slash, q);
  const search = q < 0 ? "" : url.slice(q);
  let extra: Record<string, string> | null = null;
  for (const fast of paths.values()) {
    if (!path.startsWith(fast.prefix)) continue;
    if (!extra) {
      if (requestLimitError(request)) return null;
      extra = { "x-request-id": requestIdFor(request), ...EVERY_ANSWER_HEADERS };
    }
    const answer = fast.answer(request, path, search, extra);
    if (answer) return answer;
  }
  return null;
}
