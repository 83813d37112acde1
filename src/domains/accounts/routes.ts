/** Account routes: sign-in, the signed-in person, API keys, members and invitations, billing and the mail outbox. */
import { Elysia, t } from "elysia";
import {
  apiKeyPageSchema,
  apiKeySchema,
  auditPageSchema,
  auditQuery,
  billingSchema,
  createdInvitationSchema,
  createdKeySchema,
  idParams,
  inviteBody,
  memberPageSchema,
  memberRemovedSchema,
  memberSchema,
  newKeyBody,
  outboxPageSchema,
  planBody,
  redirectUrlSchema,
  roleBody,
  scopeListSchema,
  usageSchema,
} from "./model";
import type { Deps } from "../../platform/deps";
import { reader } from "../../platform/db/unit-of-work";
import { invalid } from "../../platform/errors";
import { pageQuerySchema, pageRequest } from "../../platform/http/pagination";
import { listOutboxPage } from "./outbox";
import { listAuditPage } from "./audit-view";
import { accessPlugin } from "../../platform/access";
import { command } from "../../platform/access";
import { listMembers, changeRole, removeMember } from "./members";
import { inviteMember } from "./invitations";
import { invitationRoutes } from "./invitation-routes";
import { sessionRoutes } from "./session-routes";
import { passwordResetRoutes } from "./password-reset-routes";
import { profileRoutes } from "./profile-routes";
import { AccountThrottle } from "./account-throttle";
import { createApiKey, listApiKeys, presentKey, revokeApiKey } from "./api-keys";
import { SCOPES } from "../../platform/access";
import { billingView, changePlan, checkout, portal, usageView } from "./billing";
import { socialRoutes } from "./social-routes";
import { systemRoutes } from "./system-routes";
import { orgRoutes } from "./org-routes";

const PASSWORD_REFUSED =
  'Members are invited, not given a password: leave out "password". The answer carries a one-time invitation link (also emailed when SMTP is set up) with which the person chooses their own password, or accepts with the account they already have.';

/**
 * `/v1/auth…`, `/v1/me…`, `/v1/org…`, `/v1/api-keys…`, `/v1/members…`, `/v1/billing…`, `/v1/outbox`,
 * `/v1/system/health`.
 */
