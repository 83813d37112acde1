/**
 * Password reset by email. Anyone may ask for a link for an address; when the address has an account, a
 * `password_resets` row and its email are written; otherwise nothing is, and the caller answers the same either way
 * (the route also takes the same time), so the answer never tells whether an address has an account.
 *
 * The link's token is the HMAC of the row's id under the data directory's secret, like an invitation's, and the row
 * keeps only its SHA-256. The email is queued with a placeholder where the link goes (`MAIL_LINK_MARK`); the link is
 * made when the email is handed to the SMTP server (`passwordResetMailLink`, the accounts module's mail link), so
 * neither the outbox nor a backup holds a token that works. A link works once, for an hour; using it sets the new
 * password, ends every reset of that person and every session of theirs (the browser that used it is signed in
 * afresh by the route).
 */
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import type { Tx } from "../../platform/db/unit-of-work";
import type { Deps } from "../../platform/deps";
import { iso } from "../../platform/clock";
import { newId } from "../../platform/ids";
import { sha256, type Signer } from "../../platform/crypto";
import { AppError } from "../../platform/errors";
import { MAIL_LINK_MARK, queueMail } from "../../platform/mail/queue-mail";
import { passwordResets, users } from "./tables";
import { endOtherSessions, findUser, findUserByEmail, type User } from "./users";
import { checkPassword, hashPassword } from "./passwords";

/** How long a reset link works. */
export const RESET_TTL_MS = 60 * 60_000;

/** The mail link kind of reset emails (made by `passwordResetMailLink` when the email is sent). */
export const PASSWORD_RESET_LINK = "password_reset";

type ResetRow = typeof passwordResets.$inferSelect;

/** The token of a reset (256 bits): HMAC of its id under the data directory's secret; only its hash is stored. */
export const resetToken = (signer: Signer, resetId: string): string => signer.mac("password-reset.token.v1", resetId);

/** The page a reset link opens: the token sits after `#`, so it never reaches server logs or Referer headers. */
export const resetUrl = (appUrl: string, token: string) => `${appUrl}/reset-password#${token}`;

const usable = (r: ResetRow, now: number) => r.usedAt == null && r.expiresAt > now;

/** A reset email's link, made at sending time; null once the reset was used or has expired (the email is withheld). */
export function passwordResetMailLink(deps: Deps, resetId: string): string | null {
  const row = deps.db.select().from(passwordResets).where(eq(passwordResets.id, resetId)).get();
  if (!row || !usable(row, deps.clock.now())) return null;
  return resetUrl(deps.config.appUrl, resetToken(deps.signer, row.id));
}

/**
 * Asks for a reset link for `email`: when it belongs to an account, writes the reset and queues its email; does
 * nothing otherwise. Returns nothing either way: the caller's answer must not depend on it.
 */
export function requestPasswordReset(tx: Tx, email: string): void {
  const { db, deps } = tx;
  const address = email.trim().toLowerCase();
  const user = findUserByEmail(db, address);
  if (!user) return;
  const now = deps.clock.now();
  const id = newId("passwordReset", now);
  const expiresAt = now + RESET_TTL_MS;
  db.insert(passwordResets)
    .values({ id, userId: user.id, tokenHash: sha256(resetToken(deps.signer, id)), createdAt: now, expiresAt })
    .run();
  queueMail(
    { db, clock: deps.clock, state: deps.state },
    {
      to: user.email,
      ...resetMail(user.email, expiresAt),
      link: { kind: PASSWORD_RESET_LINK, ref: id },
    },
  );
}

/** The reset email: says what the link does and that ignoring it changes nothing. */
function resetMail(email: string, expiresAt: number) {
  return {
    subject: "Choose a new Plaudit password",
    text: `Someone asked to reset the password of the Plaudit account ${email}. If it was you, open this link to choose a new password:\n${MAIL_LINK_MARK}\n\nThe link works once, until ${new Date(expiresAt).toUTCString()}. Choosing a new password signs the account out everywhere else.\n\nIf you did not ask for this, ignore this message: your password stays as it is.\n`,
  };
}

const INVALID =
  "This password reset link does not work: it was already used, or it is not complete. Ask for a new one from the sign-in page.";

/** The usable reset behind a token; 404 `reset_link_invalid` for unknown or used links, 410 for expired ones. */
function resetByToken(db: Db, token: string, now: number): ResetRow {
  const row = token
    ? db
        .select()
        .from(passwordResets)
        .where(eq(passwordResets.tokenHash, sha256(token)))
        .get()
    : undefined;
  if (!row || row.usedAt != null) throw new AppError("reset_link_invalid", 404, INVALID);
  if (row.expiresAt <= now)
    throw new AppError(
      "reset_link_expired",
      410,
      "This password reset link has expired (links work for an hour). Ask for a new one from the sign-in page.",
    );
  return row;
}

/** What the reset page shows before asking for the new password: the account's email and until when the link works. */
export function lookupPasswordReset(deps: Deps, token: string) {
  const row = resetByToken(deps.db, token, deps.clock.now());
  const user = findUser(deps.db, row.userId);
  if (!user) throw new AppError("reset_link_invalid", 404, INVALID);
  return { email: user.email, expires_at: iso(row.expiresAt)! };
}

/**
 * Checks a new password and its reset link, and hashes the password (awaits; writes nothing): the hash
 * `confirmPasswordReset` writes.
 */
export async function hashForReset(deps: Deps, token: string, password: string): Promise<string> {
  checkPassword(password);
  resetByToken(deps.db, token, deps.clock.now());
  return hashPassword(password);
}

/**
 * Sets a new password (hashed by `hashForReset`) with a reset link: the link and every other reset of that person
 * stop working, and every session of theirs ends. Returns the person (the route signs this browser in).
 */
export function confirmPasswordReset(tx: Tx, token: string, passwordHash: string): User {
  const { db, deps } = tx;
  const now = deps.clock.now();
  // Checked again inside the transaction: the link may have been used while the password hashed.
  const row = resetByToken(db, token, now);
  const user = findUser(db, row.userId);
  if (!user) throw new AppError("reset_link_invalid", 404, INVALID);
  db.update(users).set({ passwordHash }).where(eq(users.id, user.id)).run();
  endPendingResets(tx, user.id, now);
  endOtherSessions(tx, user.id, null);
  return { ...user, passwordHash };
}

/**
 * Marks every unused reset of a person used (a reset done, or the address the links went to changed), in the caller's
 * unit of work.
 */
export function endPendingResets(tx: Tx, userId: string, now: number): void {
  tx.db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
    .run();
}
