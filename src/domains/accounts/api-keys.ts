/**
 * API keys: `rk_test_…` / `rk_live_…` with 192 random bits, stored as SHA-256, shown once, scoped, revocable.
 * A key acts for its organisation in its own mode only.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { byId } from "../../platform/db/tenancy";
import type { ApiKeyView } from "./model";
import { prepared } from "../../platform/db/prepared";
import type { Db } from "../../platform/db/client";
import type { Reader, Tx } from "../../platform/db/unit-of-work";
import type { Clock } from "../../platform/clock";
import type { Mode } from "../../platform/context";
import { iso } from "../../platform/clock";
import { newId } from "../../platform/ids";
import { randomToken, sha256 } from "../../platform/crypto";
import { invalid, notFound } from "../../platform/errors";
import { requireCleanText } from "../../platform/clean-text";
import { toPage, type PageRequest } from "../../platform/http/pagination";
import { actorRef } from "../../platform/context";
import { apiKeys, orgs } from "./tables";
import { isScope, SCOPES } from "../../platform/access";
import { orgPageRows } from "../../platform/db/org-page";

/** A stored key row (hash only). */
export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** What the API shows of a key (never the secret after creation). */
export function presentKey(k: ApiKeyRow): ApiKeyView {
  return {
    id: k.id,
    name: k.name,
    mode: k.mode as Mode,
    prefix: k.prefix,
    last4: k.last4,
    scopes: k.scopes,
    created_at: iso(k.createdAt),
    last_used_at: iso(k.lastUsedAt),
    revoked_at: iso(k.revokedAt),
  };
}

/** Checks a scope list; empty means every scope. */
export function parseScopes(scopes: string[] | undefined): string[] {
  if (!scopes || scopes.length === 0) return Object.keys(SCOPES);
  const unknown = scopes.filter((s) => !isScope(s));
  if (unknown.length)
    throw invalid(`Unknown scope ${unknown.join(", ")}. Scopes: ${Object.keys(SCOPES).join(", ")}.`, "scopes");
  return [...new Set(scopes)];
}

/** Creates a key in the context's org and the given mode; returns the row and the secret, shown this once. */
export function createApiKey(
  tx: Tx,
  input: { mode: Mode; name?: string; scopes?: string[] },
): { key: ApiKeyRow; secret: string } {
  const ctx = tx.ctx;
  const scopes = parseScopes(input.scopes);
  const name = (input.name ?? "").trim();
  if (name.length > 80) throw invalid("Key names are at most 80 characters.", "name");
  requireCleanText(name, "line", "name");
  const prefix = input.mode === "test" ? "rk_test_" : "rk_live_";
  const secret = prefix + randomToken(24);
  const now = ctx.clock.now();
  const key: ApiKeyRow = {
    id: newId("apiKey", now),
    orgId: ctx.orgId,
    mode: input.mode,
    name,
    prefix,
    last4: secret.slice(-4),
    keyHash: sha256(secret),
    scopes,
    createdByUserId: actorRef(ctx.actor).userId,
    createdAt: now,
    lastUsedAt: null,
    revokedAt: null,
  };
  tx.db.insert(apiKeys).values(key).run();
  tx.as({ ...ctx, mode: input.mode }).audit("api_key.created", key.id, { name, scopes, mode: input.mode });
  return { key, secret };
}

/** A page of the org's keys in a mode, newest first. */
export function listApiKeys({ db, ctx, deps }: Reader, page: PageRequest) {
  const rows = orgPageRows(db, apiKeys, ctx, page);
  return toPage(deps.signer, page, rows, (r) => [r.id], presentKey);
}

/** Revokes a key at once; 404 for another org's or mode's key. */
export function revokeApiKey(tx: Tx, id: string) {
  const row = tx.db
    .select()
    .from(apiKeys)
    .where(byId(apiKeys, tx.ctx, id))
    .get();
  if (!row) throw notFound("API key");
  if (row.revokedAt) return presentKey(row);
  const now = tx.ctx.clock.now();
  tx.db.update(apiKeys).set({ revokedAt: now }).where(eq(apiKeys.id, id)).run();
  tx.audit("api_key.revoked", id);
  return presentKey({ ...row, revokedAt: now });
}

/**
 * The live (not revoked) key for a secret with its organisation's plan (one prepared statement, the API's hot
 * path), or null; marks it used at most once a minute (one statement, without a unit of work: authentication's
 * bookkeeping, like a session's sliding expiry).
 */
export function resolveApiKey(db: Db, clock: Clock, secret: string): (ApiKeyRow & { orgPlan: string }) | null {
  if (!/^rk_(test|live)_[A-Za-z0-9_-]{20,64}$/.test(secret)) return null;
  const found = prepared(db, byHash).get({ hash: sha256(secret) });
  if (!found) return null;
  const row = found.key;
  const now = clock.now();
  if (!row.lastUsedAt || now - row.lastUsedAt > 60_000) prepared(db, touch).run({ id: row.id, now });
  return { ...row, orgPlan: found.plan };
}

const byHash = (db: Db) =>
  db
    .select({ key: apiKeys, plan: orgs.plan })
    .from(apiKeys)
    .innerJoin(orgs, eq(orgs.id, apiKeys.orgId))
    .where(and(eq(apiKeys.keyHash, sql.placeholder("hash")), isNull(apiKeys.revokedAt)))
    .prepare();
const touch = (db: Db) =>
  db
    .update(apiKeys)
    .set({ lastUsedAt: sql`${sql.placeholder("now")}` })
    .where(eq(apiKeys.id, sql.placeholder("id")))
    .prepare();
