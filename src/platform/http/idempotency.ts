/**
 * `Idempotency-Key` for create routes: the first request's answer is stored in the same transaction as the
 * write, so the same key twice gives one resource and the same answer; the same key with another body is 409.
 */
import { and, eq } from "drizzle-orm";
import { tx, type Db } from "../db/client";
import type { Ctx } from "../context";
import { sha256 } from "../crypto";
import { AppError, invalid } from "../errors";
import { idempotencyKeys } from "./tables";
import { scoped } from "../db/tenancy";

/** Runs `create` once per (org, mode, route, key); later calls with the same key and body get the stored result. */
export function idempotent<T>(
  db: Db,
  ctx: Ctx,
  route: string,
  key: string | null | undefined,
  body: unknown,
  create: (db: Db) => T,
): { value: T; replayed: boolean } {
  if (key === null || key === undefined) return { value: tx(db, create), replayed: false };
  if (key.length < 1 || key.length > 255)
    throw invalid("Idempotency-Key must be 1 to 255 characters.", "Idempotency-Key");
  const hash = sha256(JSON.stringify(body ?? null));
  return tx(db, (db) => {
    const where = and(scoped(idempotencyKeys, ctx), eq(idempotencyKeys.route, route), eq(idempotencyKeys.key, key));
    const seen = db.select().from(idempotencyKeys).where(where).get();
    if (seen) {
      if (seen.requestHash !== hash) {
        throw new AppError(
          "idempotency_key_reused",
          409,
          "This Idempotency-Key was already used with a different request body. Use a new key for a new request.",
          { header: "Idempotency-Key" },
        );
      }
      return { value: JSON.parse(seen.response) as T, replayed: true };
    }
    const value = create(db);
    db.insert(idempotencyKeys)
      .values({
        orgId: ctx.orgId,
        mode: ctx.mode,
        route,
        key,
        requestHash: hash,
        status: 200,
        response: JSON.stringify(value),
        createdAt: ctx.clock.now(),
      })
      .run();
    return { value, replayed: false };
  });
}
