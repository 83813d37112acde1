/** Dashboard sessions: a random token in an HttpOnly cookie, its hash in the database. */
import { and, eq, gt } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import type { Clock } from "../../platform/clock";
import { newId } from "../../platform/ids";
import { randomToken, sha256 } from "../../platform/crypto";
import { sessions, users } from "./tables";

/** Name of the session cookie. */
export const SESSION_COOKIE = "plaudit_session";
/** Sessions last 30 days from their last use. */
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;

/** Starts a session; returns the cookie token (shown nowhere else). */
export function createSession(db: Db, clock: Clock, userId: string): { token: string; id: string; expiresAt: number } {
  const token = randomToken(32);
  const now = clock.now();
  const id = newId("session", now);
  db.insert(sessions)
    .values({ id, userId, tokenHash: sha256(token), createdAt: now, expiresAt: now + SESSION_TTL_MS, lastSeenAt: now })
    .run();
  return { token, id, expiresAt: now + SESSION_TTL_MS };
}

/** The session and user for a cookie token, sliding its expiry at most once an hour. */
export function resolveSession(db: Db, clock: Clock, token: string) {
  const now = clock.now();
  const row = db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sha256(token)), gt(sessions.expiresAt, now)))
    .get();
  if (row && now - row.session.lastSeenAt > 3600_000) {
    db.update(sessions)
      .set({ lastSeenAt: now, expiresAt: now + SESSION_TTL_MS })
      .where(eq(sessions.id, row.session.id))
      .run();
  }
  return row ?? null;
}

/** Ends a session. */
export function destroySession(db: Db, token: string): void {
  db.delete(sessions)
    .where(eq(sessions.tokenHash, sha256(token)))
    .run();
}
