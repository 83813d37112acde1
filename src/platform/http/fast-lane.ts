/**
 * The fast lane: GET requests for documents kept ready in memory (widget documents and fragments, the embed
 * script, wall pages) answered before the framework, at about the cost of a static file (issue 28), and the
 * analytics beacons (`POST /public/beacons`, small bodies counted in memory). A module registers a `FastPath` for
 * its paths and method while its routes are built (`setFastPath`, per app in `deps.state`); the request handler
 * (src/app.ts) asks the fast lane first, after host routing. Other methods (HEAD, OPTIONS…) never take it.
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
 *
 * A POST path that reads the body must decide before reading it whether it answers: once read, the body is gone
 * and the framework could not read it again, so from then on the path answers everything itself. The request
 * handler notes the connecting peer (`notePeer`) right after asking the fast lane, so a path that returned a
 * promise reads `peerAddress` after its first `await`.
 */
export type FastPath = (
  request: Request,
  path: string,
  search: string,
  extra: Record<string, string>,
) => Response | Promise<Response | null> | null;

/** The methods a fast path may answer. */
export type FastMethod = "GET" | "POST";

type Paths = Map<string, { prefix: string; answer: FastPath }>;

const PATHS: Slot<Record<FastMethod, Paths>> = {
  name: "http.fast-lane",
  make: () => ({ GET: new Map(), POST: new Map() }),
};

/**
 * Registers (or replaces) the fast path named `name` for this app, asked only for `method` requests (GET unless
 * said) whose path starts with `prefix`.
 */
export function setFastPath(
  deps: Pick<Deps, "state">,
  name: string,
  prefix: string,
  answer: FastPath,
  method: FastMethod = "GET",
): void {
  deps.state.of(PATHS)[method].set(name, { prefix, answer });
}

/** The fast lane's answer to a request, or null when the framework must answer it. */
export function fastAnswer(deps: Pick<Deps, "state">, request: Request): Response | Promise<Response | null> | null {
  const method = request.method;
  if (method !== "GET" && method !== "POST") return null;
  const paths = deps.state.peek(PATHS)?.[method];
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
