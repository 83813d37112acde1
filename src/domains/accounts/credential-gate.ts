/**
 * The credential gate: a `/v1` request for a route that needs a caller is refused before its body is read or
 * validated when it carries no credential, a key that is not valid, a session that has ended, or (for a cookie
 * request that changes something) fails `requireSameSite`. So strangers cannot make the server parse bodies or
 * learn anything from validation errors, and every unauthenticated answer is the same 401.
 *
 * Which routes are anonymous comes from the routes themselves: those declaring `detail.security: []` (the same
 * declaration the OpenAPI document shows). The caller resolved here is kept for the handler's `auth()`.
 */
import type { Deps } from "../../platform/deps";
import type { Ctx } from "../../platform/context";
import type { PlanId } from "./plans";
import { authenticate } from "./auth";

type Caller = Ctx & { plan: PlanId };

/** A route as Elysia lists it (`app.routes`). */
interface RouteInfo {
  method: string;
  path: string;
  hooks?: { detail?: { security?: unknown[] } };
}

const resolved = new WeakMap<Request, Caller>();

/** The caller the gate already resolved for this request, if any. */
export function gatedCaller(request: Request): Caller | undefined {
  return resolved.get(request);
}

function pattern(path: string): RegExp {
  const source = path
    .split("/")
    .map((part) => (part.startsWith(":") ? "[^/]+" : part === "*" ? ".*" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  return new RegExp(`^${source}/?$`);
}

/** The anonymous `/v1` routes (method and path pattern) among `routes`. */
export function anonymousRoutes(routes: RouteInfo[]): { method: string; path: RegExp }[] {
  return routes
    .filter(
      (r) =>
        r.path.startsWith("/v1/") &&
        Array.isArray(r.hooks?.detail?.security) &&
        r.hooks!.detail!.security!.length === 0,
    )
    .map((r) => ({ method: r.method.toUpperCase(), path: pattern(r.path) }));
}

/**
 * An `onRequest` handler refusing unauthenticated `/v1` requests before parsing (throws the AppError the root
 * error handler answers); anonymous routes and everything outside `/v1` pass untouched.
 */
export function credentialGate(deps: Deps, listAnonymous: () => { method: string; path: RegExp }[]) {
  let anonymous: { method: string; path: RegExp }[] | null = null;
  return ({ request }: { request: Request }) => {
    // Most traffic (walls, widget documents, CDN files) is not /v1: skip it without parsing the address.
    if (!request.url.includes("/v1/") || request.method === "OPTIONS") return;
    const url = new URL(request.url);
    if (!url.pathname.startsWith("/v1/")) return;
    const method = request.method === "HEAD" ? "GET" : request.method;
    anonymous ??= listAnonymous();
    if (anonymous.some((r) => (r.method === method || r.method === "ALL") && r.path.test(url.pathname))) return;
    resolved.set(request, authenticate(deps, request));
  };
}
