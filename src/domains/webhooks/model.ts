/**
 * Request and response schemas of the webhook routes (typebox through Elysia's `t`) and the delivery rules in
 * numbers. An endpoint's answer shows the `url` and `events` fields its requests take.
 */
import { WEBHOOK_FORMATS } from "./chat-formats";
import { Type } from "@sinclair/typebox";
import { t, type Static } from "elysia";
import { bodyInteger } from "../../platform/http/strict-schema";
import { pageSchema } from "../../platform/http/pagination";
import { count, maybeTimestamp, modeField, nullable, oneOf, timestamp } from "../../platform/http/response-schema";
import { EVENT_TYPES } from "../../platform/events/emit";

/** The contract's retry schedule: wait before attempt 2…7, measured from the failure before it. */
export const RETRY_DELAYS_MS = [30_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 6 * 3600_000, 12 * 3600_000] as const;
/** Attempts per delivery; the seventh failure is final. */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** Continuous failure after which an endpoint is disabled. */
export const DISABLE_AFTER_MS = 24 * 3600_000;
/** How long the previous secret keeps signing after a rotation, unless the rotation says otherwise. */
export const DEFAULT_ROTATION_GRACE_HOURS = 24;

/** One of the contract's event types. */
export const eventType = oneOf(EVENT_TYPES, "An event type of the contract.");

const events = t.Array(eventType, {
  minItems: 1,
  maxItems: EVENT_TYPES.length,
  uniqueItems: true,
  description: "Event types to receive.",
});
const url = t.String({ minLength: 1, maxLength: 2048, description: "https address on the public internet." });

/** Path parameter of an endpoint. */
export const endpointParams = t.Object({ id: t.String({ maxLength: 64 }) });
/** Path parameter of a delivery. */
export const deliveryParams = t.Object({ id: t.String({ maxLength: 64 }) });

/** POST /v1/webhooks body. */
/** How an endpoint wants events: the contract's envelope, or a chat app's incoming-webhook message. */
const format = oneOf(
  WEBHOOK_FORMATS,
  "envelope (default): the signed JSON envelope; slack, discord, teams: each event as that app's incoming-webhook message (Slack text and blocks, Discord content and embeds, a Teams Adaptive Card), with the same queue, retries, log and replay.",
);

/** POST /v1/webhooks body. */
export const newEndpointBody = t.Object({ url, events, format: t.Optional(format) }, { additionalProperties: false });

/** PATCH /v1/webhooks/{id} body. */
export const endpointPatchBody = t.Object(
  { url: t.Optional(url), events: t.Optional(events), format: t.Optional(format) },
  { additionalProperties: false },
);

/** POST /v1/webhooks/{id}/test body (optional). */
export const testBody = t.Optional(t.Object({ type: t.Optional(eventType) }, { additionalProperties: false }));

/** POST /v1/webhooks/{id}/rotate-secret body (optional). */
export const rotateBody = t.Optional(
  t.Object(
    {
      grace_hours: t.Optional(
        bodyInteger({
          minimum: 0,
          maximum: 72,
          description: "Hours the previous secret keeps signing (default 24; 0 stops it at once).",
        }),
      ),
    },
    { additionalProperties: false },
  ),
);

/** An endpoint (never its secret). */
export const endpointSchema = t.Object({
  id: t.String(),
  url,
  events,
  format,
  status: oneOf(["active", "failing", "disabled"], "failing after a failed delivery; disabled after 24 h of failing."),
  failing_since: maybeTimestamp(),
  disabled_at: maybeTimestamp(),
  created_at: timestamp(),
  previous_secret_expires_at: maybeTimestamp("Until then the previous secret signs too (after a rotation)."),
  mode: modeField,
});
/** The endpoint answer's type. */
export type EndpointView = Static<typeof endpointSchema>;

/** Create and rotate-secret answers: the endpoint with its secret, shown only here. */
export const endpointWithSecretSchema = t.Composite([
  endpointSchema,
  t.Object({ secret: t.String({ description: "Signs every delivery (whsec_…); shown only in this answer." }) }),
]);

/** One attempt to deliver. */
export const attemptSchema = t.Object({
  number: Type.Integer({ minimum: 1, maximum: MAX_ATTEMPTS }),
  attempted_at: timestamp(),
  request_headers: t.Record(t.String(), t.String()),
  response_status: nullable(Type.Integer({ minimum: 100, maximum: 599 })),
  response_body: nullable(t.String({ description: "The start of the endpoint's answer." })),
  duration_ms: count(),
  error: nullable(t.String()),
});

/** A delivery with every attempt, oldest attempt first. */
export const deliverySchema = t.Object({
  id: t.String(),
  endpoint_id: t.String(),
  event_id: t.String(),
  event_type: t.String(),
  status: oneOf(["pending", "retrying", "delivered", "failed"]),
  next_attempt_at: maybeTimestamp(),
  delivered_at: maybeTimestamp(),
  failure_reason: nullable(t.String()),
  replay_of: nullable(t.String(), "The delivery this one sends again."),
  is_test: t.Boolean(),
  created_at: timestamp(),
  body: t.String({ description: "The exact bytes sent (the event as JSON)." }),
  attempts: t.Array(attemptSchema),
});
/** The delivery answer's type. */
export type DeliveryView = Static<typeof deliverySchema>;

/** DELETE /v1/webhooks/{id} answer. */
export const endpointDeletedSchema = t.Object({ id: t.String(), deleted: t.Literal(true) });

/** The lists' answers. */
export const endpointPageSchema = pageSchema(endpointSchema);
export const deliveryPageSchema = pageSchema(deliverySchema);
