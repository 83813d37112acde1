/** Webhook endpoints, their deliveries and every attempt of each delivery (the delivery log). */
import { sql } from "drizzle-orm";
import { sqliteTable, text, integer, index, primaryKey } from "drizzle-orm/sqlite-core";
import type { Mode } from "../../platform/context";
import { orgs } from "../../platform/access/tables";
import type { WebhookFormat } from "./chat-formats";

/** Endpoint states of the contract. */
export type EndpointStatus = "active" | "failing" | "disabled";

/** A customer's receiver. `previous_secret` keeps signing until `previous_secret_expires_at` after a rotation. */
export const webhookEndpoints = sqliteTable(
  "webhook_endpoints",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => orgs.id, { onDelete: "cascade" }),
    mode: text("mode").$type<Mode>().notNull(),
    url: text("url").notNull(),
    events: text("events", { mode: "json" }).$type<string[]>().notNull(),
    /** `envelope` (the contract's JSON), or a chat app's incoming-webhook message (`slack`, `discord`, `teams`). */
    format: text("format").$type<WebhookFormat>().notNull().default("envelope"),
    status: text("status").$type<EndpointStatus>().notNull().default("active"),
    secret: text("secret").notNull(),
    previousSecret: text("previous_secret"),
    previousSecretExpiresAt: integer("previous_secret_expires_at"),
    /** Time of the first failure after the last success; null while active. */
    failingSince: integer("failing_since"),
    disabledAt: integer("disabled_at"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("webhook_endpoints_org_mode").on(t.orgId, t.mode, t.id)],
);

/**
 * `pending`: waiting for its first attempt; `retrying`: an attempt failed and the next is scheduled
 * (`next_attempt_at`); `delivered` and `failed` are final.
 */
export type DeliveryStatus = "pending" | "retrying" | "delivered" | "failed";

/** One event (or sample, or replay) on its way to one endpoint; `body` is the exact string sent every time. */
export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id").notNull(),
    mode: text("mode").$type<Mode>().notNull(),
    endpointId: text("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventId: text("event_id").notNull(),
    eventType: text("event_type").notNull(),
    body: text("body").notNull(),
    status: text("status").$type<DeliveryStatus>().notNull().default("pending"),
    attemptCount: integer("attempt_count").notNull().default(0),
    nextAttemptAt: integer("next_attempt_at"),
    /**
     * While a delivery worker holds the delivery (claimed, sending, or its outcome waiting for its commit): until
     * when. Null when nobody holds it; a lease that has run out (a process killed) is claimed again.
     */
    leaseUntil: integer("lease_until"),
    deliveredAt: integer("delivered_at"),
    failureReason: text("failure_reason"),
    replayOf: text("replay_of"),
    isTest: integer("is_test", { mode: "boolean" }).notNull().default(false),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    index("webhook_deliveries_endpoint").on(t.endpointId, t.id),
    index("webhook_deliveries_org_mode").on(t.orgId, t.mode, t.id),
    // The delivery workers' queue: deliveries waiting for an attempt, by when it is due.
    index("webhook_deliveries_due").on(t.nextAttemptAt, t.id).where(sql`status IN ('pending', 'retrying')`),
  ],
);

/** One HTTP attempt of a delivery: what was sent and what came back. */
export const webhookAttempts = sqliteTable(
  "webhook_attempts",
  {
    deliveryId: text("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    attemptedAt: integer("attempted_at").notNull(),
    requestHeaders: text("request_headers", { mode: "json" }).$type<Record<string, string>>().notNull(),
    responseStatus: integer("response_status"),
    responseBody: text("response_body"),
    durationMs: integer("duration_ms").notNull(),
    error: text("error"),
  },
  (t) => [primaryKey({ columns: [t.deliveryId, t.number] })],
);

/** A stored endpoint. */
export type EndpointRow = typeof webhookEndpoints.$inferSelect;
/** A stored delivery. */
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
/** A stored attempt. */
export type AttemptRow = typeof webhookAttempts.$inferSelect;
