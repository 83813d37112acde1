/** Session-only social sign-in routes: `/v1/auth/social`, `/v1/auth/callback/{provider}`, `/v1/me/auth-methods`. They refuse API keys. */
import { Elysia, t } from "elysia";
import { authMethodsSchema, authorizationSchema, callbackQuery, providerBody, providerListSchema } from "./model";
import type { Deps } from "../../platform/deps";
import { AppError, forbidden } from "../../platform/errors";
import { currentSession, readCookie, requireSameSite } from "./auth";
import { createSession, SESSION_TTL_MS } from "./sessions";
import { sessionCookie } from "./session-routes";
import { secureCookies } from "../../platform/request-scheme";
import { accountCtx } from "./users";
import { unitOfWork } from "../../platform/db/unit-of-work";
import {
  authMethods,
  completeAuthorization,
  providerList,
  startAuthorization,
  unlinkProvider,
  verifyCallback,
  type OAuthState,
} from "./social";

const STATE_COOKIE = "plaudit_oauth";

function refuseKeys(request: Request) {
  if (request.headers.get("authorization"))
    throw forbidden("This route is for signed-in members only; API keys cannot use it.", { reason: "session_only" });
}

const currentUser = (deps: Deps, request: Request) => currentSession(deps, request).user;

function stateCookie(deps: Deps, state: OAuthState | null, secure: boolean) {
  const value = state ? deps.signer.sign("oauth", Buffer.from(JSON.stringify(state)).toString("base64url")) : "";
  return `${STATE_COOKIE}=${value}; Path=/v1/auth/callback; HttpOnly; SameSite=Lax; Max-Age=${state ? 600 : 0}${secure ? "; Secure" : ""}`;
}

function readState(deps: Deps, request: Request): OAuthState | null {
  const raw = readCookie(request.headers.get("cookie"), STATE_COOKIE);
  const payload = raw ? deps.signer.verify("oauth", raw) : null;
  try {
    return payload ? (JSON.parse(Buffer.from(payload, "base64url").toString()) as OAuthState) : null;
  } catch {
    return null;
  }
}

/** The social sign-in routes. */
export function socialRoutes(deps: Deps) {
  return new Elysia()
    .get(
      "/auth/social",
      ({ request }) => {
        refuseKeys(request);
        return { data: providerList(deps) };
      },
      {
        access: "public",
        response: providerListSchema,
        detail: { tags: ["Session"], summary: "Social sign-in providers (session-only)" },
      },
    )
    .post(
      "/auth/social",
      ({ request, body, set, server }) => {
        refuseKeys(request);
        requireSameSite(deps, request);
        const { url, state } = startAuthorization(deps, body.provider, null);
        set.headers["set-cookie"] = stateCookie(deps, state, secureCookies(request, server, deps.config));
        return { authorization_url: url };
      },
      {
        access: "public",
        body: providerBody,
        response: authorizationSchema,
        detail: {
          tags: ["Session"],
          summary: "Start social sign-in: returns the provider's address (needs X-Svc-Csrf: 1)",
        },
      },
    )
    .get(
      "/auth/callback/:provider",
      async ({ request, params, query, set, server }) => {
        refuseKeys(request);
        const secure = secureCookies(request, server, deps.config);
        set.headers["set-cookie"] = stateCookie(deps, null, secure);
        try {
          if (!query.code || !query.state)
            throw new AppError("invalid_oauth_state", 400, "The provider did not send a code.");
          const kept = readState(deps, request);
          const identity = await verifyCallback(deps, params.provider, query.code, query.state, kept);
          const userId = unitOfWork(deps, accountCtx(deps.clock), (tx) => completeAuthorization(tx, identity));
          const s = unitOfWork(deps, accountCtx(deps.clock), (tx) => createSession(tx, userId));
          return new Response(null, {
            status: 302,
            headers: [
              ["location", `${deps.config.appUrl}/`],
              ["set-cookie", stateCookie(deps, null, secure)],
              ["set-cookie", sessionCookie(s.token, SESSION_TTL_MS / 1000, secure)],
            ],
          });
        } catch (e) {
          const message = e instanceof AppError ? e.message : "Sign-in with this provider failed. Try again.";
          return new Response(null, {
            status: 302,
            headers: { location: `${deps.config.appUrl}/?signin_error=${encodeURIComponent(message)}` },
          });
        }
      },
      {
        access: "public",
        params: t.Object({ provider: t.String({ maxLength: 20 }) }),
        query: callbackQuery,
        // Not an API operation: the provider sends the browser here, and it always answers a redirect to the
        // dashboard (signed in, or with `?signin_error=`). The document lists operations with a 2xx answer only.
        detail: { hide: true },
      },
    )
    .get(
      "/me/auth-methods",
      ({ request }) => {
        refuseKeys(request);
        return authMethods(deps, currentUser(deps, request).id);
      },
      { access: "person", response: authMethodsSchema, detail: { tags: ["Session"], summary: "Your sign-in methods" } },
    )
    .post(
      "/me/auth-methods",
      ({ request, body, set, server }) => {
        refuseKeys(request);
        const user = currentUser(deps, request);
        const { url, state } = startAuthorization(deps, body.provider, user.id);
        set.headers["set-cookie"] = stateCookie(deps, state, secureCookies(request, server, deps.config));
        return { authorization_url: url };
      },
      {
        access: "person",
        body: providerBody,
        response: authorizationSchema,
        detail: { tags: ["Session"], summary: "Link a provider: returns the provider's address" },
      },
    )
    .delete(
      "/me/auth-methods",
      ({ request, body }) => {
        refuseKeys(request);
        const userId = currentUser(deps, request).id;
        return unitOfWork(deps, accountCtx(deps.clock), (tx) => unlinkProvider(tx, userId, body.provider));
      },
      {
        access: "person",
        body: providerBody,
        response: authMethodsSchema,
        detail: { tags: ["Session"], summary: "Unlink a provider" },
      },
    );
}