export function accountRoutes(deps: Deps) {
  const throttle = new AccountThrottle(deps);
  return (
    new Elysia({ prefix: "/v1" })
      .use(accessPlugin(deps))
      .use(sessionRoutes(deps))
      .use(passwordResetRoutes(deps, throttle))
      .use(profileRoutes(deps, throttle))
      .use(invitationRoutes(deps))
      .use(socialRoutes(deps))
      .use(systemRoutes(deps))
      .use(orgRoutes(deps))
      .get(
        "/api-keys/scopes",
        () => ({ data: Object.entries(SCOPES).map(([scope, description]) => ({ scope, description })) }),
        {
          access: "key:manage",
          response: scopeListSchema,
          detail: { tags: ["API keys"], summary: "Scopes a key can carry" },
        },
      )
      .get(
        "/api-keys",
        ({ ctx, query }) => {
          return listApiKeys(reader(deps, ctx), pageRequest(deps.signer, "api-keys", query));
        },
        {
          access: "key:manage",
          query: t.Object(pageQuerySchema),
          response: apiKeyPageSchema,
          detail: { tags: ["API keys"], summary: "List API keys of the current mode (never the secrets)" },
        },
      )
      .use(
        command(deps, "POST", "/api-keys", {
          permission: "key:manage",
          body: newKeyBody,
          response: { 201: createdKeySchema },
          detail: { tags: ["API keys"], summary: "Create an API key; the secret is in this answer only" },
          run: (tx, { body }) => {
            const { key, secret } = createApiKey(tx, {
              mode: body.mode ?? tx.ctx.mode,
              name: body.name,
              scopes: body.scopes,
            });
            return { ...presentKey(key), secret };
          },
        }),
      )
      .use(
        command(deps, "DELETE", "/api-keys/:id", {
          permission: "key:manage",
          params: idParams,
          response: apiKeySchema,
          detail: { tags: ["API keys"], summary: "Revoke an API key" },
          run: (tx, { params }) => revokeApiKey(tx, params.id),
        }),
      )
      .get("/members", ({ ctx, query }) => listMembers(reader(deps, ctx), pageRequest(deps.signer, "members", query)), {
        access: "member:read",
        query: t.Object(pageQuerySchema),
        response: memberPageSchema,
        detail: { tags: ["Members"], summary: "List members" },
      })
      .use(
        command(deps, "POST", "/members", {
          permission: "member:manage",
          body: inviteBody,
          response: { 201: createdInvitationSchema },
          detail: {
            tags: ["Members"],
            summary:
              "Invite a person by email: answers the invitation with its one-time link (shown once; mailed when SMTP is set up)",
          },
          run: (tx, { body }) => {
            if (body.password !== undefined) throw invalid(PASSWORD_REFUSED, "password");
            return inviteMember(tx, body);
          },
        }),
      )
      .use(
        command(deps, "PATCH", "/members/:id", {
          permission: "member:manage",
          params: idParams,
          body: roleBody,
          response: memberSchema,
          detail: { tags: ["Members"], summary: "Change a member's role (and a client's brands)" },
          run: (tx, { params, body }) => changeRole(tx, params.id, body.role, body.brand_ids),
        }),
      )
      .use(
        command(deps, "DELETE", "/members/:id", {
          permission: "member:manage",
          params: idParams,
          response: memberRemovedSchema,
          detail: { tags: ["Members"], summary: "Remove a member" },
          run: (tx, { params }) => {
            removeMember(tx, params.id);
            return { removed: true as const, id: params.id };
          },
        }),
      )
      .get("/billing", ({ ctx }) => billingView(reader(deps, ctx)), {
        access: "billing:read",
        response: billingSchema,
        detail: { tags: ["Billing"], summary: "Plan and plan catalogue" },
      })
      .get("/billing/usage", ({ ctx }) => usageView(reader(deps, ctx)), {
        access: "billing:read",
        response: usageSchema,
        detail: { tags: ["Billing"], summary: "Each allowance: used and limit" },
      })
      .use(
        command(deps, "POST", "/billing/change-plan", {
          permission: "billing:manage",
          body: planBody,
          response: billingSchema,
          detail: { tags: ["Billing"], summary: "Change plan (owner)" },
          run: (tx, { body }) => changePlan(tx, body.plan),
        }),
      )
      // Checkout and the portal are not commands: they await Stripe and write nothing here.
      .post("/billing/checkout", ({ ctx, body }) => checkout(deps, ctx, body.plan), {
        access: "billing:manage",
        body: planBody,
        response: redirectUrlSchema,
        detail: { tags: ["Billing"], summary: "Stripe Checkout for a plan (when configured)" },
      })
      .post("/billing/portal", ({ ctx }) => portal(deps, ctx), {
        access: "billing:manage",
        response: redirectUrlSchema,
        detail: { tags: ["Billing"], summary: "Stripe customer portal (when configured)" },
      })
      .get(
        "/audit-log",
        ({ ctx, query }) =>
          listAuditPage(
            reader(deps, ctx),
            pageRequest(deps.signer, "audit-log", query, { action: query.action }),
            query.action,
          ),
        {
          // The organisation's record of sensitive actions covers both modes; each line names its mode.
          access: { permission: "audit:read", brand: "none", modes: "both" },
          query: auditQuery,
          response: auditPageSchema,
          detail: {
            tags: ["Audit"],
            summary: "Sensitive actions: keys, imports, plan changes, removals (owners and admins)",
          },
        },
      )
      .get(
        "/outbox",
        ({ ctx, query }) => listOutboxPage(reader(deps, ctx), pageRequest(deps.signer, "outbox", query)),
        {
          access: "outbox:read",
          query: t.Object(pageQuerySchema),
          response: outboxPageSchema,
          detail: { tags: ["Mail"], summary: "Mail the appliance sent or kept (no SMTP configured)" },
        },
      )
  );
}
