/**
 * Emitting events. A unit of work's `tx.emit` (`emitWith` here) writes the event and runs the event hooks of its
 * Deps (filled from the domain modules by src/composition.ts) in the caller's transaction, so the
 * change, its event and the webhook deliveries it causes land together or not at all.
 */
import { and, desc, eq, lt } from "drizzle-orm";
import { scoped, byId } from "../db/tenancy";
import { iso } from "../clock";
import type { Ctx, Mode } from "../context";
import { tx, type Db } from "../db/client";
import { newId } from "../ids";
import type { EventHook, Hooks } from "../hooks";
import type { Deps } from "../deps";
import { unitOfWork } from "../db/unit-of-work";
import { events, type EventRow } from "./tables";

/** Every event type in the contract (section 6). */
export const EVENT_TYPES = [
  "submission.created",
  "submission.ready",
  "submission.approved",
  "submission.rejected",
  "reel.ready",
  "reel.failed",
  "export.ready",
] as const;

/** One of the contract's event types. */
export type EventType = (typeof EVENT_TYPES)[number];

/** True for a string naming a contract event type (validating webhook subscriptions). */
export const isEventType = (s: string): s is EventType => (EVENT_TYPES as readonly string[]).includes(s);

/** A stored event. */
export type Event = EventRow;

export type { EventHook };

/**
 * Records an event of `type` for the context's organisation and mode and runs the app's hooks for it, in a unit of
 * work of its own (joining one already open). Writes emit with `tx.emit` instead; this is for scripts and tests.
 */
export function emit(deps: Deps, ctx: Ctx, type: EventType, data: Record<string, unknown>): Event {
  return unitOfWork(deps, ctx, (tx) => tx.emit(type, data));
}

/** Records an event and runs the given hooks for it (a unit of work's `emit`, with its Deps' hooks). */
export function emitWith(hooks: Hooks, db: Db, ctx: Ctx, type: EventType, data: Record<string, unknown>): Event {
  if (!isEventType(type)) throw new Error(`unknown event type ${type}`);
  const now = ctx.clock.now();
  const event: Event = {
    id: newId("event", now),
    orgId: ctx.orgId,
    mode: ctx.mode,
    type,
    apiVersion: "v1",
    data,
    createdAt: now,
  };
  // Nested in a caller's transaction this is a savepoint; called alone it still keeps event and hooks together.
  return tx(db, () => {
    db.insert(events).values(event).run();
    for (const hook of hooks.events) if (hook.type === "*" || hook.type === type) hook.run(db, event, ctx);
    return event;
  });
}

/** The contract's event envelope. */
export interface EventEnvelope {
  id: string;
  type: EventType;
  api_version: "v1";
  created_at: string;
  org_id: string;
  mode: Mode;
  data: Record<string, unknown>;
}

/** The envelope sent to webhook endpoints, in the contract's field order. */
export function envelope(event: Event): EventEnvelope {
  return {
    id: event.id,
    type: event.type as EventType,
    api_version: "v1",
    created_at: iso(event.createdAt)!,
    org_id: event.orgId,
    mode: event.mode,
    data: event.data,
  };
}

/** One event of the organisation and mode, or null. */
export function getEvent(db: Db, orgId: string, mode: Mode, id: string): Event | null {
  return (
    db
      .select()
      .from(events)
      .where(byId(events, { orgId, mode }, id))
      .get() ?? null
  );
}

/** Options for `listEvents`. */
export interface ListEventsOptions {
  limit?: number;
  /** Only events older than this id (the next page). */
  before?: string;
  type?: EventType;
}

/** Events of the organisation and mode, newest first. */
export function listEvents(db: Db, orgId: string, mode: Mode, opts: ListEventsOptions = {}): Event[] {
  return db
    .select()
    .from(events)
    .where(
      and(
        scoped(events, { orgId, mode }),
        opts.before ? lt(events.id, opts.before) : undefined,
        opts.type ? eq(events.type, opts.type) : undefined,
      ),
    )
    .orderBy(desc(events.id))
    .limit(Math.min(opts.limit ?? 50, 500))
    .all();
}
