/**
 * Deliveries: the fan-out of an event to every subscribed endpoint of its org and mode (inside the emitting
 * transaction, so the event and its deliveries land together), samples from `/test`, replays, and the log.
 * A new delivery is itself the queue entry of its first attempt (delivery-queue.ts), written in the same
 * transaction: nothing is lost if the process dies before, during or after sending.
 */
import type { Reader, Tx } from "../../platform/db/unit-of-work";
import { eq, sql } from "drizzle-orm";
import { byId, scopeValues } from "../../platform/db/tenancy";
import type { Db } from "../../platform/db/client";
import type { Clock } from "../../platform/clock";
import type { Ctx } from "../../platform/context";
import type { Deps } from "../../platform/deps";
import { conflict, notFound } from "../../platform/errors";
import type { Event, EventType } from "../../platform/events/emit";
import { brands } from "../brands";
import { submissions } from "../submissions";
import { bodyFor, type ChatContext, type WebhookFormat } from "./chat-formats";
import { newId } from "../../platform/ids";
import { jobEnqueued } from "../../platform/jobs/wake";
import { toPage, type PageRequest } from "../../platform/http/pagination";
import { idPageRows } from "../../platform/db/org-page";
import { prepared } from "../../platform/db/prepared";
import { getEndpointRow } from "./endpoint-service";
import { presentDelivery } from "./present";
import { sampleEvent } from "./samples";
import { statements } from "./statements";
import { webhookAttempts, webhookDeliveries, type AttemptRow, type DeliveryRow, type EndpointRow } from "./tables";

/** A clock stopped at `ms`, so rows and jobs written together carry the same time. */
export const clockAt = (ms: number): Clock => ({ now: () => ms });

interface NewDelivery {
  endpoint: Pick<EndpointRow, "id" | "orgId" | "mode">;
  eventId: string;
  eventType: string;
  body: string;
  replayOf?: string | null;
  isTest?: boolean;
}

/**
 * Writes a delivery waiting for its first attempt, due at once, in the unit of work; the app's delivery workers are
 * woken (they run after the commit: a transaction here is synchronous).
 */
export function createDelivery(tx: Tx, nowMs: number, input: NewDelivery): DeliveryRow {
  const { db } = tx;
  const row: DeliveryRow = {
    id: newId("webhookDelivery", nowMs),
    orgId: input.endpoint.orgId,
    mode: input.endpoint.mode,
    endpointId: input.endpoint.id,
    eventId: input.eventId,
    eventType: input.eventType,
    body: input.body,
    status: "pending",
    attemptCount: 0,
    nextAttemptAt: nowMs,
    leaseUntil: null,
    deliveredAt: null,
    failureReason: null,
    replayOf: input.replayOf ?? null,
    isTest: input.isTest ?? false,
    createdAt: nowMs,
    updatedAt: nowMs,
  };
  statements(db).insertDelivery.run(row);
  jobEnqueued(tx.queue.state, 0);
  return row;
}

/** What a chat app's message names besides the event: the dashboard, brands and testimonials by id (chat-formats.ts). */
export function chatContext(deps: Pick<Deps, "config">, db: Db): ChatContext {
  return {
    appUrl: deps.config.appUrl,
    brandName: (id) => db.select({ name: brands.name }).from(brands).where(eq(brands.id, id)).get()?.name ?? null,
    testimonial: (id) =>
      db
        .select({
          name: submissions.respondentName,
          title: submissions.respondentTitle,
          company: submissions.respondentCompany,
          rating: submissions.rating,
          text: submissions.textInput,
        })
        .from(submissions)
        .where(eq(submissions.id, id))
        .get() ?? null,
  };
}

/**
 * The event hook: one delivery per endpoint of the event's org and mode that subscribed to its type and is not
 * disabled. One body per format (the envelope, or a chat app's message): the bytes signed and sent, then re-sent by
 * retries and replays.
 */
