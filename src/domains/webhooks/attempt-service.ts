/**
 * What an attempt's outcome changes, in one transaction: the attempt row, the delivery (delivered, retried on
 * the contract's schedule, or failed after the seventh attempt) and the endpoint (active ↔ failing; disabled
 * after 24 hours of continuous failure, when waiting deliveries fail and owners and admins are emailed).
 */
import { and, desc, eq, inArray, isNotNull } from "drizzle-orm";
import { tx, type Db } from "../../platform/db/client";
import { iso } from "../../platform/clock";
import { systemCtx, type Mode } from "../../platform/context";
import type { Deps } from "../../platform/deps";
import { audit } from "../../platform/audit/audit";
import { enqueue } from "../../platform/jobs/queue";
import { PRIORITY } from "../../platform/jobs/tables";
import { queueMail } from "../../platform/mail/queue-mail";
import { members, users } from "../accounts";
import { clockAt, enqueueAttempt } from "./delivery-service";
import { DISABLE_AFTER_MS, MAX_ATTEMPTS, RETRY_DELAYS_MS } from "./model";
import type { AttemptOutcome } from "./sender";
import { statements } from "./statements";
import { webhookDeliveries, webhookEndpoints, type DeliveryRow, type EndpointRow } from "./tables";

/** The job kind that disables an endpoint still failing 24 hours after its run of failures began. */
export const DISABLE_CHECK_JOB = "webhook.disable_check";

/** Payload of a disable check: the endpoint and the failing run it was scheduled for. */
export interface DisableCheckPayload {
  endpointId: string;
  failingSince: number;
}

/** What became of the delivery; `stale` when another run already recorded this attempt (or the delivery is gone). */
export type AttemptResult = "delivered" | "retrying" | "failed" | "stale";

/**
 * Records attempt `number` of a delivery, made at `attemptedAt`, and moves the delivery and endpoint on. `alsoNow`
 * runs in the same transaction (the worker marking the attempt's job done).
 */
export function recordAttempt(
  deps: Deps,
  deliveryId: string,
  number: number,
  attemptedAt: number,
  outcome: AttemptOutcome,
  alsoNow?: () => unknown,
): AttemptResult {
  return tx(deps.db, (db) => {
    alsoNow?.();
    const target = attemptTarget(db, deliveryId, number);
    if (!target) return "stale";
    const { delivery: d, endpoint } = target;
    const q = statements(db);
    const now = deps.clock.now();
    q.insertAttempt.run({
      deliveryId,
      number,
      attemptedAt,
      requestHeaders: outcome.requestHeaders,
      responseStatus: outcome.responseStatus,
      responseBody: outcome.responseBody,
      durationMs: outcome.durationMs,
      error: outcome.error,
    });
    const set = (
      status: DeliveryRow["status"],
      nextAttemptAt: number | null,
      failureReason: string | null,
      deliveredAt: number | null = null,
    ) =>
      q.updateDelivery.run({
        id: d.id,
        status,
        attemptCount: number,
        nextAttemptAt,
        deliveredAt,
        failureReason,
        updatedAt: now,
      });
    if (outcome.ok) {
      set("delivered", null, null, now);
      if (endpoint.status === "failing")
        q.updateEndpointState.run({ id: endpoint.id, status: "active", failingSince: null, updatedAt: now });
      return "delivered";
    }
    let result: AttemptResult;
    if (number >= MAX_ATTEMPTS) {
      set("failed", null, outcome.reason);
      result = "failed";
    } else {
      const next = now + RETRY_DELAYS_MS[number - 1]!;
      set("retrying", next, outcome.reason);
      enqueueAttempt(db, d, number + 1, now, next);
      result = "retrying";
    }
    noteFailure(deps, db, endpoint, now, outcome.reason);
    return result;
  });
}

/** A failure moves an active endpoint to failing (and schedules the 24-hour check), or disables one failing for 24 hours. */
function noteFailure(deps: Deps, db: Db, endpoint: EndpointRow, now: number, reason: string | null) {
  if (endpoint.status === "active") {
    statements(db).updateEndpointState.run({ id: endpoint.id, status: "failing", failingSince: now, updatedAt: now });
    enqueue(db, clockAt(now), {
      kind: DISABLE_CHECK_JOB,
      payload: { endpointId: endpoint.id, failingSince: now } satisfies DisableCheckPayload,
      orgId: endpoint.orgId,
      mode: endpoint.mode,
      priority: PRIORITY.delivery,
      runAt: now + DISABLE_AFTER_MS,
      dedupeKey: `${DISABLE_CHECK_JOB}:${endpoint.id}:${now}`,
    });
  } else if (
    endpoint.status === "failing" &&
    endpoint.failingSince != null &&
    now - endpoint.failingSince >= DISABLE_AFTER_MS
  ) {
    disableEndpoint(deps, db, endpoint, now, reason);
  }
}

