/**
 * Prepared statements of the delivery hot path (fan-out, each attempt, recording its outcome), one set per
 * database handle. Building a drizzle query costs far more than running a prepared one (about 140 µs against
 * 4 µs for a lookup by id on the reference machine), and every delivery runs several.
 */
import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from "./tables";

const p = (name: string) => sql.placeholder(name);

function build(db: Db) {
  const deliveries = webhookDeliveries;
  const endpoints = webhookEndpoints;
  return {
    deliveryById: db
      .select()
      .from(deliveries)
      .where(eq(deliveries.id, p("id")))
      .prepare(),
    endpointById: db
      .select()
      .from(endpoints)
      .where(eq(endpoints.id, p("id")))
      .prepare(),
    /** Endpoints that may receive an event of this org and mode (filtered by type in code: at most 20). */
    receivers: db
      .select({ id: endpoints.id, orgId: endpoints.orgId, mode: endpoints.mode, events: endpoints.events })
      .from(endpoints)
      .where(and(eq(endpoints.orgId, p("orgId")), eq(endpoints.mode, p("mode")), ne(endpoints.status, "disabled")))
      .prepare(),
    insertDelivery: db
      .insert(deliveries)
      .values({
        id: p("id"),
        orgId: p("orgId"),
        mode: p("mode"),
        endpointId: p("endpointId"),
        eventId: p("eventId"),
        eventType: p("eventType"),
        body: p("body"),
        status: p("status"),
        attemptCount: p("attemptCount"),
        nextAttemptAt: p("nextAttemptAt"),
        deliveredAt: p("deliveredAt"),
        failureReason: p("failureReason"),
        replayOf: p("replayOf"),
        isTest: p("isTest"),
        createdAt: p("createdAt"),
        updatedAt: p("updatedAt"),
      })
      .prepare(),
    insertAttempt: db
      .insert(webhookAttempts)
      .values({
        deliveryId: p("deliveryId"),
        number: p("number"),
        attemptedAt: p("attemptedAt"),
        requestHeaders: p("requestHeaders"),
        responseStatus: p("responseStatus"),
        responseBody: p("responseBody"),
        durationMs: p("durationMs"),
        error: p("error"),
      })
      .prepare(),
    /** Sets a delivery's outcome after an attempt. */
    updateDelivery: db
      .update(deliveries)
      .set({
        status: sql`${p("status")}`,
        attemptCount: sql`${p("attemptCount")}`,
        nextAttemptAt: sql`${p("nextAttemptAt")}`,
        deliveredAt: sql`${p("deliveredAt")}`,
        failureReason: sql`${p("failureReason")}`,
        updatedAt: sql`${p("updatedAt")}`,
      })
      .where(eq(deliveries.id, p("id")))
      .prepare(),
    /** Moves an endpoint between active and failing. */
    updateEndpointState: db
      .update(endpoints)
      .set({ status: sql`${p("status")}`, failingSince: sql`${p("failingSince")}`, updatedAt: sql`${p("updatedAt")}` })
      .where(eq(endpoints.id, p("id")))
      .prepare(),
  };
}

/** The prepared statements of the delivery path. */
export type Statements = ReturnType<typeof build>;

const cache = new WeakMap<Db, Statements>();

/** The statements for this database handle, prepared on first use. */
export function statements(db: Db): Statements {
  let s = cache.get(db);
  if (!s) cache.set(db, (s = build(db)));
  return s;
}
