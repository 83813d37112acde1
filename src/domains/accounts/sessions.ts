/** Dashboard sessions: a random token in an HttpOnly cookie, its hash in the database. */
import type { Tx } from "../../platform/db/unit-of-work";
import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { prepared } from "../../platform/db/prepared";
import type { Clock } from "../../platform/clock";
import { newId } from "../../platform/ids";
import { randomToken, sha256 } from "../../platform/crypto";
import { sessions, users } from "./tables";

/** Name of the session cookie. */
export const SESSION_COOKIE = "plaudit_session";
/** Sessions last 30 days from their last use. */
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;

/** Starts a session (in a unit of work on the person's account: `accountCtx`); returns the cookie token (shown nowhere else). */
export function createSession(tx: Tx, userId: string): { token: string; id: string; expiresAt: number } {
  const token = randomToken(32);
  const now = tx.ctx.clock.now();
  const id = newId("session", now);
  tx.db
    .insert(sessions)
    .values({ id, userId, tokenHash: sha256(token), createdAt: now, expiresAt: now + SESSION_TTL_MS, lastSeenAt: now })
    .run();
  return { token, id, expiresAt: now + SESSION_TTL_MS };
}

/** A live session and its user by token hash (every dashboard request runs it: prepared once). */
const sessionByHash = (db: Db) =>
  db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder("hash")), gt(sessions.expiresAt, sql.placeholder("now"))))
    .prepare();

/**
 * The session and user for a cookie token, sliding its expiry at most once an hour: the one write of authentication,
 * a single statement on every dashboard request's path, made without a unit of work (like an API key's last use).
 */
export function resolveSession(db: Db, clock: Clock, token: string) {
  const now = clock.now();
  const row = prepared(db, sessionByHash).get({ hash: sha256(token), now });
  if (row && now - row.session.lastSeenAt > 3600_000) {
    db.update(sessions)
      .set({ lastSeenAt: now, expiresAt: now + SESSION_TTL_MS })
      .where(eq(sessions.id, row.session.id))
      .run();
  }
  return row ?? null;
}

/** Ends a session (in a unit of work on the person's account). */
export function destroySession(tx: Tx, token: string): void {
  tx.db
    .delete(sessions)
    .where(eq(sessions.tokenHash, sha256(token)))
    .run();
}
