/** Request schemas of the webhook routes (typebox through Elysia's `t`) and the delivery rules in numbers. */
import { t } from "elysia";
import { bodyInteger } from "../../platform/http/strict-schema";
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
export const eventType = t.Union(
  EVENT_TYPES.map((e) => t.Literal(e)),
  { description: "An event type of the contract." },
);

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
export const newEndpointBody = t.Object({ url, events }, { additionalProperties: false });

/** PATCH /v1/webhooks/{id} body. */
export const endpointPatchBody = t.Object(
  { url: t.Optional(url), events: t.Optional(events) },
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
