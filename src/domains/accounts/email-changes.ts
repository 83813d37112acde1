/**
 * Changing one's sign-in email. The signed-in person asks (with their current password, when they have one); the
 * new address is sent a link and the old one is told that a change was asked for. Nothing changes until the link is
 * opened and the change confirmed on its page, which proves the new address is theirs.
 *
 * The answer and the emails never say whether the new address already has an account: the asker is not told, and
 * that address is told, without a link, that it already has one (a confirmation could not succeed anyway). The link's
 * token is derived from the row's id like a password reset's and made only when the email is sent
 * (`emailChangeMailLink`), so the outbox keeps none. A newer request or a cancel replaces a pending one; a link works
 * once, for a day. Confirming also ends the pending password resets, whose links went to the old address.
 */
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import type { Tx } from "../../platform/db/unit-of-work";
import type { Deps } from "../../platform/deps";
import { iso } from "../../platform/clock";
import { newId } from "../../platform/ids";
import { sha256, type Signer } from "../../platform/crypto";
import { AppError, conflict, invalid } from "../../platform/errors";
import { MAIL_LINK_MARK, queueMail } from "../../platform/mail/queue-mail";
import { emailChanges, users } from "./tables";
import { findUser, findUserByEmail, normaliseEmail, type User } from "./users";
import { verifyPassword } from "./passwords";
import { endPendingResets } from "./password-resets";
import type { AccountView } from "./model";

/** How long an email confirmation link works. */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60_000;

/** The mail link kind of confirmation emails (made by `emailChangeMailLink` when the email is sent). */
export const EMAIL_CHANGE_LINK = "email_change";

type ChangeRow = typeof emailChanges.$inferSelect;

/** The token of an email change (256 bits): HMAC of its id under the data directory's secret. */
export const emailChangeToken = (signer: Signer, changeId: string): string =>
  signer.mac("email-change.token.v1", changeId);

/** The page a confirmation link opens (the token after `#`, never sent to a server by the browser). */
export const emailChangeUrl = (appUrl: string, token: string) => `${appUrl}/confirm-email#${token}`;

const pending = (r: ChangeRow, now: number) => r.usedAt == null && r.cancelledAt == null && r.expiresAt > now;

/** A confirmation email's link, made at sending time; null once the change was used, cancelled or expired. */
export function emailChangeMailLink(deps: Deps, changeId: string): string | null {
  const row = deps.db.select().from(emailChanges).where(eq(emailChanges.id, changeId)).get();
  if (!row || !pending(row, deps.clock.now())) return null;
  return emailChangeUrl(deps.config.appUrl, emailChangeToken(deps.signer, row.id));
}

/** The person's pending change, if any. */
function pendingOf(db: Db, userId: string, now: number): ChangeRow | undefined {
  return db
    .select()
    .from(emailChanges)
    .where(
      and(
        eq(emailChanges.userId, userId),
        isNull(emailChanges.usedAt),
        isNull(emailChanges.cancelledAt),
        gt(emailChanges.expiresAt, now),
      ),
    )
    .orderBy(desc(emailChanges.createdAt))
    .get();
}

/** The profile page's view of a person: name, email, whether they have a password, the email change waiting. */
export function accountView(db: Db, user: User, now: number): AccountView {
  const change = pendingOf(db, user.id, now);
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    has_password: !!user.passwordHash,
    pending_email: change
      ? { email: change.email, requested_at: iso(change.createdAt)!, expires_at: iso(change.expiresAt)! }
      : null,
  };
}

function cancelPending(tx: Tx, userId: string, now: number) {
  tx.db
    .update(emailChanges)
    .set({ cancelledAt: now })
    .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.usedAt), isNull(emailChanges.cancelledAt)))
    .run();
}

/** An email change checked before its unit of work: the person and the new address. */
export interface CheckedEmailChange {
  user: User;
  email: string;
}

/**
 * Checks a change of the person's email to `input.email` (awaits; writes nothing): a new address, the current
 * password (when they have one). Refused when the server sends no email (the link could reach nobody).
 */
export async function checkEmailChange(
  deps: Deps,
  userId: string,
  input: { email: string; current_password?: string },
): Promise<CheckedEmailChange> {
  const user = findUser(deps.db, userId);
  if (!user) throw invalid("No such person.");
  const email = normaliseEmail(input.email);
  if (email === user.email) throw invalid("That is already your email address.", "email");
  if (!deps.mailer.delivers)
    throw new AppError(
      "mail_not_configured",
      409,
      "This server sends no email, so it cannot confirm a new address. Ask whoever runs it to set up email (PLAUDIT_SMTP_URL).",
    );
  if (
    user.passwordHash &&
    !(input.current_password && (await verifyPassword(input.current_password, user.passwordHash)))
  )
    throw invalid("Your current password is not right.", "current_password");
  return { user, email };
}

/**
 * Asks to change the person's email (checked by `checkEmailChange`): replaces a pending change, and queues the
 * confirmation to the new address and the notice to the old one. Answers the person's view.
 */
