/** Users: creation, sign-in checks, lookups, profile changes. Passwords are hashed off the event loop (passwords.ts). */
import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import type { Tx } from "../../platform/db/unit-of-work";
import type { Clock } from "../../platform/clock";
import { systemCtx, type Ctx } from "../../platform/context";
import { newId } from "../../platform/ids";
import { conflict, invalid } from "../../platform/errors";
import { requireCleanText } from "../../platform/clean-text";
import { isCleanText } from "../../platform/text";
import { sessions, users } from "./tables";
import { checkPassword, hashPassword, verifyNothing, verifyPassword } from "./passwords";

export { checkPassword, hashPassword } from "./passwords";

/** A stored user row. */
export type User = typeof users.$inferSelect;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Normalises and checks an email address. */
export function normaliseEmail(email: string, field = "email"): string {
  const e = email.trim().toLowerCase();
  // An address is shown to the team (members, the inbox): no control, direction or zero-width characters either.
  if (!EMAIL.test(e) || e.length > 254 || !isCleanText(e, "line"))
    throw invalid("Enter a valid email address, like name@example.com.", field);
  return e;
}

/** Finds a user by email. */
export function findUserByEmail(db: Db, email: string): User | undefined {
  return db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).get();
}

/** Finds a user by id. */
export function findUser(db: Db, id: string): User | undefined {
  return db.select().from(users).where(eq(users.id, id)).get();
}

/**
 * Hashes a password on the calling thread. Only for operator paths that run before the server listens or in
 * the CLI (`createOrganisation` from `org create` and the first start); request handlers use `hashPassword`.
 */
export const hashPasswordBlocking = (password: string) => Bun.password.hashSync(password);

/**
 * The context of a unit of work on a person's own account (password, sign-in email, providers, sessions): an
 * account belongs to no organisation, so the context names none and the system acts (nothing org-owned is written).
 */
export const accountCtx = (clock: Clock): Ctx => systemCtx("", "live", clock);

/**
 * Creates a user in the caller's transaction (`db`: a unit's `tx.db`, or `createOrganisation`'s own); 409 when the
 * email is taken. Hash the password beforehand, outside the transaction.
 */
export function createUser(
  db: Db,
  clock: Clock,
  input: { email: string; name?: string; passwordHash?: string | null },
): User {
  const email = normaliseEmail(input.email);
  if (findUserByEmail(db, email))
    throw conflict("email_taken", "An account with this email already exists.", { field: "email" });
  const row = {
    id: newId("user", clock.now()),
    email,
    name: requireCleanText((input.name ?? "").trim(), "line", "name").slice(0, 120),
    passwordHash: input.passwordHash ?? null,
    createdAt: clock.now(),
  };
  db.insert(users).values(row).run();
  return row;
}

/** Checks an email + password pair; returns the user or null (same answer and work for unknown email and wrong password). */
export async function verifyLogin(db: Db, email: string, password: string): Promise<User | null> {
  const user = findUserByEmail(db, email);
  if (!user?.passwordHash) return verifyNothing(password).then(() => null);
  return (await verifyPassword(password, user.passwordHash)) ? user : null;
}

/** Ends every session of a user except `keepSessionId` (the one that made the change), e.g. after a password change. */
export function endOtherSessions(tx: Tx, userId: string, keepSessionId: string | null): void {
  const where = keepSessionId
    ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))
    : eq(sessions.userId, userId);
  tx.db.delete(sessions).where(where).run();
}

/** A profile change, checked and with its new password hashed: what `updateProfile` writes. */
export interface ProfilePatch {
  user: User;
  patch: Partial<User>;
}

/**
 * Checks a change of a person's name and/or password (awaits; writes nothing): a new password needs the current one
 * (when there is one) and is hashed here, outside any unit of work.
 */
export async function checkProfilePatch(
  db: Db,
  userId: string,
  input: { name?: string; password?: string; current_password?: string },
): Promise<ProfilePatch> {
  const user = findUser(db, userId);
  if (!user) throw invalid("No such person.");
  const patch: Partial<User> = {};
  if (input.name !== undefined) {
    const name = input.name.trim();
    if (name.length > 120) throw invalid("Names are at most 120 characters.", "name");
    patch.name = name;
  }
  if (input.password !== undefined) {
    checkPassword(input.password);
    if (
      user.passwordHash &&
      !(input.current_password && (await verifyPassword(input.current_password, user.passwordHash)))
    ) {
      throw invalid("Your current password is not right.", "current_password");
    }
    patch.passwordHash = await hashPassword(input.password);
  }
  return { user, patch };
}

/**
 * Writes a checked profile change (`checkProfilePatch`); a new password ends every other session of that person,
 * keeping `currentSessionId`. Answers the person as changed.
 */
export function updateProfile(tx: Tx, { user, patch }: ProfilePatch, currentSessionId: string | null): User {
  if (Object.keys(patch).length) {
    tx.db.update(users).set(patch).where(eq(users.id, user.id)).run();
    if (patch.passwordHash) endOtherSessions(tx, user.id, currentSessionId);
  }
  return { ...user, ...patch };
}
