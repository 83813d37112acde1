/**
 * Session routes: `POST /v1/auth/login`, `POST /v1/auth/logout`, `GET|PATCH /v1/me`. Sign-in and sign-out pass
 * `requireSameSite` (a cross-site form cannot sign a victim in or out); sign-in is throttled per email, per client
 * address and in total, and checks the password off the event loop.
 */
import { Elysia } from "elysia";
import { loginBody, meBodySchema, meSchema, signedOutSchema, type MeView } from "./model";
import type { Role } from "../../platform/context";
import type { PlanId } from "../../platform/access";
import type { Deps } from "../../platform/deps";
import { AppError, forbidden, unauthorized } from "../../platform/errors";
import { clientAddress } from "../../platform/client-address";
import { secureCookies } from "../../platform/request-scheme";
import { currentSession, readCookie, requireSameSite } from "./auth";
import { createSession, destroySession, SESSION_COOKIE, SESSION_TTL_MS } from "./sessions";
import { accountCtx, checkProfilePatch, verifyLogin, updateProfile } from "./users";
import { unitOfWork } from "../../platform/db/unit-of-work";
import { membershipsOf } from "./members";
import { orgLogoUrl } from "./org-settings";
import { LoginThrottle } from "./login-throttle";

/**
 * The `Set-Cookie` value of the session cookie (`maxAgeS` 0 clears it); `secure` from `secureCookies` (an https API
 * address, or this request over HTTPS, through a trusted proxy too).
 */
export function sessionCookie(token: string, maxAgeS: number, secure: boolean) {
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeS}${secure ? "; Secure" : ""}`;
}

/** Starts a session for `userId` and sets its cookie (`Secure` as `secureCookies` says for this request). */
export function signIn(deps: Deps, set: { headers: Record<string, unknown> }, userId: string, secure: boolean) {
  const s = unitOfWork(deps, accountCtx(deps.clock), (tx) => createSession(tx, userId));
  set.headers["set-cookie"] = sessionCookie(s.token, SESSION_TTL_MS / 1000, secure);
}

/** Body of login and /v1/me. */
export function meBody(deps: Deps, user: { id: string; email: string; name: string }): MeView {
  const memberships = membershipsOf(deps.db, user.id).map(({ logo_key, color, ...m }) => ({
    ...m,
    role: m.role as Role,
    plan: m.plan as PlanId,
    org_logo_url: orgLogoUrl(deps.config.cdnUrl, logo_key),
    org_color: color ?? null,
  }));
  return { user: { id: user.id, email: user.email, name: user.name }, memberships };
}

/** Refuses an API key on a route for people (403 `session_only`), saying `what` instead. */
export function refuseKeys(request: Request, what: string) {
  if (request.headers.get("authorization")) throw forbidden(what, { reason: "session_only" });
}

/** The session routes of one app (with its own sign-in throttle). */
export function sessionRoutes(deps: Deps) {
  const throttle = new LoginThrottle(deps.clock);
  return new Elysia()
    .post(
      "/auth/login",
      async ({ body, set, request, server }) => {
        refuseKeys(request, "Sign-in is for people; API keys need no sign-in.");
        requireSameSite(deps, request);
        const email = body.email.trim().toLowerCase();
        let attempt;
        try {
          attempt = throttle.begin(email, clientAddress(request, server, deps.config));
        } catch (e) {
          if (e instanceof AppError && e.details?.retry_after_seconds)
            set.headers["retry-after"] = String(e.details.retry_after_seconds);
          throw e;
        }
        let user;
        try {
          user = await verifyLogin(deps.db, email, body.password);
        } catch (e) {
          attempt.abandoned();
          throw e;
        }
        if (!user) {
          attempt.failed();
          throw unauthorized("That email and password do not match an account.");
        }
        attempt.succeeded();
        signIn(deps, set, user.id, secureCookies(request, server, deps.config));
        return meBody(deps, user);
      },
      {
        access: "public",
        body: loginBody,
        response: meSchema,
        detail: {
          tags: ["Session"],
          summary: "Sign in with email and password (sets the session cookie; needs X-Svc-Csrf: 1)",
        },
      },
    )
    .post(
      "/auth/logout",
      ({ request, set, server }) => {
        requireSameSite(deps, request);
        const token = readCookie(request.headers.get("cookie"), SESSION_COOKIE);
        if (token) unitOfWork(deps, accountCtx(deps.clock), (tx) => destroySession(tx, token));
        set.headers["set-cookie"] = sessionCookie("", 0, secureCookies(request, server, deps.config));
        return { signed_out: true as const };
      },
      {
        access: "public",
        response: signedOutSchema,
        detail: { tags: ["Session"], summary: "Sign out (needs X-Svc-Csrf: 1)" },
      },
    )
    .get(
      "/me",
      ({ request }) => {
        refuseKeys(request, "/v1/me is for signed-in people; API keys act for the organisation.");
        return meBody(deps, currentSession(deps, request).user);
      },
      {
        access: "person",
        response: meSchema,
        detail: { tags: ["Session"], summary: "The signed-in person and their organisations" },
      },
    )
    .patch(
      "/me",
      async ({ request, body }) => {
        refuseKeys(request, "/v1/me is for signed-in people; API keys act for the organisation.");
        const found = currentSession(deps, request);
        const change = await checkProfilePatch(deps.db, found.user.id, body);
        const user = unitOfWork(deps, accountCtx(deps.clock), (tx) => updateProfile(tx, change, found.session.id));
        return meBody(deps, user);
      },
      {
        access: "person",
        body: meBodySchema,
        response: meSchema,
        detail: {
          tags: ["Session"],
          summary: "Change your name or password (a new password ends your other sessions)",
        },
      },
    );
}
