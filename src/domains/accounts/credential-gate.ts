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
import type { PlanId } from "../../platform/access";
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

/** The path of an absolute request URL as the router matches it: after the host, before `?` or `#`, not decoded. */
export function requestPath(url: string): string {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  if (start === -1) return "/";
  let end = url.indexOf("?", start);
  const hash = url.indexOf("#", start);
  if (hash !== -1 && (end === -1 || hash < end)) end = hash;
  return end === -1 ? url.slice(start) : url.slice(start, end);
}

/** One pattern per method (`ALL` routes joined into every method's) matching any anonymous path, or null for none. */
function anonymousByMethod(routes: { method: string; path: RegExp }[]): (method: string) => RegExp | null {
  const join = (list: RegExp[]) => (list.length ? new RegExp(list.map((r) => `(?:${r.source})`).join("|")) : null);
  const any = routes.filter((r) => r.method === "ALL").map((r) => r.path);
  const byMethod = new Map<string, RegExp | null>();
  return (method) => {
    let pattern = byMethod.get(method);
    if (pattern === undefined) {
      pattern = join([...any, ...routes.filter((r) => r.method === method).map((r) => r.path)]);
      byMethod.set(method, pattern);
    }
    return pattern;
  };
}

/**
 * An `onRequest` handler refusing unauthenticated `/v1` requests before parsing (throws the AppError the root
 * error handler answers); anonymous routes and everything outside `/v1` pass untouched. The path tested is the
 * raw one the router matches (no URL object per request), against one joined pattern per method.
 */
export function credentialGate(deps: Deps, listAnonymous: () => { method: string; path: RegExp }[]) {
  let anonymous: ((method: string) => RegExp | null) | null = null;
  return ({ request }: { request: Request }) => {
    // Most traffic (walls, widget documents, CDN files) is not /v1: skip it without parsing the address.
    if (!request.url.includes("/v1/") || request.method === "OPTIONS") return;
    const path = requestPath(request.url);
    if (!path.startsWith("/v1/")) return;
    const method = request.method === "HEAD" ? "GET" : request.method;
    anonymous ??= anonymousByMethod(listAnonymous());
    if (anonymous(method)?.test(path)) return;
    resolved.set(request, authenticate(deps, request));
  };
}