export function fanOut(tx: Tx, event: Event): void {
  const { db, deps } = tx;
  const endpoints = statements(db)
    .receivers.all(scopeValues(event))
    .filter((e) => e.events.includes(event.type));
  if (endpoints.length === 0) return;
  const bodies = new Map<WebhookFormat, string>();
  for (const endpoint of endpoints) {
    let body = bodies.get(endpoint.format);
    if (body === undefined)
      bodies.set(endpoint.format, (body = bodyFor(endpoint.format, event, chatContext(deps, db))));
    createDelivery(tx, event.createdAt, { endpoint, eventId: event.id, eventType: event.type, body });
  }
}

/** Every attempt of the given deliveries, grouped by delivery id. */
const attemptsStatement = (db: Db) =>
  db
    .select()
    .from(webhookAttempts)
    .where(sql`${webhookAttempts.deliveryId} IN (SELECT value FROM json_each(${sql.placeholder("ids")}))`)
    .prepare();

function attemptsOf(db: Db, ids: string[]): Map<string, AttemptRow[]> {
  const out = new Map<string, AttemptRow[]>();
  if (ids.length === 0) return out;
  for (const a of prepared(db, attemptsStatement).all({ ids: JSON.stringify(ids) })) {
    const list = out.get(a.deliveryId) ?? [];
    list.push(a);
    out.set(a.deliveryId, list);
  }
  return out;
}

/** A delivery row of the context's org and mode; 404 otherwise. */
export function getDeliveryRow(db: Db, ctx: Ctx, id: string): DeliveryRow {
  const row = db
    .select()
    .from(webhookDeliveries)
    .where(byId(webhookDeliveries, ctx, id))
    .get();
  if (!row) throw notFound("webhook delivery");
  return row;
}

/** A page of an endpoint's deliveries, newest first, each with its attempts. */
export function listDeliveries(r: Reader, endpointId: string, page: PageRequest) {
  const { db, ctx, deps } = r;
  const endpoint = getEndpointRow(db, ctx, endpointId);
  const rows = idPageRows(
    db,
    webhookDeliveries,
    page,
    "endpoint",
    (p) => [eq(webhookDeliveries.endpointId, p("endpoint"))],
    { endpoint: endpoint.id },
  );
  const attempts = attemptsOf(
    db,
    rows.slice(0, page.limit).map((r) => r.id),
  );
  return toPage(
    deps.signer,
    page,
    rows,
    (r) => [r.id],
    (r) => presentDelivery(r, attempts.get(r.id) ?? []),
  );
}

function requireSending(endpoint: EndpointRow) {
  if (endpoint.status === "disabled") {
    throw conflict(
      "endpoint_disabled",
      "This endpoint is disabled, so nothing is sent to it. Enable it first (POST /v1/webhooks/{id}/enable).",
      { endpoint_id: endpoint.id },
    );
  }
}

/** Queues a new delivery of the identical bytes (same event id) with its own attempts; `replay_of` names the original. */
export function replayDelivery(tx: Tx, id: string) {
  const { db, ctx } = tx;
  const original = getDeliveryRow(db, ctx, id);
  requireSending(getEndpointRow(db, ctx, original.endpointId));
  const row = createDelivery(tx, ctx.clock.now(), {
    endpoint: { id: original.endpointId, orgId: original.orgId, mode: original.mode },
    eventId: original.eventId,
    eventType: original.eventType,
    body: original.body,
    replayOf: original.id,
    isTest: original.isTest,
  });
  tx.audit("webhook.delivery_replayed", row.id, { replay_of: original.id });
  return presentDelivery(row, []);
}

/** Queues a sample event of `type` (default: the endpoint's first subscribed type) to one endpoint, signed and retried like a real one. */
export function sendTestEvent(tx: Tx, endpointId: string, type?: EventType) {
  const { db, ctx, deps } = tx;
  const endpoint = getEndpointRow(db, ctx, endpointId);
  requireSending(endpoint);
  const now = ctx.clock.now();
  const sample = sampleEvent(ctx.orgId, ctx.mode, type ?? (endpoint.events[0] as EventType), now);
  const row = createDelivery(tx, now, {
    endpoint,
    eventId: sample.id,
    eventType: sample.type,
    body: bodyFor(endpoint.format, sample.event, chatContext(deps, db)),
    isTest: true,
  });
  return presentDelivery(row, []);
}
