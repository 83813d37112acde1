/** Users: creation, password checks, lookups. */
import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import type { Clock } from "../../platform/clock";
import { newId } from "../../platform/ids";
import { conflict, invalid } from "../../platform/errors";
import { users } from "./tables";

/** A stored user row. */
export type User = typeof users.$inferSelect;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Normalises and checks an email address. */
export function normaliseEmail(email: string, field = "email"): string {
  const e = email.trim().toLowerCase();
  if (!EMAIL.test(e) || e.length > 254) throw invalid("Enter a valid email address, like name@example.com.", field);
  return e;
}

/** Checks a new password: 8 to 200 characters. */
export function checkPassword(password: string, field = "password"): void {
  if (password.length < 8 || password.length > 200) throw invalid("Passwords need 8 to 200 characters.", field);
}

/** Finds a user by email. */
export function findUserByEmail(db: Db, email: string): User | undefined {
  return db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).get();
}

/** Finds a user by id. */
export function findUser(db: Db, id: string): User | undefined {
  return db.select().from(users).where(eq(users.id, id)).get();
}

/** Hashes a password (argon2id through Bun.password). */
export const hashPassword = (password: string) => Bun.password.hashSync(password);

/** Creates a user; 409 when the email is taken. `passwordHash` may be precomputed outside a transaction. */
export function createUser(db: Db, clock: Clock, input: { email: string; name?: string; passwordHash?: string | null }): User {
  const email = normaliseEmail(input.email);
  if (findUserByEmail(db, email)) throw conflict("email_taken", "An account with this email already exists.", { field: "email" });
  const row = { id: newId("user", clock.now()), email, name: (input.name ?? "").trim().slice(0, 120), passwordHash: input.passwordHash ?? null, createdAt: clock.now() };
  db.insert(users).values(row).run();
  return row;
}

/** Checks an email + password pair; returns the user or null (same answer for unknown email and wrong password). */
export function verifyLogin(db: Db, email: string, password: string): User | null {
  const user = findUserByEmail(db, email);
  if (!user?.passwordHash) {
    Bun.password.verifySync(password, (dummyHash ??= Bun.password.hashSync("plaudit-timing-equaliser")));
    return null;
  }
  return Bun.password.verifySync(password, user.passwordHash) ? user : null;
}

/** Spent on unknown emails so a login's timing does not tell whether the account exists; made on first use. */
let dummyHash: string | undefined;

/** Changes a person's name and/or password; a new password needs the current one (when there is one). */
export function updateProfile(db: Db, userId: string, input: { name?: string; password?: string; current_password?: string }): User {
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
    if (user.passwordHash && !(input.current_password && Bun.password.verifySync(input.current_password, user.passwordHash))) {
      throw invalid("Your current password is not right.", "current_password");
    }
    patch.passwordHash = hashPassword(input.password);
  }
  if (Object.keys(patch).length) db.update(users).set(patch).where(eq(users.id, userId)).run();
  return { ...user, ...patch };
}
