/**
 * Sample events for `POST /v1/webhooks/{id}/test`: the real envelope and data shape of each type, with fresh
 * ids that refer to nothing. They are not stored as events, so they reach only the endpoint being tested.
 */
import { iso } from "../../platform/clock";
import { envelope, type EventType } from "../../platform/events/emit";
import { newId } from "../../platform/ids";
import type { Mode } from "../../platform/context";

function sampleData(type: EventType, nowMs: number): Record<string, unknown> {
  const created = iso(nowMs);
  const submission = {
    id: newId("submission", nowMs),
    brand_id: newId("brand", nowMs),
    link_id: newId("link", nowMs),
    kind: "video",
    status: "ready",
    is_approved: type === "submission.approved",
    is_public: false,
    duration_ms: 42_000,
    created_at: created,
  };
  if (type.startsWith("submission."))
    return type === "submission.created" ? { ...submission, status: "processing" } : submission;
  const reel = { id: newId("reel", nowMs), title: "Sample reel", created_at: created };
  const render = {
    id: newId("renderJob", nowMs),
    stage: type === "reel.ready" ? "finishing" : "rendering",
    created_at: created,
  };
  if (type === "reel.ready") return { reel, render };
  if (type === "reel.failed") return { reel, render, reason: "This is a sample event; nothing failed." };
  return { id: newId("export", nowMs), status: "ready", created_at: created };
}

/** A sample event of `type` for an org and mode, as the envelope sent and its exact body string. */
export function sampleEvent(orgId: string, mode: Mode, type: EventType, nowMs: number) {
  const event = {
    id: newId("event", nowMs),
    orgId,
    mode,
    type,
    apiVersion: "v1",
    data: sampleData(type, nowMs),
    createdAt: nowMs,
  };
  return { id: event.id, type, event, body: JSON.stringify(envelope(event)) };
}
