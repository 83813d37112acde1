/**
 * Password reset routes, for people who cannot sign in (no key, no session): `POST /v1/auth/password-reset` asks for
 * a link, `POST /v1/auth/password-reset/lookup` says what a link is for, `POST /v1/auth/password-reset/confirm` sets
 * the new password and signs this browser in. The token travels in the body, never the URL. Each needs
 * `X-Svc-Csrf: 1` (a cross-site form can neither mail a stranger a link nor sign a browser in), and each is limited
 * (account-throttle.ts).
 *
 * The request answers the same whatever the address, and not before `RESET_ANSWER_MS` have passed since it
 * arrived: writing a reset and queueing its email takes a little longer than finding no account, and a constant
 * floor hides that difference (cheaper than hashing a password for nothing, and it takes no password slot).
 */
import { Elysia } from "elysia";
import type { Deps } from "../../platform/deps";
import { secureCookies } from "../../platform/request-scheme";
import { requireSameSite } from "./auth";
import { AccountThrottle } from "./account-throttle";
import { confirmPasswordReset, hashForReset, lookupPasswordReset, requestPasswordReset } from "./password-resets";
import { accountCtx } from "./users";
import { unitOfWork } from "../../platform/db/unit-of-work";
import { meBody, refuseKeys, signIn } from "./session-routes";
import {
  linkTokenBody,
  meSchema,
  resetConfirmBody,
  resetLookupSchema,
  resetRequestBody,
  resetRequestedSchema,
} from "./model";

/** The least time a reset request takes to answer, whatever the address (ms). */
export const RESET_ANSWER_MS = 400;

const SENT =
  "If an account uses this address, a link to choose a new password is on its way. It works once, for an hour. Check your spam folder if it does not arrive within a few minutes.";
const NO_MAIL =
  "This server sends no email, so it cannot send a password reset link. Ask whoever runs it to set up email (PLAUDIT_SMTP_URL).";

const KEYS_REFUSED = "Password resets are for people; API keys have no password.";

/** The password reset routes of one app (with their own limiters). */
export function passwordResetRoutes(deps: Deps, throttle = new AccountThrottle(deps)) {
  return new Elysia()
    .post(
      "/auth/password-reset",
      async ({ body, request, server, set }) => {
        const started = performance.now();
        refuseKeys(request, KEYS_REFUSED);
        requireSameSite(deps, request);
        const email = body.email.trim().toLowerCase();
        throttle.resetAsked({ request, server, set }, email);
        const mailConfigured = deps.mailer.delivers;
        try {
          if (mailConfigured) unitOfWork(deps, accountCtx(deps.clock), (tx) => requestPasswordReset(tx, email));
        } catch (e) {
          // Only an existing account gets this far: failing out loud would tell the caller the address has one.
          deps.log.error("password reset request failed", { error: e instanceof Error ? e.stack : String(e) });
        }
        const left = RESET_ANSWER_MS - (performance.now() - started);
        if (left > 0) await Bun.sleep(left);
        set.status = 202;
        set.headers["cache-control"] = "no-store";
        return { message: mailConfigured ? SENT : NO_MAIL, mail_configured: mailConfigured };
      },
      {
        access: "public",
        body: resetRequestBody,
        response: { 202: resetRequestedSchema },
        detail: {
          tags: ["Session"],
          summary:
            "Ask for a password reset link by email: the same answer, after the same time, whether or not the address has an account (needs X-Svc-Csrf: 1)",
        },
      },
    )
    .post(
      "/auth/password-reset/lookup",
      ({ body, request, set }) => {
        refuseKeys(request, KEYS_REFUSED);
        set.headers["cache-control"] = "no-store";
        return lookupPasswordReset(deps, body.token);
      },
      {
        access: "public",
        transform: throttle.linkUsed,
        body: linkTokenBody,
        response: resetLookupSchema,
        detail: {
          tags: ["Session"],
          summary: "What a password reset link is for: the account's email and until when it works",
        },
      },
    )
    .post(
      "/auth/password-reset/confirm",
      async ({ body, request, server, set }) => {
        refuseKeys(request, KEYS_REFUSED);
        requireSameSite(deps, request);
        const passwordHash = await hashForReset(deps, body.token, body.password);
        const user = unitOfWork(deps, accountCtx(deps.clock), (tx) =>
          confirmPasswordReset(tx, body.token, passwordHash),
        );
        signIn(deps, set, user.id, secureCookies(request, server, deps.config));
        set.headers["cache-control"] = "no-store";
        return meBody(deps, user);
      },
      {
        access: "public",
        transform: throttle.linkUsed,
        body: resetConfirmBody,
        response: meSchema,
        detail: {
          tags: ["Session"],
          summary:
            "Choose a new password with a reset link: it works once; every other session of the account ends, and this browser is signed in (needs X-Svc-Csrf: 1)",
        },
      },
    );
}
