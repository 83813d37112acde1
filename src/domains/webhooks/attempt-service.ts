/**
 * What an attempt's outcome changes, in one transaction: the attempt row, the delivery (delivered, retried on
 * the contract's schedule, or failed after the seventh attempt) and the endpoint (active ↔ failing; disabled
 * after 24 hours of continuous failure, when waiting deliveries fail and owners and admins are emailed).
 */
import { and, desc, eq, inArray, isNotNull } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { unitOfWork } from "../../platform/db/unit-of-work";
import { iso } from "../../platform/clock";
import { systemCtx, type Mode } from "../../platform/context";
import type { Deps } from "../../platform/deps";
import { audit } from "../../platform/audit/audit";
import { enqueue } from "../../platform/jobs/queue";
import { PRIORITY } from "../../platform/jobs/tables";
import { queueMail } from "../../platform/mail/queue-mail";
import { staffEmails } from "../accounts";
import { orgSender } from "../../platform/access";
import { clockAt } from "./delivery-service";
import { jobEnqueued } from "../../platform/jobs/wake";
import { DISABLE_AFTER_MS, MAX_ATTEMPTS, RETRY_DELAYS_MS } from "./model";
import type { AttemptOutcome } from "./sender";
import { changed, statements, type Statements } from "./statements";
import { webhookDeliveries, webhookEndpoints, type EndpointRow } from "./tables";

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
 * Records attempt `number` of a delivery, made at `attemptedAt`, and moves the delivery and endpoint on. Runs in
 * the caller's transaction (the group commit's savepoint for this attempt, src/platform/db/group-commit.ts), so it
 * opens none of its own. Nothing is read first: the delivery's update matches only while this attempt is the one
 * due, and a success moves the endpoint back to active only if it is failing; the endpoint is read on a failure.
 */
export function recordAttempt(
  deps: Deps,
  db: Db,
  target: Pick<AttemptTarget, "id" | "orgId" | "mode" | "endpointId">,
  number: number,
  attemptedAt: number,
  outcome: AttemptOutcome,
): AttemptResult {
  const q = statements(db);
  const now = deps.clock.now();
  const result: Exclude<AttemptResult, "stale"> = outcome.ok
    ? "delivered"
    : number >= MAX_ATTEMPTS
      ? "failed"
      : "retrying";
  const next = result === "retrying" ? now + RETRY_DELAYS_MS[number - 1]! : null;
  const recorded = q.recordOutcome.run({
    id: target.id,
    status: result,
    attemptCount: number,
    nextAttemptAt: next,
    deliveredAt: outcome.ok ? now : null,
    failureReason: outcome.ok ? null : outcome.reason,
    updatedAt: now,
  });
  if (!changed(recorded)) return "stale";
  q.insertAttempt.run({
    deliveryId: target.id,
    number,
    attemptedAt,
    requestHeaders: outcome.requestHeaders,
    responseStatus: outcome.responseStatus,
    responseBody: outcome.responseBody,
    durationMs: outcome.durationMs,
    error: outcome.error,
  });
  if (outcome.ok) {
    q.recoverEndpoint.run({ id: target.endpointId, updatedAt: now });
    return result;
  }
  // The delivery is its own queue entry, due at `next` (delivery-queue.ts); the app's workers look then.
  if (next != null) jobEnqueued(deps.state, next - now);
  const endpoint = q.endpointById.get({ id: target.endpointId });
  if (endpoint) noteFailure(deps, db, endpoint, now, outcome.reason);
  return result;
}

/** A failure moves an active endpoint to failing (and schedules the 24-hour check), or disables one failing for 24 hours. */
function noteFailure(deps: Deps, db: Db, endpoint: EndpointRow, now: number, reason: string | null) {
  if (endpoint.status === "active") {
    statements(db).updateEndpointState.run({ id: endpoint.id, status: "failing", failingSince: now, updatedAt: now });
    enqueue(
      { db, clock: clockAt(now), state: deps.state },
      {
        kind: DISABLE_CHECK_JOB,
        payload: { endpointId: endpoint.id, failingSince: now } satisfies DisableCheckPayload,
        orgId: endpoint.orgId,
        mode: endpoint.mode,
        priority: PRIORITY.delivery,
        runAt: now + DISABLE_AFTER_MS,
        dedupeKey: `${DISABLE_CHECK_JOB}:${endpoint.id}:${now}`,
      },
    );
  } else if (
    endpoint.status === "failing" &&
    endpoint.failingSince != null &&
    now - endpoint.failingSince >= DISABLE_AFTER_MS
  ) {
    disableEndpoint(deps, db, endpoint, now, reason);
  }
}

/**
 * Runs a disable check: disables the endpoint when the same failing run is still going 24 hours on. One unit of work
 * of the endpoint's organisation and mode (read first: they never change), in which the endpoint is read again.
 */
export function runDisableCheck(deps: Deps, payload: DisableCheckPayload): boolean {
  const owner = deps.db
    .select({ orgId: webhookEndpoints.orgId, mode: webhookEndpoints.mode })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, payload.endpointId))
    .get();
  if (!owner) return false;
  return unitOfWork(deps, systemCtx(owner.orgId, owner.mode as Mode, deps.clock), ({ db }) => {
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
  const recipients = staffEmails(db, endpoint.orgId);
  const text = disabledMailText(deps, endpoint, reason, waiting.length);
  const sender = orgSender(db, endpoint.orgId);
  for (const to of recipients) {
    queueMail(
      { db, clock: clockAt(now), state: deps.state },
      {
        orgId: endpoint.orgId,
        mode: endpoint.mode,
        sender,
        to,
        subject: `Webhook endpoint disabled: ${endpoint.url}`,
        text,
      },
    );
  }
}

function disabledMailText(deps: Deps, endpoint: EndpointRow, reason: string | null, waiting: number): string {
  const lines: (string | null)[] = [
    `We stopped sending webhooks to ${endpoint.url} (${endpoint.mode} mode).`,
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

/** What an attempt needs of its delivery and endpoint (`statements(db).attemptTarget`). */
export type AttemptTarget = NonNullable<ReturnType<Statements["attemptTarget"]["get"]>>;

/** The delivery and endpoint attempt `attempt` works on, or null when there is nothing to do any more. */
export function attemptTarget(db: Db, deliveryId: string, attempt: number): AttemptTarget | null {
  return statements(db).attemptTarget.get({ id: deliveryId, done: attempt - 1 }) ?? null;
}
