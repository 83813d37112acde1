/**
 * Webhook endpoints: adding (URL checked against SSRF rules, secret made), listing, changing URL or events,
 * rotating the secret (the previous one keeps signing for a grace period), re-enabling a disabled endpoint and
 * deleting one (its delivery log goes with it). Every query filters by org and mode.
 */
import { and, eq, sql } from "drizzle-orm";
import { preparedScoped, scopeValues } from "../../platform/db/tenancy";
import type { Db } from "../../platform/db/client";
import { unitOfWork, type Tx, type Reader } from "../../platform/db/unit-of-work";
import type { Ctx } from "../../platform/context";
import type { Deps } from "../../platform/deps";
import { newId } from "../../platform/ids";
import { notFound } from "../../platform/errors";
import { toPage, type PageRequest } from "../../platform/http/pagination";
import { DEFAULT_ROTATION_GRACE_HOURS } from "./model";
import { presentEndpoint, presentEndpointWithSecret } from "./present";
import { newSecret } from "./signing";
import { parseWebhookUrl, resolveTarget } from "./ssrf";
import { requireAllowance, type PlanId, planOf } from "../../platform/access";
import type { WebhookFormat } from "./chat-formats";
import { webhookEndpoints, type EndpointRow } from "./tables";
import { orgPageRows } from "../../platform/db/org-page";
import { prepared } from "../../platform/db/prepared";

/** An endpoint by id within an org and mode. */
const endpointById = (db: Db) =>
  db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, sql.placeholder("id")), preparedScoped(webhookEndpoints)))
    .prepare();

/** An endpoint row of the context's org and mode; 404 otherwise. */
export function getEndpointRow(db: Db, ctx: Ctx, id: string): EndpointRow {
  const row = prepared(db, endpointById).get({ id, ...scopeValues(ctx) });
  if (!row) throw notFound("webhook endpoint");
  return row;
}

/** Checks a URL as it would be checked before a delivery (form, then every resolved address); returns it normalised. */
export async function checkEndpointUrl(deps: Deps, raw: string): Promise<string> {
  const url = parseWebhookUrl(raw, deps.webhooks.allowPrivate);
  await resolveTarget(url, deps.webhooks);
  return url.href;
}

/** A page of endpoints, newest first. */
export function listEndpoints(r: Reader, page: PageRequest) {
  const { db, ctx, deps } = r;
  const rows = orgPageRows(db, webhookEndpoints, ctx, page);
  const now = ctx.clock.now();
  return toPage(
    deps.signer,
    page,
    rows,
    (r) => [r.id],
    (r) => presentEndpoint(r, now),
  );
}

/** Input of endpoint creation. */
export interface NewEndpoint {
  url: string;
  events: string[];
  /** The contract's envelope (default) or a chat app's message. */
  format?: WebhookFormat;
}

/**
 * Adds an endpoint; the answer carries the secret, once. The `webhook_endpoints` allowance (20 per organisation)
 * is checked inside the write transaction, after the awaited DNS lookup: checked before it, two concurrent
 * creates could both see 19 and both insert. `BEGIN IMMEDIATE` takes the write lock first, so the count and the
 * insert see no other writer in between. The route does the same as a command (`prepare` looks the URL up,
 * `allowance` and `addEndpoint` run in its unit of work); this is for scripts and tests, and opens its own unit
 * after the lookup.
 */
export async function createEndpoint(deps: Deps, ctx: Ctx, input: NewEndpoint) {
  const url = await checkEndpointUrl(deps, input.url);
  return unitOfWork(deps, ctx, (tx) => {
    const plan = planOf(tx.db, ctx.orgId);
    requireAllowance(tx, plan, "webhook_endpoints");
    return addEndpoint(tx, url, input.events, input.format);
  });
}

/**
 * Stores a new endpoint for an already checked `url` (`checkEndpointUrl`); in the caller's unit of work, after the
 * caller checked the `webhook_endpoints` allowance in it.
 */
