/**
 * Contract, to the letter, for plan allowances (issue 13): webhook endpoints are 20 per organisation (live and test
 * together), checked in the write transaction after the DNS lookup so concurrent creates cannot pass it together;
 * an allowance with no usage counter fails closed (usageOf throws) and stops the app at start; a
 * respondent whose brand is out of monthly collections gets a kind 429 that names no plan (docs/design-decisions.md).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { makeTestApp, type TestApp } from "../helpers/app";
import { makeLink, writeTestimonial } from "../helpers/testimonials";
import { webhookEndpoints } from "../../src/domains/webhooks/tables";
import { ALLOWANCE_NAMES, assertCountersRegistered, usageOf } from "../../src/platform/access";
import { openDb } from "../../src/platform/db/client";
import { systemCtx } from "../../src/platform/context";
import { reader } from "../../src/platform/db/unit-of-work";
import { createHooks } from "../../src/platform/hooks";

let t: TestApp;
/** A DNS answer that takes a while, as a real lookup does: every create waits here before writing. */
const slowResolver = async (hostname: string) => {
  await Bun.sleep(30);
  if (hostname !== "hooks.example")
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
  return ["93.184.216.34"];
};

beforeAll(async () => {
  t = await makeTestApp();
  t.deps.webhooks = {
    ...t.deps.webhooks,
    resolve: slowResolver,
    fetch: () => Promise.reject(new Error("nothing is sent in API tests")),
  };
});
afterAll(() => t.close());

const create = (auth: string, i: number | string) =>
  t.call("POST", "/v1/webhooks", { auth, body: { url: `https://hooks.example/${i}`, events: ["reel.ready"] } });
const endpointsOf = (orgId: string) =>
  t.deps.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.orgId, orgId)).all();

describe("webhook endpoints: 20 per organisation", () => {
  test("live and test endpoints count together: 12 live and 8 test fill it, then both modes get 402", async () => {
    const org = await t.org({ plan: "plus" });
    for (let i = 0; i < 12; i++) expect((await create(org.liveKey, `live-${i}`)).status).toBe(201);
    for (let i = 0; i < 8; i++) expect((await create(org.testKey, `test-${i}`)).status).toBe(201);
    for (const key of [org.liveKey, org.testKey]) {
      const r = await create(key, "one-too-many");
      expect(r.status).toBe(402);
      expect(r.body.error.code).toBe("plan_limit_exceeded");
      expect(r.body.error.limit).toMatchObject({ name: "webhook_endpoints", limit: 20, used: 20 });
      expect(r.body.error.limit.upgrade_url).toBeString();
    }
    expect(endpointsOf(org.id)).toHaveLength(20);
    // Deleting one frees a place, in either mode.
    const one = (await t.call("GET", "/v1/webhooks", { auth: org.testKey })).body.data[0];
    expect((await t.call("DELETE", `/v1/webhooks/${one.id}`, { auth: org.testKey })).status).toBe(200);
    expect((await create(org.liveKey, "after-delete")).status).toBe(201);
  }, 20_000);

  test("concurrent creates cannot pass the limit together (checked in the write transaction after the lookup)", async () => {
    const org = await t.org({ plan: "plus" });
    for (let i = 0; i < 18; i++) expect((await create(org.liveKey, i)).status).toBe(201);
    // 18 used: six creates at once, each waiting on DNS; only two may land.
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => create(i % 2 ? org.liveKey : org.testKey, `race-${i}`)),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 402, 402, 402, 402]);
    expect(endpointsOf(org.id)).toHaveLength(20);
  }, 20_000);

  test("a refused URL is still refused first (the lookup runs before the allowance)", async () => {
    const org = await t.org({ plan: "plus" });
    const r = await t.call("POST", "/v1/webhooks", {
      auth: org.liveKey,
      body: { url: "https://nowhere.example/hook", events: ["reel.ready"] },
    });
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
    expect(r.status).not.toBe(402);
    expect(endpointsOf(org.id)).toHaveLength(0);
  });
});

describe("usage counters fail closed", () => {
  test("in the app, every allowance has a counter (assertCountersRegistered passes) and usageOf counts", async () => {
    expect(() => assertCountersRegistered(t.deps.hooks.usage.keys())).not.toThrow();
    const org = await t.org({ plan: "core" });
    for (const name of ALLOWANCE_NAMES)
      expect(usageOf(reader(t.deps, systemCtx(org.id, "live", t.clock)), name)).toBeNumber();
  });

  test("without the modules that count them, usageOf throws and the start-time check names every missing one", () => {
    // Deps no module was wired into: no counter is registered in its hooks.
    const bare = openDb(":memory:");
    try {
      const unwired = { ...t.deps, db: bare, hooks: createHooks() };
      expect(() => usageOf(reader(unwired, systemCtx("org_x", "live", t.clock)), "webhook_endpoints")).toThrow(
        'No usage counter is registered for the allowance "webhook_endpoints"',
      );
    } finally {
      bare.$client.close();
    }
    let start = "passed";
    try {
      assertCountersRegistered([]);
    } catch (e) {
      start = (e as Error).message;
    }
    for (const name of ALLOWANCE_NAMES) expect(start).toContain(name);
  });
});

describe("the monthly collection allowance on the capture page", () => {
  test("the respondent gets a kind 429 naming neither the plan nor its upgrade address; nothing is stored", async () => {
    const org = await t.org({ plan: "free", name: "Tiny Bakery" });
    // The Free plan has no API access: the owner's session makes the link.
    const link = await makeLink(t, org.owner as unknown as string);
    const used = () => usageOf(reader(t.deps, systemCtx(org.id, "live", t.clock)), "submissions_per_month");
    while (used() < 25) await writeTestimonial(t, link.id, "Lovely bread and kind people, every single morning.");
    const r = await t.call("POST", `/public/links/${link.id}/submissions`, {
      body: {
        kind: "text",
        respondent: { name: "Rita" },
        consent: { agreed: true, text: "I agree that my words and recording may be published.", version: "2026-11-01" },
        text: "Lovely bread and kind people, every single morning.",
      },
    });
    expect(r.status).toBe(429);
    expect(r.body.error.code).toBe("not_accepting");
    expect(r.body.error.limit).toBeUndefined();
    expect(JSON.stringify(r.body)).not.toMatch(/free plan|billing|upgrade/i);
    expect(used()).toBe(25);
  }, 20_000);
});
