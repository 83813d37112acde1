/** Scenario table for the brand routes: success, 401, 403, 404 across orgs and modes, validation, pagination. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";

let t: TestApp;
let a: TestOrg;
let b: TestOrg;

beforeAll(async () => {
  t = await makeTestApp();
  a = await t.org({ plan: "core" });
  b = await t.org({ plan: "core" });
});
afterAll(() => t.close());

async function brandId(org: TestOrg, mode: "live" | "test") {
  const r = await t.call("GET", "/v1/brands", { auth: mode === "live" ? org.liveKey : org.testKey });
  return r.body.data[0].id as string;
}

describe("GET /v1/brands", () => {
  test("a test key sees only the sandbox's default brand", async () => {
    const r = await t.call("GET", "/v1/brands", { auth: a.testKey });
    expect(r.status).toBe(200);
    expect(r.body.data).toHaveLength(1);
    const brand = r.body.data[0];
    expect(brand).toMatchObject({
      is_default: true,
      slug: "default",
      is_public: false,
      submission_count: 0,
      mode: "test",
    });
    expect(brand.id).toMatch(/^brd_[0-9a-z]{26}$/);
    expect(brand.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(brand.logo_url).toStartWith("http://plaudit.test/cdn/");
    expect(r.body.next_cursor).toBeNull();
  });

  test("a live key sees the live default brand, not the sandbox's", async () => {
    const live = await brandId(a, "live");
    expect(live).not.toBe(await brandId(a, "test"));
    const r = await t.call("GET", `/v1/brands/${live}`, { auth: a.liveKey });
    expect(r.body.public_wall_url).toBe(`http://plaudit.test/b/${r.body.slug}`);
  });

  const cases: [string, () => { auth?: string | import("../helpers/app").Session; path?: string }, number, string][] = [
    ["no credentials", () => ({}), 401, "unauthorized"],
    ["a made-up key", () => ({ auth: "rk_test_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" }), 401, "unauthorized"],
    ["a key without brands:read", () => ({ auth: a.key("test", ["submissions:read"]) }), 403, "forbidden"],
    ["a bad limit", () => ({ auth: a.testKey, path: "/v1/brands?limit=101" }), 400, "validation_failed"],
    ["a zero limit", () => ({ auth: a.testKey, path: "/v1/brands?limit=0" }), 400, "validation_failed"],
    ["a forged cursor", () => ({ auth: a.testKey, path: "/v1/brands?cursor=abc.def" }), 400, "invalid_cursor"],
  ];
  for (const [name, make, status, code] of cases) {
    test(`refuses ${name} with ${status} ${code}`, async () => {
      const { auth, path } = make();
      const r = await t.call("GET", path ?? "/v1/brands", { auth });
      expect(r.status).toBe(status);
      expect(r.body.error.code).toBe(code);
      expect(r.body.error.message).toBeString();
      expect(r.body.error.request_id).toBeString();
    });
  }

  test("API keys need Core or Plus: 402 names the limit and the upgrade", async () => {
    const free = await t.org({ plan: "free" });
    const r = await t.call("GET", "/v1/brands", { auth: free.testKey });
    expect(r.status).toBe(402);
    expect(r.body.error.code).toBe("plan_limit_exceeded");
    expect(r.body.error.limit).toMatchObject({ name: "api_access", plan: "free", upgrade_plan: "core" });
    expect(r.body.error.limit.upgrade_url).toStartWith("http://plaudit.test/app/billing");
  });

  test("a revoked key is refused at once", async () => {
    const key = a.key("test", []);
    expect((await t.call("GET", "/v1/brands", { auth: key })).status).toBe(200);
    const list = await t.call("GET", "/v1/api-keys", { auth: a.owner, mode: "test" });
    const id = list.body.data.find((k: any) => key.endsWith(k.last4) && k.revoked_at === null).id;
    expect((await t.call("DELETE", `/v1/api-keys/${id}`, { auth: a.owner, mode: "test" })).status).toBe(200);
    expect((await t.call("GET", "/v1/brands", { auth: key })).status).toBe(401);
  });
});

describe("submission_count", () => {
  test("counts the brand's own testimonials, in the list and on the brand, and no other brand's", async () => {
    const brand = await brandId(b, "live");
    const rows = [1, 2, 3].map((i) => ({ text: `Counted review ${i}: quick and kind.` }));
    const imported = await t.call("POST", "/v1/imports", {
      auth: b.liveKey,
      body: { brand_id: brand, source: { name: "Google" }, attested: true, rows },
    });
    expect(imported.status).toBe(201);
    const list = await t.call("GET", "/v1/brands", { auth: b.liveKey });
    expect(list.body.data.find((x: any) => x.id === brand).submission_count).toBe(3);
    expect((await t.call("GET", `/v1/brands/${brand}`, { auth: b.liveKey })).body.submission_count).toBe(3);
    // Another organisation's brand and this organisation's sandbox brand count nothing of these.
    expect((await t.call("GET", "/v1/brands", { auth: a.liveKey })).body.data[0].submission_count).toBe(0);
    expect((await t.call("GET", "/v1/brands", { auth: b.testKey })).body.data[0].submission_count).toBe(0);
  }, 30_000);
});

describe("PATCH /v1/brands/{id}", () => {
  test("changes slug and is_public; the wall address follows", async () => {
    const id = await brandId(a, "live");
    const r = await t.call("PATCH", `/v1/brands/${id}`, {
      auth: a.liveKey,
      body: { slug: "acme-wall", is_public: true },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      slug: "acme-wall",
      is_public: true,
      public_wall_url: "http://plaudit.test/b/acme-wall",
    });
  });

  test("a slug another live brand has is 409 slug_taken", async () => {
    const id = await brandId(b, "live");
    const r = await t.call("PATCH", `/v1/brands/${id}`, { auth: b.liveKey, body: { slug: "acme-wall" } });
    expect(r.status).toBe(409);
    expect(r.body.error).toMatchObject({ code: "slug_taken", details: { field: "slug" } });
  });

  const bad: [string, unknown, string][] = [
    ["uppercase slug", { slug: "Acme" }, "slug"],
    ["too short slug", { slug: "ab" }, "slug"],
    ["reserved slug", { slug: "admin" }, "slug"],
    ["is_public not boolean", { is_public: "yes" }, "is_public"],
    ["unknown field", { owner: "x" }, ""],
    ["bad colour", { color: "red" }, "color"],
  ];
  for (const [name, body, field] of bad) {
    test(`refuses ${name} with 400`, async () => {
      const id = await brandId(a, "test");
      const r = await t.call("PATCH", `/v1/brands/${id}`, { auth: a.testKey, body });
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe("validation_failed");
      if (field) expect(JSON.stringify(r.body.error.details)).toContain(field);
    });
  }

  test("invalid JSON is 400, not 500", async () => {
    const id = await brandId(a, "test");
    const r = await t.call("PATCH", `/v1/brands/${id}`, {
      auth: a.testKey,
      body: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(r.status).toBe(400);
  });

  test("another organisation's brand and another mode's brand are 404", async () => {
    const other = await brandId(b, "test");
    expect((await t.call("PATCH", `/v1/brands/${other}`, { auth: a.testKey, body: { is_public: true } })).status).toBe(
      404,
    );
    const live = await brandId(a, "live");
    const r = await t.call("GET", `/v1/brands/${live}`, { auth: a.testKey });
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe("not_found");
  });

  test("a member may not change brands (role), an admin may", async () => {
    const member = await a.member("member");
    const id = await brandId(a, "live");
    expect((await t.call("PATCH", `/v1/brands/${id}`, { auth: member, body: { name: "X" } })).status).toBe(403);
    const admin = await a.member("admin");
    expect((await t.call("PATCH", `/v1/brands/${id}`, { auth: admin, body: { name: "Acme Co" } })).status).toBe(200);
  });

  test("a session without the CSRF header cannot change anything", async () => {
    const id = await brandId(a, "live");
    const res = await t.app.handle(
      new Request(`${t.base}/v1/brands/${id}`, {
        method: "PATCH",
        headers: { cookie: a.owner.cookie, "content-type": "application/json" },
        body: JSON.stringify({ name: "Evil" }),
      }),
    );
    expect(res.status).toBe(403);
  });
});

describe("POST /v1/brands and the brands allowance", () => {
  test("Core allows 10 live brands; the 11th is 402", async () => {
    const c = await t.org({ plan: "core" });
    for (let i = 0; i < 9; i++)
      expect((await t.call("POST", "/v1/brands", { auth: c.liveKey, body: { name: `Brand ${i}` } })).status).toBe(201);
    const r = await t.call("POST", "/v1/brands", { auth: c.liveKey, body: { name: "One too many" } });
    expect(r.status).toBe(402);
    expect(r.body.error.limit).toMatchObject({ name: "brands", plan: "core", upgrade_plan: "plus" });
  });
});
