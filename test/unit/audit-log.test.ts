import { afterEach, beforeEach, expect, test } from "bun:test";
import { ManualClock } from "../../src/platform/clock";
import type { Ctx } from "../../src/platform/context";
import { tx } from "../../src/platform/db/client";
import { audit, listAudit } from "../../src/platform/audit/audit";
import { makeTestDeps, type TestDeps } from "../fixtures/platform-test-deps";

let t: TestDeps;
let clock: ManualClock;
const ctx = (actor: Ctx["actor"], mode: Ctx["mode"] = "live", orgId = "org_a"): Ctx => ({ orgId, mode, actor, clock });

beforeEach(() => {
  clock = new ManualClock();
  t = makeTestDeps({ clock });
});
afterEach(() => t.cleanup());

test("records who did what, newest first, across both modes unless asked", () => {
  const user = ctx({ type: "user", userId: "usr_1", role: "owner", sessionId: "ses_1" });
  const a = audit(t.deps.db, user, "api_key.created", "key_1", { name: "CI", scopes: ["submissions:read"] });
  clock.advance(1);
  const b = audit(
    t.deps.db,
    ctx({ type: "key", keyId: "key_1", scopes: [] }, "test"),
    "webhook_endpoint.created",
    "whe_1",
  );
  clock.advance(1);
  audit(t.deps.db, ctx({ type: "system" }, "live", "org_b"), "plan.changed", null);

  expect(a.id).toMatch(/^aud_/);
  const rows = listAudit(t.deps.db, "org_a");
  expect(rows.map((r) => r.id)).toEqual([b.id, a.id]);
  expect(rows[1]).toMatchObject({
    actor: "user:usr_1",
    userId: "usr_1",
    apiKeyId: null,
    action: "api_key.created",
    targetId: "key_1",
    mode: "live",
    details: { name: "CI", scopes: ["submissions:read"] },
  });
  expect(rows[0]).toMatchObject({ actor: "key:key_1", userId: null, apiKeyId: "key_1", mode: "test", details: null });
  expect(listAudit(t.deps.db, "org_a", { mode: "live" }).map((r) => r.id)).toEqual([a.id]);
  expect(listAudit(t.deps.db, "org_a", { limit: 1 }).map((r) => r.id)).toEqual([b.id]);
  expect(listAudit(t.deps.db, "org_a", { before: b.id }).map((r) => r.id)).toEqual([a.id]);
  expect(listAudit(t.deps.db, "org_b")[0]).toMatchObject({ actor: "system", action: "plan.changed", targetId: null });
});

test("an audit row rolls back with the action it records", () => {
  expect(() =>
    tx(t.deps.db, (db) => {
      audit(db, ctx({ type: "system" }), "api_key.revoked", "key_1");
      throw new Error("revoke failed");
    }),
  ).toThrow();
  expect(listAudit(t.deps.db, "org_a")).toHaveLength(0);
});
