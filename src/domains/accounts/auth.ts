/**
 * Authentication for `/v1`: a bearer API key (software) or the session cookie (the dashboard). Produces the
 * request's `Ctx`. Every cookie request that changes something, and every request that starts or ends a session
 * (sign-in, sign-out, social sign-in, accepting an invitation), passes `requireSameSite`: `X-Svc-Csrf: 1` (a
 * header a cross-site form cannot send), an Origin, when the browser sends one, that is one of our own, and no
 * `Sec-Fetch-Site: cross-site`. Routes for the signed-in person use `currentSession`, which applies it too.
 */
import type { Deps } from "../../platform/deps";
import type { Ctx, Mode, Role } from "../../platform/context";
import { AppError, forbidden, unauthorized } from "../../platform/errors";
import { resolveApiKey } from "./api-keys";
import { resolveSession, SESSION_COOKIE } from "./sessions";
import { membershipsOf } from "./members";
import { requireFeature, type CallerPort, type PlanId } from "../../platform/access";
import { gatedCaller } from "./credential-gate";

/** Reads a cookie from the Cookie header. */
export function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return null;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Resolves the caller of a request into a Ctx, or throws 401/402/403. This is where a request's scope is decided:
 * the organisation and mode, and for a client login the brands it may see (`brandIds`); API keys and every other
 * role see every brand of the organisation.
 */
export function authenticate(deps: Deps, request: Request, requestId?: string): Ctx & { plan: PlanId } {
  const { db, clock, config } = deps;
  const header = request.headers.get("authorization");
  if (header) {
    const m = /^Bearer\s+(\S+)$/i.exec(header);
    const key = m ? resolveApiKey(db, clock, m[1]!) : null;
    if (!key) throw unauthorized("This API key is not valid or was revoked. Send Authorization: Bearer <key>.");
    const plan = key.orgPlan as PlanId;
    requireFeature(plan, config.appUrl, "api_access", "API access needs the Core or Plus plan.");
    return {
      orgId: key.orgId,
      mode: key.mode as Mode,
      actor: { type: "key", keyId: key.id, scopes: key.scopes },
      clock,
      requestId,
      plan,
    };
  }
  const token = readCookie(request.headers.get("cookie"), SESSION_COOKIE);
  const found = token ? resolveSession(db, clock, token) : null;
  if (!found) throw unauthorized();
  if (!SAFE_METHODS.has(request.method)) requireSameSite(deps, request);
  const memberships = membershipsOf(db, found.user.id);
  const wanted = request.headers.get("x-svc-org");
  const membership = wanted ? memberships.find((m) => m.org_id === wanted) : memberships[0];
  if (!membership) {
    if (wanted) throw new AppError("not_found", 404, "No such organisation.");
    throw forbidden("You do not belong to any organisation yet. Ask an owner to add you.");
  }
  const modeHeader = request.headers.get("x-svc-mode");
  if (modeHeader && modeHeader !== "live" && modeHeader !== "test")
    throw new AppError("validation_failed", 400, "X-Svc-Mode must be live or test.", { field: "X-Svc-Mode" });
  const role = membership.role as Role;
  return {
    orgId: membership.org_id,
    mode: (modeHeader as Mode) ?? "live",
    actor: { type: "user", userId: found.user.id, role, sessionId: found.session.id },
    clock,
    requestId,
    plan: membership.plan as PlanId,
    // A client without brands sees nothing (never everything).
    brandIds: role === "client" ? (membership.brand_ids ?? []) : null,
  };
}

/**
 * Refuses a request another site could have made a browser send: it must carry `X-Svc-Csrf: 1`, and its Origin
 * (when sent) must be one of ours; without an Origin, `Sec-Fetch-Site: cross-site` is refused. 403 with `details.reason` `csrf`.
 */
export function requireSameSite(deps: Deps, request: Request): void {
  if (request.headers.get("x-svc-csrf") !== "1")
    throw forbidden("Missing X-Svc-Csrf header: the dashboard sends it on every change.", { reason: "csrf" });
  const origin = request.headers.get("origin");
  // Our own addresses may be on different sites (API and dashboard on two domains): a known Origin settles it.
  const refused = origin ? !ownOrigins(deps).has(origin) : request.headers.get("sec-fetch-site") === "cross-site";
  if (refused) throw forbidden("Requests from other sites are refused.", { reason: "csrf" });
}

/**
 * The signed-in person's session from the cookie (401 without one), for routes about the person rather than an
 * organisation. A method that changes something passes `requireSameSite` first.
 */
export function currentSession(deps: Deps, request: Request) {
  const token = readCookie(request.headers.get("cookie"), SESSION_COOKIE);
  const found = token ? resolveSession(deps.db, deps.clock, token) : null;
  if (!found) throw unauthorized();
  if (!SAFE_METHODS.has(request.method)) requireSameSite(deps, request);
  return found;
}

function ownOrigins(deps: Deps): Set<string> {
  const c = deps.config;
  return new Set([c.baseUrl, c.appUrl, c.siteUrl, c.cdnUrl].map((u) => new URL(u).origin));
}

/**
 * Who calls, for the access kernel (src/platform/access/route-access.ts): an organisation route's caller (reusing
 * what the credential gate, ./credential-gate.ts, resolved before the body was read), or the signed-in person.
 */
export function callerPort(deps: Deps): CallerPort {
  return {
    member: (request, requestId) => {
      const gated = gatedCaller(request);
      return gated ? { ...gated, requestId } : authenticate(deps, request, requestId);
    },
    person: (request) => {
      if (request.headers.get("authorization"))
        throw forbidden("This route is for signed-in people; API keys act for the organisation.", {
          reason: "session_only",
        });
      currentSession(deps, request);
    },
  };
}
