import { unitOfWork } from "../../src/platform/db/unit-of-work";
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { ManualClock } from "../../src/platform/clock";
import type { Ctx } from "../../src/platform/context";
import { tx, type Db } from "../../src/platform/db/client";
import {
  emit,
  envelope,
  EVENT_TYPES,
  getEvent,
  isEventType,
  listEvents,
  type Event,
  type EventType,
} from "../../src/platform/events/emit";
import type { Hooks } from "../../src/platform/hooks";
import { enqueue, listJobs } from "../../src/platform/jobs/queue";
import { makeTestDeps, type TestDeps } from "../fixtures/platform-test-deps";

let t: TestDeps;
let clock: ManualClock;
let ctx: Ctx;
const removers: (() => void)[] = [];
/** Adds an event hook to a Deps' hooks (as src/composition.ts does for the modules); returns its remover. */
function onEventOf(hooks: Hooks, fn: (db: Db, e: Event) => void, type = "*"): () => void {
  const entry = { type, run: fn };
  hooks.events.push(entry);
  return () => void hooks.events.splice(hooks.events.indexOf(entry), 1);
}
const hook = (fn: (db: Db, e: Event) => void) => removers.push(onEventOf(t.deps.hooks, fn));

beforeEach(() => {
  clock = new ManualClock(Date.UTC(2026, 10, 1, 12, 0, 0, 7));
  t = makeTestDeps({ clock });
  ctx = { orgId: "org_a", mode: "live", actor: { type: "system" }, clock };
});
afterEach(() => {
  removers.splice(0).forEach((r) => r());
  t.cleanup();
});

const sub = {
  id: "sub_1",
  brand_id: "brd_1",
  link_id: "lnk_1",
  kind: "video",
  status: "ready",
  is_approved: false,
  is_public: false,
  duration_ms: 1200,
  created_at: "2026-11-01T12:00:00.000Z",
};

describe("emit", () => {
  test("stores the event and gives the contract's envelope", () => {
    const e = emit(t.deps, ctx, "submission.ready", sub);
    expect(e.id).toMatch(/^evt_[0-9a-z]{26}$/);
    expect(envelope(e)).toEqual({
      id: e.id,
      type: "submission.ready",
      api_version: "v1",
      created_at: "2026-11-01T12:00:00.007Z",
      org_id: "org_a",
      mode: "live",
      data: sub,
    });
    expect(Object.keys(envelope(e))).toEqual(["id", "type", "api_version", "created_at", "org_id", "mode", "data"]);
    expect(getEvent(t.deps.db, "org_a", "live", e.id)).toEqual(e);
    expect(getEvent(t.deps.db, "org_a", "test", e.id)).toBeNull();
  });

  test("hooks run in the caller's transaction and roll back with it", () => {
    const seen: string[] = [];
    hook((db, e) => {
      seen.push(e.type);
      enqueue(
        { db, clock, state: null },
        { kind: "webhook.deliver", payload: { event: e.id }, orgId: e.orgId, mode: e.mode },
      );
    });
    expect(() =>
      unitOfWork(t.deps, ctx, (tx) => {
        tx.emit("submission.created", sub);
        throw new Error("the change failed");
      }),
    ).toThrow("the change failed");
    expect(seen).toEqual(["submission.created"]);
    expect(listEvents(t.deps.db, "org_a", "live")).toHaveLength(0);
    expect(listJobs(t.deps.db)).toHaveLength(0);

    const e = unitOfWork(t.deps, ctx, (tx) => tx.emit("submission.created", sub));
    expect(listJobs(t.deps.db).map((j) => j.payload)).toEqual([{ event: e.id }]);
  });

  test("a throwing hook undoes the event", () => {
    hook(() => {
      throw new Error("hook broke");
    });
    expect(() => emit(t.deps, ctx, "reel.ready", { id: "rel_1" })).toThrow("hook broke");
    expect(listEvents(t.deps.db, "org_a", "live")).toHaveLength(0);
  });

  test("a removed hook is not called", () => {
    let calls = 0;
    const remove = onEventOf(t.deps.hooks, () => void calls++);
    emit(t.deps, ctx, "export.ready", { id: "exp_1" });
    remove();
    emit(t.deps, ctx, "export.ready", { id: "exp_2" });
    expect(calls).toBe(1);
  });

  test("a hook for one type hears only that type", () => {
    const seen: string[] = [];
    removers.push(onEventOf(t.deps.hooks, (_db, e) => void seen.push(e.type), "submission.approved"));
    emit(t.deps, ctx, "submission.created", sub);
    emit(t.deps, ctx, "submission.approved", sub);
    expect(seen).toEqual(["submission.approved"]);
  });

  test("hooks belong to their Deps: another app's hooks never run", () => {
    const other = makeTestDeps({ clock });
    try {
      const seen: string[] = [];
      removers.push(onEventOf(other.deps.hooks, (_db, e) => void seen.push(e.type)));
      emit(t.deps, ctx, "reel.ready", { id: "rel_1" });
      expect(seen).toEqual([]);
      emit(other.deps, ctx, "reel.failed", { id: "rel_2" });
      expect(seen).toEqual(["reel.failed"]);
    } finally {
      other.cleanup();
    }
  });

  test("unknown types are refused at run time too", () => {
    expect(() => emit(t.deps, ctx, "submission.deleted" as EventType, {})).toThrow("unknown event type");
    expect(EVENT_TYPES).toContain("reel.failed");
    expect(isEventType("submission.approved")).toBe(true);
    expect(isEventType("nope")).toBe(false);
  });
});

describe("listEvents", () => {
  test("newest first, by organisation and mode, with limit, before and type", () => {
    const ids: string[] = [];
    for (const type of ["submission.created", "submission.ready", "submission.approved"] as const) {
      ids.push(emit(t.deps, ctx, type, sub).id);
      clock.advance(1);
    }
    emit(t.deps, { ...ctx, mode: "test" }, "submission.created", sub);
    emit(t.deps, { ...ctx, orgId: "org_b" }, "submission.created", sub);
    expect(listEvents(t.deps.db, "org_a", "live").map((e) => e.id)).toEqual([...ids].reverse());
    expect(listEvents(t.deps.db, "org_a", "live", { limit: 2 }).map((e) => e.id)).toEqual([ids[2], ids[1]]);
    expect(listEvents(t.deps.db, "org_a", "live", { before: ids[1] }).map((e) => e.id)).toEqual([ids[0]]);
    expect(listEvents(t.deps.db, "org_a", "live", { type: "submission.ready" }).map((e) => e.id)).toEqual([ids[1]]);
    expect(listEvents(t.deps.db, "org_a", "test")).toHaveLength(1);
    expect(listEvents(t.deps.db, "org_b", "live")).toHaveLength(1);
  });
});