export function requestEmailChange(tx: Tx, { user, email }: CheckedEmailChange): AccountView {
  const { db, deps } = tx;
  const now = deps.clock.now();
  cancelPending(tx, user.id, now);
  const id = newId("emailChange", now);
  const expiresAt = now + EMAIL_CHANGE_TTL_MS;
  db.insert(emailChanges)
    .values({
      id,
      userId: user.id,
      email,
      tokenHash: sha256(emailChangeToken(deps.signer, id)),
      createdAt: now,
      expiresAt,
    })
    .run();
  // An address that already has an account gets no link: a confirmation could never succeed.
  if (findUserByEmail(db, email))
    queueMail({ db, clock: deps.clock, state: deps.state }, { to: email, ...takenMail(email) });
  else
    queueMail(
      { db, clock: deps.clock, state: deps.state },
      {
        to: email,
        ...confirmMail(user.email, email, expiresAt),
        link: { kind: EMAIL_CHANGE_LINK, ref: id },
      },
    );
  queueMail({ db, clock: deps.clock, state: deps.state }, { to: user.email, ...noticeMail(user.email, email) });
  return accountView(db, user, now);
}

/** Cancels the person's pending email change (its link stops working); answers their view. */
export function cancelEmailChange(tx: Tx, userId: string): AccountView {
  const { db, deps } = tx;
  const user = findUser(db, userId);
  if (!user) throw invalid("No such person.");
  const now = deps.clock.now();
  cancelPending(tx, userId, now);
  return accountView(db, user, now);
}

function confirmMail(from: string, to: string, expiresAt: number) {
  return {
    subject: "Confirm your new Plaudit sign-in email",
    text: `Someone signed in to the Plaudit account ${from} asked to sign in with ${to} from now on. If it was you, open this link and confirm:\n${MAIL_LINK_MARK}\n\nNothing changes until you confirm. The link works once, until ${new Date(expiresAt).toUTCString()}.\n\nIf you did not ask for this, ignore this message.\n`,
  };
}

function takenMail(to: string) {
  return {
    subject: "Your address was offered for a Plaudit account",
    text: `Someone signed in to a Plaudit account asked to sign in with ${to}. This address already has a Plaudit account, so nothing changed and no account was given this address.\n\nIf it was you, sign in with ${to} as you usually do. If you did not ask for this, ignore this message.\n`,
  };
}

function noticeMail(from: string, to: string) {
  return {
    subject: "A change of your Plaudit sign-in email was asked for",
    text: `Someone signed in to your Plaudit account ${from} asked to sign in with ${to} from now on. A link was sent to ${to}; nothing changes unless it is confirmed there.\n\nIf it was not you, sign in, cancel the change on the "Your account" page and choose a new password.\n`,
  };
}

const INVALID =
  "This confirmation link does not work: it was already used, cancelled or replaced by a newer one, or it is not complete.";

/** The pending change behind a token; 404 `email_link_invalid`, or 410 `email_link_expired`. */
function changeByToken(db: Db, token: string, now: number): ChangeRow {
  const row = token
    ? db
        .select()
        .from(emailChanges)
        .where(eq(emailChanges.tokenHash, sha256(token)))
        .get()
    : undefined;
  if (!row || row.usedAt != null || row.cancelledAt != null) throw new AppError("email_link_invalid", 404, INVALID);
  if (row.expiresAt <= now)
    throw new AppError(
      "email_link_expired",
      410,
      "This confirmation link has expired (links work for a day). Ask again from the “Your account” page.",
    );
  return row;
}

/** What the confirmation page shows: the current and the new address, and until when the link works. */
export function lookupEmailChange(deps: Deps, token: string) {
  const row = changeByToken(deps.db, token, deps.clock.now());
  const user = findUser(deps.db, row.userId);
  if (!user) throw new AppError("email_link_invalid", 404, INVALID);
  return { email: user.email, new_email: row.email, expires_at: iso(row.expiresAt)! };
}

/**
 * Confirms an email change: the account signs in with the new address from now on. 409 `email_taken` when another
 * account took the address meanwhile. Pending password resets end (their links went to the old address).
 */
export function confirmEmailChange(tx: Tx, token: string): User {
  const { db, deps } = tx;
  const now = deps.clock.now();
  const row = changeByToken(db, token, now);
  const user = findUser(db, row.userId);
  if (!user) throw new AppError("email_link_invalid", 404, INVALID);
  const holder = findUserByEmail(db, row.email);
  if (holder && holder.id !== user.id)
    throw conflict("email_taken", `${row.email} already belongs to another Plaudit account; nothing changed.`);
  db.update(users).set({ email: row.email }).where(eq(users.id, user.id)).run();
  db.update(emailChanges).set({ usedAt: now }).where(eq(emailChanges.id, row.id)).run();
  cancelPending(tx, user.id, now);
  endPendingResets(tx, user.id, now);
  return { ...user, email: row.email };
}