export function addEndpoint(tx: Tx, url: string, events: string[], format: WebhookFormat = "envelope") {
  const { db, ctx } = tx;
  const now = ctx.clock.now();
  const row: EndpointRow = {
    id: newId("webhookEndpoint", now),
    orgId: ctx.orgId,
    mode: ctx.mode,
    url,
    events: [...events],
    format,
    status: "active",
    secret: newSecret(),
    previousSecret: null,
    previousSecretExpiresAt: null,
    failingSince: null,
    disabledAt: null,
    createdAt: now,
    updatedAt: now,
  };
  db.insert(webhookEndpoints).values(row).run();
  tx.audit("webhook.created", row.id, { url, events: row.events, format });
  return presentEndpointWithSecret(row, now);
}

/** Changes to an endpoint. */
export interface EndpointPatch {
  url?: string;
  events?: string[];
  format?: WebhookFormat;
}

/**
 * Changes the URL (checked again) or the subscribed events; deliveries already made keep going to the endpoint. For
 * scripts and tests (the route is a command): the lookup, then one unit of work.
 */
export async function updateEndpoint(deps: Deps, ctx: Ctx, id: string, patch: EndpointPatch) {
  const url = await checkEndpointPatch(deps, ctx, id, patch);
  return unitOfWork(deps, ctx, (tx) => changeEndpoint(tx, id, patch, url));
}

/** The checks of a change before its transaction: 404 for another's endpoint, then the new URL's lookup (if any). */
export async function checkEndpointPatch(deps: Deps, ctx: Ctx, id: string, patch: EndpointPatch) {
  getEndpointRow(deps.db, ctx, id);
  return patch.url !== undefined ? await checkEndpointUrl(deps, patch.url) : undefined;
}

/** Applies a change whose new `url` (if any) `checkEndpointPatch` checked; in the caller's unit of work. */
export function changeEndpoint(tx: Tx, id: string, patch: EndpointPatch, url: string | undefined) {
  const { db, ctx } = tx;
  const row = getEndpointRow(db, ctx, id);
  const now = ctx.clock.now();
  const next: EndpointRow = {
    ...row,
    url: url ?? row.url,
    events: patch.events ? [...patch.events] : row.events,
    format: patch.format ?? row.format,
    updatedAt: now,
  };
  db.update(webhookEndpoints)
    .set({ url: next.url, events: next.events, format: next.format, updatedAt: now })
    .where(eq(webhookEndpoints.id, id))
    .run();
  tx.audit("webhook.updated", id, { ...patch });
  return presentEndpoint(next, now);
}

/** Deletes an endpoint: nothing more is sent, and its deliveries and attempts are deleted with it. */
export function deleteEndpoint(tx: Tx, id: string) {
  const row = getEndpointRow(tx.db, tx.ctx, id);
  tx.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, row.id)).run();
  tx.audit("webhook.deleted", id, { url: row.url });
  return { id, deleted: true as const };
}

/** Makes a new secret; the previous one keeps signing for `graceHours` (a second v1 value in each signature). */
export function rotateSecret(tx: Tx, id: string, graceHours = DEFAULT_ROTATION_GRACE_HOURS) {
  const { db, ctx } = tx;
  const row = getEndpointRow(db, ctx, id);
  const now = ctx.clock.now();
  const next: EndpointRow = {
    ...row,
    secret: newSecret(),
    updatedAt: now,
    previousSecret: graceHours > 0 ? row.secret : null,
    previousSecretExpiresAt: graceHours > 0 ? now + graceHours * 3600_000 : null,
  };
  db.update(webhookEndpoints)
    .set({
      secret: next.secret,
      previousSecret: next.previousSecret,
      previousSecretExpiresAt: next.previousSecretExpiresAt,
      updatedAt: now,
    })
    .where(eq(webhookEndpoints.id, id))
    .run();
  tx.audit("webhook.secret_rotated", id, { grace_hours: graceHours });
  return presentEndpointWithSecret(next, now);
}

/** Turns a disabled (or failing) endpoint back to active; deliveries failed meanwhile are resent only by replay. */
export function enableEndpoint(tx: Tx, id: string) {
  const { db, ctx } = tx;
  const row = getEndpointRow(db, ctx, id);
  const now = ctx.clock.now();
  const next: EndpointRow = { ...row, status: "active", failingSince: null, disabledAt: null, updatedAt: now };
  db.update(webhookEndpoints)
    .set({ status: "active", failingSince: null, disabledAt: null, updatedAt: now })
    .where(eq(webhookEndpoints.id, id))
    .run();
  if (row.status !== "active") tx.audit("webhook.enabled", id, { was: row.status });
  return presentEndpoint(next, now);
}
