/**
 * Scenario table for the webhook routes through `app.handle`: endpoints (create, list, get, patch, delete,
 * rotate, enable), who may call them, bad input (always a 4xx in the error shape), the plan allowance, paging,
 * and fan-out of events to the right endpoints. Nothing is sent here: no job runs (see test/integration).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { makeTestApp, type Session, type TestApp, type TestOrg } from "../helpers/app";
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from "../../src/domains/webhooks/tables";
import { emit, envelope, listEvents } from "../../src/platform/events/emit";
import { systemCtx } from "../../src/platform/context";
import { tableResolver } from "../integration/webhooks-receiver";

let t: TestApp;
let a: TestOrg;
let b: TestOrg;
const url = (path = "/hook") => `https://hooks.example${path}`;

beforeAll(async () => {
  t = await makeTestApp();
  t.deps.webhooks = {
    ...t.deps.webhooks,
    resolve: tableResolver({ "hooks.example": ["93.184.216.34"], "inside.example": ["10.0.0.7"] }),
    fetch: () => Promise.reject(new Error("nothing is sent in API tests")),
  };
  a = await t.org({ plan: "core" });
  b = await t.org({ plan: "core" });
});
afterAll(() => t.close());

const create = (auth: string | Session, body: unknown, mode?: "live" | "test") =>
  t.call("POST", "/v1/webhooks", { auth, body, mode });

describe("POST /v1/webhooks", () => {
  test("adds an endpoint and shows its secret once", async () => {
    const r = await create(a.liveKey, { url: url(), events: ["submission.created", "submission.approved"] });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      url: url(),
      events: ["submission.created", "submission.approved"],
      status: "active",
      failing_since: null,
      disabled_at: null,
      mode: "live",
    });
    expect(r.body.id).toMatch(/^whe_[0-9a-z]{26}$/);
    expect(r.body.secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    expect(r.body.created_at).toBe("2026-11-22T12:00:00.000Z");
    const got = await t.call("GET", `/v1/webhooks/${r.body.id}`, { auth: a.liveKey });
    expect(got.status).toBe(200);
    expect(got.body.secret).toBeUndefined();
    const list = await t.call("GET", "/v1/webhooks", { auth: a.liveKey });
    expect(list.body.data.find((e: any) => e.id === r.body.id)).toEqual(got.body);
    expect(JSON.stringify(list.body)).not.toContain("whsec_");
  });

  const bad: [string, unknown, number, string, string?][] = [
    ["no url", { events: ["submission.created"] }, 400, "validation_failed", "url"],
    ["no events", { url: url(), events: [] }, 400, "validation_failed", "events"],
    [
      "an unknown event",
      { url: url(), events: ["submission.created", "submission.exploded"] },
      400,
      "validation_failed",
      "events[1]",
    ],
    ["the same event twice", { url: url(), events: ["reel.ready", "reel.ready"] }, 400, "validation_failed", "events"],
    ["an unknown field", { url: url(), events: ["reel.ready"], secret: "mine" }, 400, "validation_failed"],
    ["a url that is not a string", { url: 42, events: ["reel.ready"] }, 400, "validation_failed", "url"],
    ["plain http", { url: "http://hooks.example/hook", events: ["reel.ready"] }, 400, "invalid_webhook_url", "url"],
    ["not a URL", { url: "hooks example", events: ["reel.ready"] }, 400, "invalid_webhook_url", "url"],
    [
      "a name resolving to a private address",
      { url: "https://inside.example/", events: ["reel.ready"] },
      400,
      "invalid_webhook_url",
      "url",
    ],
  ];
  for (const [name, body, status, code, field] of bad) {
    test(`refuses ${name} with ${status} ${code}`, async () => {
      const r = await create(a.liveKey, body);
      expect(r.status).toBe(status);
      expect(r.body.error.code).toBe(code);
      expect(r.body.error.request_id).toBeString();
      if (field) expect(r.body.error.details.field).toBe(field);
    });
  }

  test("refuses a body that is not JSON with 400 invalid_body", async () => {
    const r = await t.call("POST", "/v1/webhooks", {
      auth: a.liveKey,
      body: "{nope",
      headers: { "content-type": "application/json" },
    });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe("invalid_body");
  });

  test("allows 20 endpoints per organisation (live and test together), then 402 names the limit", async () => {
    const org = await t.org({ plan: "plus" });
    for (let i = 0; i < 20; i++)
      expect((await create(org.liveKey, { url: url(`/${i}`), events: ["reel.ready"] })).status).toBe(201);
    const r = await create(org.liveKey, { url: url("/21"), events: ["reel.ready"] });
    expect(r.status).toBe(402);
    expect(r.body.error.code).toBe("plan_limit_exceeded");
    expect(r.body.error.limit).toMatchObject({
      name: "webhook_endpoints",
      plan: "plus",
      upgrade_plan: null,
      limit: 20,
      used: 20,
    });
    expect(r.body.error.limit.upgrade_url).toStartWith("http://plaudit.test/app/billing");
    // The 20 are the organisation's, whichever mode: the sandbox cannot add a 21st either.
    const sandbox = await create(org.testKey, { url: url("/sandbox"), events: ["reel.ready"] });
    expect(sandbox.status).toBe(402);
    expect(sandbox.body.error.limit).toMatchObject({ name: "webhook_endpoints", limit: 20, used: 20 });
  });
});

describe("who may manage webhooks", () => {
  const cases: [string, () => Promise<string | Session | undefined>, number, string?][] = [
    ["no credentials", async () => undefined, 401, "unauthorized"],
    ["a key without webhooks:manage", async () => a.key("live", ["submissions:read"]), 403, "forbidden"],
    ["a key with only webhooks:manage", async () => a.key("live", ["webhooks:manage"]), 201],
    ["a member's session", async () => a.member("member"), 403, "forbidden"],
    ["an admin's session", async () => a.member("admin"), 201],
    ["the owner's session", async () => a.owner, 201],
  ];
  for (const [name, auth, status, code] of cases) {
    test(`${name}: ${status}`, async () => {
      const r = await t.call("POST", "/v1/webhooks", {
        auth: await auth(),
        body: { url: url(), events: ["export.ready"] },
      });
      expect(r.status).toBe(status);
      if (code) expect(r.body.error.code).toBe(code);
    });
  }

  test("a Free organisation's owner manages webhooks in the dashboard; its keys get 402 api_access", async () => {
    const free = await t.org({ plan: "free" });
    expect((await create(free.owner, { url: url(), events: ["export.ready"] })).status).toBe(201);
    const r = await create(free.liveKey, { url: url(), events: ["export.ready"] });
    expect(r.status).toBe(402);
    expect(r.body.error.limit.name).toBe("api_access");
  });

  test("another organisation's or mode's endpoint and delivery are 404 on every route", async () => {
    const mine = (await create(a.liveKey, { url: url(), events: ["export.ready"] })).body;
    const sample = (await t.call("POST", `/v1/webhooks/${mine.id}/test`, { auth: a.liveKey })).body;
    for (const auth of [b.liveKey, a.testKey]) {
      for (const [method, path] of [
        ["GET", `/v1/webhooks/${mine.id}`],
        ["PATCH", `/v1/webhooks/${mine.id}`],
        ["DELETE", `/v1/webhooks/${mine.id}`],
        ["POST", `/v1/webhooks/${mine.id}/test`],
        ["POST", `/v1/webhooks/${mine.id}/enable`],
        ["POST", `/v1/webhooks/${mine.id}/rotate-secret`],
        ["GET", `/v1/webhooks/${mine.id}/deliveries`],
        ["POST", `/v1/webhooks/deliveries/${sample.id}/replay`],
      ] as const) {
        const r = await t.call(method, path, {
          auth,
          body: method === "PATCH" ? { events: ["reel.ready"] } : undefined,
        });
        expect([method, path, r.status, r.body.error?.code]).toEqual([method, path, 404, "not_found"]);
      }
    }
    expect((await t.call("GET", "/v1/webhooks/whe_nope", { auth: a.liveKey })).status).toBe(404);
    expect((await t.call("POST", "/v1/webhooks/deliveries/whd_nope/replay", { auth: a.liveKey })).status).toBe(404);
  });
});

describe("changing an endpoint", () => {
  let id: string;
  beforeAll(async () => {
    id = (await create(a.liveKey, { url: url("/change"), events: ["submission.created"] })).body.id;
  });

  test("PATCH changes the events and the URL (checked again)", async () => {
    const r = await t.call("PATCH", `/v1/webhooks/${id}`, {
      auth: a.liveKey,
      body: { events: ["reel.ready", "reel.failed"], url: url("/moved") },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ events: ["reel.ready", "reel.failed"], url: url("/moved") });
    expect(r.body.secret).toBeUndefined();
    const refused = await t.call("PATCH", `/v1/webhooks/${id}`, {
      auth: a.liveKey,
      body: { url: "https://inside.example/x" },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: "invalid_webhook_url",
      details: { reason: "private_address", address: "10.0.0.7" },
    });
    for (const body of [{ events: [] }, { events: ["nope"] }, { status: "active" }, { url: 1 }]) {
      expect((await t.call("PATCH", `/v1/webhooks/${id}`, { auth: a.liveKey, body })).status).toBe(400);
    }
  });

  test("rotate-secret answers a new secret once; the previous keeps signing for 24 hours by default", async () => {
    const r = await t.call("POST", `/v1/webhooks/${id}/rotate-secret`, { auth: a.liveKey });
    expect(r.status).toBe(200);
    expect(r.body.secret).toMatch(/^whsec_/);
    expect(r.body.previous_secret_expires_at).toBe("2026-11-23T12:00:00.000Z");
    const got = await t.call("GET", `/v1/webhooks/${id}`, { auth: a.liveKey });
    expect(got.body.secret).toBeUndefined();
    expect(got.body.previous_secret_expires_at).toBe("2026-11-23T12:00:00.000Z");
    const now = await t.call("POST", `/v1/webhooks/${id}/rotate-secret`, { auth: a.liveKey, body: { grace_hours: 0 } });
    expect(now.body.secret).not.toBe(r.body.secret);
    expect(now.body.previous_secret_expires_at).toBeNull();
    for (const body of [{ grace_hours: 73 }, { grace_hours: "x" }, { grace: 1 }]) {
      expect((await t.call("POST", `/v1/webhooks/${id}/rotate-secret`, { auth: a.liveKey, body })).status).toBe(400);
    }
  });

  test("enable turns a disabled endpoint active; test and replay refuse a disabled one with 409", async () => {
    const sample = (await t.call("POST", `/v1/webhooks/${id}/test`, { auth: a.liveKey })).body;
    t.deps.db
      .update(webhookEndpoints)
      .set({ status: "disabled", disabledAt: t.clock.now(), failingSince: t.clock.now() - 86_400_000 })
      .where(eq(webhookEndpoints.id, id))
      .run();
    for (const path of [`/v1/webhooks/${id}/test`, `/v1/webhooks/deliveries/${sample.id}/replay`]) {
      const r = await t.call("POST", path, { auth: a.liveKey });
      expect(r.status).toBe(409);
      expect(r.body.error.code).toBe("endpoint_disabled");
    }
    const r = await t.call("POST", `/v1/webhooks/${id}/enable`, { auth: a.liveKey });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: "active", failing_since: null, disabled_at: null });
    expect((await t.call("POST", `/v1/webhooks/${id}/test`, { auth: a.liveKey })).status).toBe(202);
  });
});

describe("samples, replays and the delivery log", () => {
  test("test queues a signed sample of the first subscribed type, or of the type asked", async () => {
    const ep = (await create(a.liveKey, { url: url(), events: ["submission.approved", "reel.ready"] })).body;
    const r = await t.call("POST", `/v1/webhooks/${ep.id}/test`, { auth: a.liveKey });
    expect(r.status).toBe(202);
    expect(r.body).toMatchObject({
      endpoint_id: ep.id,
      event_type: "submission.approved",
      status: "pending",
      is_test: true,
      replay_of: null,
      attempts: [],
    });
    expect(r.body.next_attempt_at).toBe(r.body.created_at);
    const body = JSON.parse(r.body.body);
    expect(Object.keys(body)).toEqual(["id", "type", "api_version", "created_at", "org_id", "mode", "data"]);
    expect(body).toMatchObject({
      id: r.body.event_id,
      type: "submission.approved",
      api_version: "v1",
      org_id: a.id,
      mode: "live",
    });
    expect(Object.keys(body.data)).toEqual([
      "id",
      "brand_id",
      "link_id",
      "kind",
      "status",
      "is_approved",
      "is_public",
      "duration_ms",
      "created_at",
    ]);
    expect(listEvents(t.deps.db, a.id, "live").some((e) => e.id === body.id)).toBe(false);
    const typed = await t.call("POST", `/v1/webhooks/${ep.id}/test`, {
      auth: a.liveKey,
      body: { type: "export.ready" },
    });
    expect(typed.body.event_type).toBe("export.ready");
    for (const bad of [{ type: "nope" }, { type: 1 }, { kind: "reel.ready" }]) {
      expect((await t.call("POST", `/v1/webhooks/${ep.id}/test`, { auth: a.liveKey, body: bad })).status).toBe(400);
    }
  });

  test("replay is a new delivery of the identical bytes that names the original", async () => {
    const ep = (await create(a.liveKey, { url: url(), events: ["reel.ready"] })).body;
    const first = (await t.call("POST", `/v1/webhooks/${ep.id}/test`, { auth: a.liveKey })).body;
    const r = await t.call("POST", `/v1/webhooks/deliveries/${first.id}/replay`, { auth: a.liveKey });
    expect(r.status).toBe(202);
    expect(r.body.id).not.toBe(first.id);
    expect(r.body).toMatchObject({
      replay_of: first.id,
      event_id: first.event_id,
      body: first.body,
      status: "pending",
      attempts: [],
    });
    const again = await t.call("POST", `/v1/webhooks/deliveries/${r.body.id}/replay`, { auth: a.liveKey });
    expect(again.body.replay_of).toBe(r.body.id);
    const log = (await t.call("GET", `/v1/webhooks/${ep.id}/deliveries`, { auth: a.liveKey })).body.data;
    expect(log.map((d: any) => d.id)).toEqual([again.body.id, r.body.id, first.id]);
  });

  test("deliveries page newest first with cursors bound to their endpoint", async () => {
    const ep = (await create(a.liveKey, { url: url(), events: ["reel.ready"] })).body;
    const other = (await create(a.liveKey, { url: url(), events: ["reel.ready"] })).body;
    const made: string[] = [];
    for (let i = 0; i < 5; i++)
      made.push((await t.call("POST", `/v1/webhooks/${ep.id}/test`, { auth: a.liveKey })).body.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const q: string = `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
      const r = await t.call("GET", `/v1/webhooks/${ep.id}/deliveries${q}`, { auth: a.liveKey });
      expect(r.status).toBe(200);
      seen.push(...r.body.data.map((d: any) => d.id));
      cursor = r.body.next_cursor;
      if (cursor) {
        const wrong = await t.call("GET", `/v1/webhooks/${other.id}/deliveries?cursor=${encodeURIComponent(cursor)}`, {
          auth: a.liveKey,
        });
        expect(wrong.status).toBe(400);
        expect(wrong.body.error.code).toBe("invalid_cursor");
      }
    } while (cursor);
    expect(seen).toEqual([...made].reverse());
    for (const q of ["?limit=0", "?limit=101", "?limit=abc", "?cursor=forged.value"]) {
      expect((await t.call("GET", `/v1/webhooks/${ep.id}/deliveries${q}`, { auth: a.liveKey })).status).toBe(400);
      expect((await t.call("GET", `/v1/webhooks${q}`, { auth: a.liveKey })).status).toBe(400);
    }
  });

  test("delete stops sending and deletes the delivery log", async () => {
    const ep = (await create(a.liveKey, { url: url(), events: ["reel.ready"] })).body;
    const d = (await t.call("POST", `/v1/webhooks/${ep.id}/test`, { auth: a.liveKey })).body;
    t.deps.db
      .insert(webhookAttempts)
      .values({ deliveryId: d.id, number: 1, attemptedAt: t.clock.now(), requestHeaders: {}, durationMs: 1 })
      .run();
    const r = await t.call("DELETE", `/v1/webhooks/${ep.id}`, { auth: a.liveKey });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ id: ep.id, deleted: true });
    expect((await t.call("GET", `/v1/webhooks/${ep.id}`, { auth: a.liveKey })).status).toBe(404);
    expect((await t.call("POST", `/v1/webhooks/deliveries/${d.id}/replay`, { auth: a.liveKey })).status).toBe(404);
    expect(
      t.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, ep.id)).all(),
    ).toHaveLength(0);
    expect(t.deps.db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, d.id)).all()).toHaveLength(0);
    expect((await t.call("DELETE", `/v1/webhooks/${ep.id}`, { auth: a.liveKey })).status).toBe(404);
  });
});

describe("fan-out", () => {
  test("an event reaches each subscribed endpoint of its organisation and mode, with the envelope's exact bytes", async () => {
    const org = await t.org();
    const subscribed = (await create(org.liveKey, { url: url("/s"), events: ["submission.approved"] })).body;
    const other = (await create(org.liveKey, { url: url("/o"), events: ["reel.ready"] })).body;
    const sandbox = (await create(org.testKey, { url: url("/t"), events: ["submission.approved"] })).body;
    const elsewhere = (await create(b.liveKey, { url: url("/b"), events: ["submission.approved"] })).body;
    const event = emit(t.deps, systemCtx(org.id, "live", t.clock), "submission.approved", { id: "sub_1" });
    const page = async (key: string, id: string) =>
      (await t.call("GET", `/v1/webhooks/${id}/deliveries`, { auth: key })).body.data;
    const got = await page(org.liveKey, subscribed.id);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({
      event_id: event.id,
      event_type: "submission.approved",
      status: "pending",
      body: JSON.stringify(envelope(event)),
    });
    expect(await page(org.liveKey, other.id)).toHaveLength(0);
    expect(await page(org.testKey, sandbox.id)).toHaveLength(0);
    expect((await page(b.liveKey, elsewhere.id)).filter((d: any) => d.event_id === event.id)).toHaveLength(0);
  });

  test("a written testimonial sent through a collect link reaches the sandbox's endpoint as created then ready", async () => {
    const org = await t.org();
    const ep = (await create(org.testKey, { url: url(), events: ["submission.created", "submission.ready"] })).body;
    const brand = (await t.call("GET", "/v1/brands", { auth: org.testKey })).body.data[0].id;
    const consent = "I agree that Acme may publish my words.";
    const link = (
      await t.call("POST", `/v1/brands/${brand}/links`, {
        auth: org.testKey,
        body: {
          title: "Tell us",
          prompts: [{ text: "How was it?" }],
          consent_text: consent,
          consent_version: "2026-11-01",
        },
      })
    ).body;
    const sent = await t.call("POST", `/public/links/${link.id}/submissions`, {
      body: {
        kind: "text",
        respondent: { name: "Dana" },
        consent: { agreed: true, text: consent, version: "2026-11-01" },
        text: "Acme made our onboarding twice as fast.",
      },
    });
    expect(sent.status).toBe(201);
    const list = (await t.call("GET", `/v1/webhooks/${ep.id}/deliveries`, { auth: org.testKey })).body.data;
    expect(list.map((d: any) => d.event_type)).toEqual(["submission.ready", "submission.created"]);
    expect(JSON.parse(list[1].body)).toMatchObject({
      type: "submission.created",
      mode: "test",
      org_id: org.id,
      data: { id: sent.body.submission_id, kind: "text" },
    });
  });
});
