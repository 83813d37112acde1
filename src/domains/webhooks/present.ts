/** How webhook endpoints, deliveries and attempts look in the API. The secret appears only on create and rotate. */
import { iso } from "../../platform/clock";
import type { AttemptRow, DeliveryRow, EndpointRow } from "./tables";
import type { EventType } from "../../platform/events/emit";
import type { Static } from "elysia";
import type { attemptSchema, DeliveryView, EndpointView } from "./model";

/** An endpoint as the API shows it (never with its secret). */
export function presentEndpoint(row: EndpointRow, nowMs: number): EndpointView {
  const previousActive =
    row.previousSecret != null && row.previousSecretExpiresAt != null && row.previousSecretExpiresAt > nowMs;
  return {
    id: row.id,
    url: row.url,
    events: row.events as EventType[],
    format: row.format,
    status: row.status,
    failing_since: iso(row.failingSince),
    disabled_at: iso(row.disabledAt),
    created_at: iso(row.createdAt),
    previous_secret_expires_at: previousActive ? iso(row.previousSecretExpiresAt) : null,
    mode: row.mode,
  };
}

/** The endpoint with its secret: only in the answers to create and rotate-secret. */
export const presentEndpointWithSecret = (row: EndpointRow, nowMs: number) => ({
  ...presentEndpoint(row, nowMs),
  secret: row.secret,
});

/** One attempt in the delivery log. */
export function presentAttempt(a: AttemptRow): Static<typeof attemptSchema> {
  return {
    number: a.number,
    attempted_at: iso(a.attemptedAt),
    request_headers: a.requestHeaders,
    response_status: a.responseStatus,
    response_body: a.responseBody,
    duration_ms: a.durationMs,
    error: a.error,
  };
}

/** A delivery with every attempt, oldest attempt first. */
export function presentDelivery(row: DeliveryRow, attempts: AttemptRow[]): DeliveryView {
  return {
    id: row.id,
    endpoint_id: row.endpointId,
    event_id: row.eventId,
    event_type: row.eventType,
    status: row.status,
    next_attempt_at: iso(row.nextAttemptAt),
    delivered_at: iso(row.deliveredAt),
    failure_reason: row.failureReason,
    replay_of: row.replayOf,
    is_test: row.isTest,
    created_at: iso(row.createdAt),
    body: row.body,
    attempts: [...attempts].sort((x, y) => x.number - y.number).map(presentAttempt),
  };
}
