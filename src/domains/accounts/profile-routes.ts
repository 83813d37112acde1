/**
 * The profile page's routes ("Your account"), besides `PATCH /v1/me` (name and password, session-routes.ts):
 * `GET /v1/me/account` (the person as the page shows them), `POST /v1/me/email-change` (ask to sign in with another
 * address; a link goes there) and `DELETE /v1/me/email-change` (cancel it). The link's page uses
 * `POST /v1/auth/email-change/lookup` and `/confirm`: the token is the credential there (it proves the new address),
 * so they need no session, like an invitation's. Every route refuses API keys; the limits are account-throttle.ts's.
 */
import { Elysia } from "elysia";
import type { Deps } from "../../platform/deps";
import { currentSession, requireSameSite } from "./auth";
import { AccountThrottle } from "./account-throttle";
import {
  accountView,
  cancelEmailChange,
  checkEmailChange,
  confirmEmailChange,
  lookupEmailChange,
  requestEmailChange,
} from "./email-changes";
import { refuseKeys } from "./session-routes";
import { accountCtx } from "./users";
import { unitOfWork } from "../../platform/db/unit-of-work";
import { accountSchema, emailChangeBody, emailChangedSchema, emailChangeLookupSchema, linkTokenBody } from "./model";

const PEOPLE_ONLY = "/v1/me is for signed-in people; API keys act for the organisation.";
const LINK_KEYS_REFUSED = "Email changes are confirmed by people, not API keys.";

/** The profile routes of one app (with its own limiters). */
export function profileRoutes(deps: Deps, throttle = new AccountThrottle(deps)) {
  return new Elysia()
    .get(
      "/me/account",
      ({ request, set }) => {
        refuseKeys(request, PEOPLE_ONLY);
        const { user } = currentSession(deps, request);
        set.headers["cache-control"] = "no-store";
        return accountView(deps.db, user, deps.clock.now());
      },
      {
        access: "person",
        response: accountSchema,
        detail: { tags: ["Session"], summary: "Your account: name, email, an email change waiting for confirmation" },
      },
    )
    .post(
      "/me/email-change",
      async ({ request, server, set, body }) => {
        refuseKeys(request, PEOPLE_ONLY);
        const { user } = currentSession(deps, request);
        throttle.emailChangeAsked({ request, server, set }, user.id);
        const checked = await checkEmailChange(deps, user.id, body);
        const view = unitOfWork(deps, accountCtx(deps.clock), (tx) => requestEmailChange(tx, checked));
        set.status = 202;
        return view;
      },
      {
        access: "person",
        body: emailChangeBody,
        response: { 202: accountSchema },
        detail: {
          tags: ["Session"],
          summary:
            "Ask to sign in with another email (needs the current password): a link goes to the new address, a notice to the old one; nothing changes until the link is confirmed",
        },
      },
    )
    .delete(
      "/me/email-change",
      ({ request }) => {
        refuseKeys(request, PEOPLE_ONLY);
        const { user } = currentSession(deps, request);
        return unitOfWork(deps, accountCtx(deps.clock), (tx) => cancelEmailChange(tx, user.id));
      },
      {
        access: "person",
        response: accountSchema,
        detail: {
          tags: ["Session"],
          summary: "Cancel your email change waiting for confirmation (its link stops working)",
        },
      },
    )
    .post(
      "/auth/email-change/lookup",
      ({ request, body, set }) => {
        refuseKeys(request, LINK_KEYS_REFUSED);
        set.headers["cache-control"] = "no-store";
        return lookupEmailChange(deps, body.token);
      },
      {
        access: "public",
        transform: throttle.linkUsed,
        body: linkTokenBody,
        response: emailChangeLookupSchema,
        detail: {
          tags: ["Session"],
          summary: "What an email confirmation link is for: the account's email now and the new one",
        },
      },
    )
    .post(
      "/auth/email-change/confirm",
      ({ request, body, set }) => {
        refuseKeys(request, LINK_KEYS_REFUSED);
        requireSameSite(deps, request);
        set.headers["cache-control"] = "no-store";
        const user = unitOfWork(deps, accountCtx(deps.clock), (tx) => confirmEmailChange(tx, body.token));
        return { changed: true as const, email: user.email };
      },
      {
        access: "public",
        transform: throttle.linkUsed,
        body: linkTokenBody,
        response: emailChangedSchema,
        detail: {
          tags: ["Session"],
          summary:
            "Confirm an email change with the link sent to the new address: the account signs in with it from now on (needs X-Svc-Csrf: 1)",
        },
      },
    );
}
