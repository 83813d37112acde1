/** Account routes: sign-in, the signed-in person, API keys, members, billing and the mail outbox. */
import { Elysia, t } from "elysia";
import type { Deps } from "../../platform/deps";
import { unauthorized, invalid, forbidden } from "../../platform/errors";
import { pageQuerySchema, pageRequest } from "../../platform/http/pagination";
import { listOutboxPage } from "./outbox";
import { listAuditPage } from "./audit-view";
import { authPlugin, readCookie } from "./auth";
import { can } from "./guard";
import { createSession, destroySession, resolveSession, SESSION_COOKIE, SESSION_TTL_MS } from "./sessions";
import { verifyLogin, updateProfile } from "./users";
import { membershipsOf, listMembers, addMember, changeRole, removeMember } from "./members";
import { createApiKey, listApiKeys, presentKey, revokeApiKey } from "./api-keys";
import { SCOPES } from "./permissions";
import { billingView, changePlan, checkout, portal, usageView } from "./billing";
import { checkThrottle, clearFailures, recordFailure } from "./login-throttle";
import { socialRoutes } from "./social-routes";
import { systemRoutes } from "./system-routes";

const idParams = t.Object({ id: t.String({ maxLength: 64 }) });

function sessionCookie(deps: Deps, token: string, maxAgeS: number) {
  const secure = deps.config.baseUrl.startsWith("https:") ? "; Secure" : "";
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeS}${secure}`;
}

/** Body of login and /v1/me. */
function meBody(deps: Deps, user: { id: string; email: string; name: string }) {
  return { user: { id: user.id, email: user.email, name: user.name }, memberships: membershipsOf(deps.db, user.id) };
}

/** `/v1/auth…`, `/v1/me`, `/v1/api-keys…`, `/v1/members…`, `/v1/billing…`, `/v1/outbox`, `/v1/system/health`. */
export function accountRoutes(deps: Deps) {
  return new Elysia({ prefix: "/v1" })
    .use(authPlugin(deps))
    .post("/auth/login", ({ body, set, request }) => {
      const email = body.email.trim().toLowerCase();
      if (request.headers.get("authorization")) throw invalid("Sign-in is for people; API keys need no sign-in.");
      checkThrottle(deps.clock, email);
      const user = verifyLogin(deps.db, email, body.password);
      if (!user) {
        recordFailure(deps.clock, email);
        throw unauthorized("That email and password do not match an account.");
      }
      clearFailures(email);
      const s = createSession(deps.db, deps.clock, user.id);
      set.headers["set-cookie"] = sessionCookie(deps, s.token, SESSION_TTL_MS / 1000);
      return meBody(deps, user);
    }, { body: t.Object({ email: t.String({ minLength: 3, maxLength: 254 }), password: t.String({ minLength: 1, maxLength: 200 }) }), detail: { tags: ["Session"], summary: "Sign in with email and password (sets the session cookie)" } })
    .post("/auth/logout", ({ request, set }) => {
      const token = readCookie(request.headers.get("cookie"), SESSION_COOKIE);
      if (token) destroySession(deps.db, token);
      set.headers["set-cookie"] = sessionCookie(deps, "", 0);
      return { signed_out: true };
    }, { detail: { tags: ["Session"], summary: "Sign out" } })
    .get("/me", ({ request }) => {
      if (request.headers.get("authorization")) throw invalid("/v1/me is for signed-in people; API keys act for the organisation.");
      const token = readCookie(request.headers.get("cookie"), SESSION_COOKIE);
      const found = token ? resolveSession(deps.db, deps.clock, token) : null;
      if (!found) throw unauthorized();
      return meBody(deps, found.user);
    }, { detail: { tags: ["Session"], summary: "The signed-in person and their organisations" } })
    .patch("/me", ({ request, body }) => {
      if (request.headers.get("authorization")) throw invalid("/v1/me is for signed-in people; API keys act for the organisation.");
      const token = readCookie(request.headers.get("cookie"), SESSION_COOKIE);
      const found = token ? resolveSession(deps.db, deps.clock, token) : null;
      if (!found) throw unauthorized();
      if (request.headers.get("x-svc-csrf") !== "1") throw forbidden("Missing X-Svc-Csrf header.", { reason: "csrf" });
      return meBody(deps, updateProfile(deps.db, found.user.id, body));
    }, { body: t.Object({ name: t.Optional(t.String({ maxLength: 120 })), password: t.Optional(t.String({ minLength: 8, maxLength: 200 })), current_password: t.Optional(t.String({ maxLength: 200 })) }, { additionalProperties: false }), detail: { tags: ["Session"], summary: "Change your name or password" } })
    .use(socialRoutes(deps))
    .use(systemRoutes(deps))
    .get("/api-keys/scopes", () => ({ data: Object.entries(SCOPES).map(([scope, description]) => ({ scope, description })) }), { detail: { tags: ["API keys"], summary: "Scopes a key can carry" } })
    .get("/api-keys", ({ auth, query }) => {
      const ctx = can(auth(), "key:manage");
      return listApiKeys(deps.db, deps.signer, ctx, pageRequest(deps.signer, "api-keys", query));
    }, { query: t.Object(pageQuerySchema), detail: { tags: ["API keys"], summary: "List API keys of the current mode (never the secrets)" } })
    .post("/api-keys", ({ auth, body, set }) => {
      const ctx = can(auth(), "key:manage");
      const { key, secret } = createApiKey(deps.db, ctx, { mode: body.mode ?? ctx.mode, name: body.name, scopes: body.scopes });
      set.status = 201;
      return { ...presentKey(key), secret };
    }, { body: t.Object({ name: t.Optional(t.String({ maxLength: 80 })), mode: t.Optional(t.Union([t.Literal("live"), t.Literal("test")])), scopes: t.Optional(t.Array(t.String({ maxLength: 40 }), { maxItems: 20 })) }, { additionalProperties: false }), detail: { tags: ["API keys"], summary: "Create an API key; the secret is in this answer only" } })
    .delete("/api-keys/:id", ({ auth, params }) => revokeApiKey(deps.db, can(auth(), "key:manage"), params.id), { params: idParams, detail: { tags: ["API keys"], summary: "Revoke an API key" } })
    .get("/members", ({ auth, query }) => listMembers(deps.db, deps.signer, can(auth(), "member:read"), pageRequest(deps.signer, "members", query)), { query: t.Object(pageQuerySchema), detail: { tags: ["Members"], summary: "List members" } })
    .post("/members", ({ auth, body, set }) => {
      const ctx = can(auth(), "member:manage");
      set.status = 201;
      return addMember(deps.db, ctx, body);
    }, { body: t.Object({ email: t.String({ maxLength: 254 }), role: t.String({ maxLength: 20 }), name: t.Optional(t.String({ maxLength: 120 })), password: t.Optional(t.String({ maxLength: 200 })) }, { additionalProperties: false }), detail: { tags: ["Members"], summary: "Add a member by email" } })
    .patch("/members/:id", ({ auth, params, body }) => changeRole(deps.db, can(auth(), "member:manage"), params.id, body.role), { params: idParams, body: t.Object({ role: t.String({ maxLength: 20 }) }), detail: { tags: ["Members"], summary: "Change a member's role" } })
    .delete("/members/:id", ({ auth, params }) => {
      removeMember(deps.db, can(auth(), "member:manage"), params.id);
      return { removed: true, id: params.id };
    }, { params: idParams, detail: { tags: ["Members"], summary: "Remove a member" } })
    .get("/billing", ({ auth }) => billingView(deps, can(auth(), "billing:read")), { detail: { tags: ["Billing"], summary: "Plan and plan catalogue" } })
    .get("/billing/usage", ({ auth }) => usageView(deps, can(auth(), "billing:read")), { detail: { tags: ["Billing"], summary: "Each allowance: used and limit" } })
    .post("/billing/change-plan", ({ auth, body }) => changePlan(deps, can(auth(), "billing:manage"), body.plan), { body: t.Object({ plan: t.String({ maxLength: 20 }) }), detail: { tags: ["Billing"], summary: "Change plan (owner)" } })
    .post("/billing/checkout", ({ auth, body }) => checkout(deps, can(auth(), "billing:manage"), body.plan), { body: t.Object({ plan: t.String({ maxLength: 20 }) }), detail: { tags: ["Billing"], summary: "Stripe Checkout for a plan (when configured)" } })
    .post("/billing/portal", ({ auth }) => portal(deps, can(auth(), "billing:manage")), { detail: { tags: ["Billing"], summary: "Stripe customer portal (when configured)" } })
    .get("/audit-log", ({ auth, query }) => listAuditPage(deps, can(auth(), "audit:read"), pageRequest(deps.signer, "audit-log", query, { action: query.action }), query.action), { query: t.Object({ ...pageQuerySchema, action: t.Optional(t.String({ maxLength: 60 })) }), detail: { tags: ["Audit"], summary: "Sensitive actions: keys, imports, plan changes, removals (owners and admins)" } })
    .get("/outbox", ({ auth, query }) => listOutboxPage(deps, can(auth(), "outbox:read"), pageRequest(deps.signer, "outbox", query)), { query: t.Object(pageQuerySchema), detail: { tags: ["Mail"], summary: "Mail the appliance sent or kept (no SMTP configured)" } });
}
