/**
 * Invitation routes. For owners and admins: `GET /v1/invitations` (pending ones) and `DELETE /v1/invitations/{id}`
 * (revoke); invitations are made by `POST /v1/members`. For the invitee, no API key and no membership needed:
 * `POST /v1/invitations/lookup` and `POST /v1/invitations/accept` (the token travels in the body, never the URL),
 * limited per client address (invitation-throttle.ts).
 */
import { Elysia, t } from "elysia";
import {
  acceptBody,
  idParams,
  invitationLookupSchema,
  invitationPageSchema,
  invitationSchema,
  lookupBody,
  meSchema,
} from "./model";
import type { Deps } from "../../platform/deps";
import { forbidden } from "../../platform/errors";
import { pageQuerySchema, pageRequest } from "../../platform/http/pagination";
import { readCookie, requireSameSite } from "./auth";
import { accessPlugin } from "../../platform/access";
import { command } from "../../platform/access";
import { resolveSession, SESSION_COOKIE } from "./sessions";
import { acceptInvitation, checkAcceptance, listInvitations, lookupInvitation, revokeInvitation } from "./invitations";
import { accountCtx } from "./users";
import { reader, unitOfWork } from "../../platform/db/unit-of-work";
import { meBody, signIn } from "./session-routes";
import { secureCookies } from "../../platform/request-scheme";
import { invitationThrottle } from "./invitation-throttle";

function signedInUserId(deps: Deps, request: Request): string | null {
  if (request.headers.get("authorization"))
    throw forbidden("Invitations are accepted by people, not API keys.", { reason: "session_only" });
  const token = readCookie(request.headers.get("cookie"), SESSION_COOKIE);
  return (token && resolveSession(deps.db, deps.clock, token)?.user.id) || null;
}

/** The invitation routes. */
export function invitationRoutes(deps: Deps) {
  // On transform, before validation: malformed requests count too.
  const throttle = invitationThrottle(deps);
  return new Elysia()
    .use(accessPlugin(deps))
    .post(
      "/invitations/lookup",
      ({ request, body, set }) => {
        set.headers["cache-control"] = "no-store";
        return lookupInvitation(deps, body.token, signedInUserId(deps, request));
      },
      {
        access: "public",
        transform: throttle,
        body: lookupBody,
        response: invitationLookupSchema,
        detail: {
          tags: ["Members"],
          summary: "What an invitation link is for: organisation, email, role, whether that email has an account",
        },
      },
    )
    .post(
      "/invitations/accept",
      async ({ request, body, set, server }) => {
        requireSameSite(deps, request);
        const current = signedInUserId(deps, request);
        const checked = await checkAcceptance(deps, body.token, { password: body.password }, current);
        const user = unitOfWork(deps, accountCtx(deps.clock), (tx) =>
          acceptInvitation(tx, body.token, { name: body.name }, checked),
        );
        if (user.id !== current) signIn(deps, set, user.id, secureCookies(request, server, deps.config));
        return meBody(deps, user);
      },
      {
        access: "public",
        transform: throttle,
        body: acceptBody,
        response: meSchema,
        detail: {
          tags: ["Members"],
          summary:
            "Accept an invitation: a new person sets their name and password; an existing account accepts signed in (needs X-Svc-Csrf: 1)",
        },
      },
    )
    .get(
      "/invitations",
      ({ ctx, query }) => listInvitations(reader(deps, ctx), pageRequest(deps.signer, "invitations", query)),
      {
        access: "member:manage",
        query: t.Object(pageQuerySchema),
        response: invitationPageSchema,
        detail: { tags: ["Members"], summary: "Pending invitations (owners and admins)" },
      },
    )
    .use(
      command(deps, "DELETE", "/invitations/:id", {
        permission: "member:manage",
        params: idParams,
        response: invitationSchema,
        detail: { tags: ["Members"], summary: "Revoke a pending invitation" },
        run: (tx, { params }) => revokeInvitation(tx, params.id),
      }),
    );
}