/** Runs a disable check: disables the endpoint when the same failing run is still going 24 hours on. */
export function runDisableCheck(deps: Deps, payload: DisableCheckPayload): boolean {
  return tx(deps.db, (db) => {
    const endpoint = db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, payload.endpointId)).get();
    const now = deps.clock.now();
    if (
      !endpoint ||
      endpoint.status !== "failing" ||
      endpoint.failingSince !== payload.failingSince ||
      now - payload.failingSince < DISABLE_AFTER_MS
    )
      return false;
    const last = db
      .select({ reason: webhookDeliveries.failureReason })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.endpointId, endpoint.id), isNotNull(webhookDeliveries.failureReason)))
      .orderBy(desc(webhookDeliveries.updatedAt))
      .limit(1)
      .get();
    disableEndpoint(deps, db, endpoint, now, last?.reason ?? null);
    return true;
  });
}

/** Marks a delivery failed without an attempt (its endpoint is disabled). */
export function failWaiting(db: Db, ids: string[], now: number, reason: string) {
  if (ids.length === 0) return;
  db.update(webhookDeliveries)
    .set({ status: "failed", nextAttemptAt: null, failureReason: reason, updatedAt: now })
    .where(inArray(webhookDeliveries.id, ids))
    .run();
}

/** Disables an endpoint: waiting deliveries fail, owners and admins get an email, the audit log says why. */
function disableEndpoint(deps: Deps, db: Db, endpoint: EndpointRow, now: number, reason: string | null) {
  db.update(webhookEndpoints)
    .set({ status: "disabled", disabledAt: now, updatedAt: now })
    .where(eq(webhookEndpoints.id, endpoint.id))
    .run();
  const waiting = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(eq(webhookDeliveries.endpointId, endpoint.id), inArray(webhookDeliveries.status, ["pending", "retrying"])),
    )
    .all();
  failWaiting(
    db,
    waiting.map((w) => w.id),
    now,
    "endpoint disabled after 24 hours of failures",
  );
  const ctx = systemCtx(endpoint.orgId, endpoint.mode as Mode, clockAt(now));
  audit(db, ctx, "webhook.disabled", endpoint.id, {
    failing_since: iso(endpoint.failingSince),
    last_failure: reason,
    failed_waiting: waiting.length,
  });
  deps.log.warn("webhook endpoint disabled after 24 hours of failures", {
    endpoint: endpoint.id,
    org: endpoint.orgId,
    mode: endpoint.mode,
    last_failure: reason,
  });
  const recipients = db
    .select({ email: users.email })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(and(eq(members.orgId, endpoint.orgId), inArray(members.role, ["owner", "admin"])))
    .all();
  const text = disabledMailText(deps, endpoint, reason, waiting.length);
  for (const r of recipients) {
    queueMail(db, clockAt(now), {
      orgId: endpoint.orgId,
      to: r.email,
      subject: `Webhook endpoint disabled: ${endpoint.url}`,
      text,
    });
  }
}

function disabledMailText(deps: Deps, endpoint: EndpointRow, reason: string | null, waiting: number): string {
  const lines: (string | null)[] = [
    `Plaudit stopped sending webhooks to ${endpoint.url} (${endpoint.mode} mode).`,
    "",
    `Every delivery to it has failed since ${iso(endpoint.failingSince)}, for 24 hours.`,
    reason ? `The last failure: ${reason}.` : null,
    waiting
      ? `${waiting} waiting ${waiting === 1 ? "delivery was" : "deliveries were"} marked failed; you can replay them from the delivery log.`
      : null,
    "",
    `When the receiver works again, enable the endpoint in the dashboard (${deps.config.appUrl}/webhooks/${endpoint.id})`,
    `or with POST ${deps.config.baseUrl}/v1/webhooks/${endpoint.id}/enable.`,
  ];
  return lines.filter((l) => l !== null).join("\n");
}

/** The delivery and endpoint a job attempt works on, or null when there is nothing to do any more. */
export function attemptTarget(
  db: Db,
  deliveryId: string,
  attempt: number,
): { delivery: DeliveryRow; endpoint: EndpointRow } | null {
  const q = statements(db);
  const delivery = q.deliveryById.get({ id: deliveryId });
  if (
    !delivery ||
    delivery.attemptCount !== attempt - 1 ||
    delivery.status === "delivered" ||
    delivery.status === "failed"
  )
    return null;
  const endpoint = q.endpointById.get({ id: delivery.endpointId });
  return endpoint ? { delivery, endpoint } : null;
}
