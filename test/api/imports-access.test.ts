/**
 * Who may import and list imports, across organisations and modes (contract section 4 Imports, section 5); what
 * the import record stores (wording, sender, time) and the audit entry; `GET /v1/imports` lists the latest 50.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type Session, type TestApp, type TestOrg } from "../helpers/app";
import { listAudit } from "../../src/platform/audit/audit";
import { ATTESTATION_TEXT } from "../../src/domains/imports";

let t: TestApp;
let a: TestOrg;
let b: TestOrg;
let liveBrand: string;
let testBrand: string;
let otherBrand: string;

beforeAll(async () => {
  t = await makeTestApp();
  a = await t.org({ plan: "core" });
  b = await t.org({ plan: "core" });
  liveBrand = (await t.call("GET", "/v1/brands", { auth: a.liveKey })).body.data[0].id;
  testBrand = (await t.call("GET", "/v1/brands", { auth: a.testKey })).body.data[0].id;
  otherBrand = (await t.call("GET", "/v1/brands", { auth: b.liveKey })).body.data[0].id;
});
afterAll(() => t.close());

let n = 0;
const body = (brand_id: string) => ({
  brand_id,
  source: { name: "Google" },
  attested: true,
  rows: [{ text: `Access review ${++n}` }],
});

describe("POST /v1/imports: who may import", () => {
  const cases: [
    string,
    () => Promise<{ auth?: string | Session; brand: string; mode?: "live" | "test" }>,
    number,
    string?,
  ][] = [
    ["no credentials", async () => ({ brand: liveBrand }), 401, "unauthorized"],
    [
      "a made-up key",
      async () => ({ auth: "rk_live_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", brand: liveBrand }),
      401,
      "unauthorized",
    ],
    [
      "a key with only submissions:read",
      async () => ({ auth: a.key("live", ["submissions:read"]), brand: liveBrand }),
      403,
      "forbidden",
    ],
    [
      "a key with only brands:write",
      async () => ({ auth: a.key("live", ["brands:write"]), brand: liveBrand }),
      403,
      "forbidden",
    ],
    [
      "a key with submissions:write",
      async () => ({ auth: a.key("live", ["submissions:write"]), brand: liveBrand }),
      201,
    ],
    ["a key with every scope", async () => ({ auth: a.liveKey, brand: liveBrand }), 201],
    ["a test key into the sandbox brand", async () => ({ auth: a.testKey, brand: testBrand }), 201],
    ["a test key into the live brand", async () => ({ auth: a.testKey, brand: liveBrand }), 404, "not_found"],
    ["a live key into the sandbox brand", async () => ({ auth: a.liveKey, brand: testBrand }), 404, "not_found"],
    ["another organisation's brand", async () => ({ auth: a.liveKey, brand: otherBrand }), 404, "not_found"],
    [
      "a made-up brand id",
      async () => ({ auth: a.liveKey, brand: "brd_00000000000000000000000000" }),
      404,
      "not_found",
    ],
    ["a garbage brand id", async () => ({ auth: a.liveKey, brand: "'; DROP TABLE brands; --" }), 404, "not_found"],
    ["the owner's session", async () => ({ auth: a.owner, brand: liveBrand }), 201],
    ["the owner's session in test mode", async () => ({ auth: a.owner, brand: testBrand, mode: "test" }), 201],
    ["an admin's session", async () => ({ auth: await a.member("admin"), brand: liveBrand }), 201],
    ["a member's session", async () => ({ auth: await a.member("member"), brand: liveBrand }), 403, "forbidden"],
  ];
  for (const [name, make, status, code] of cases) {
    test(`${name} → ${status}`, async () => {
      const { auth, brand, mode } = await make();
      const r = await t.call("POST", "/v1/imports", { auth, body: body(brand), mode });
      expect(r.status).toBe(status);
      if (code) expect(r.body.error.code).toBe(code);
      else expect(r.body.origin).toBe("imported");
    });
  }

  test("a session without the CSRF header is refused", async () => {
    const r = await t.call("POST", "/v1/imports", {
      body: body(liveBrand),
      headers: { cookie: a.owner.cookie, "x-svc-org": a.id },
    });
    expect(r.status).toBe(403);
  });

  test("API keys of a Free or Starter organisation get 402 api_access; their sessions may import", async () => {
    const free = await t.org({ plan: "starter" });
    const brand = (await t.call("GET", "/v1/brands", { auth: free.owner })).body.data[0].id;
    const byKey = await t.call("POST", "/v1/imports", { auth: free.liveKey, body: body(brand) });
    expect(byKey.status).toBe(402);
    expect(byKey.body.error.limit.name).toBe("api_access");
    expect((await t.call("POST", "/v1/imports", { auth: free.owner, body: body(brand) })).status).toBe(201);
  });
});

describe("the import record and the audit log", () => {
  test("a key's import stores the wording, the key and the time, and is audited", async () => {
    t.clock.advance(60_000);
    const key = a.key("live", ["submissions:write", "submissions:read"]);
    const r = await t.call("POST", "/v1/imports", {
      auth: key,
      body: { ...body(liveBrand), source: { name: "Trustpilot", url: "https://trustpilot.com/acme" } },
    });
    const list = await t.call("GET", "/v1/imports", { auth: key });
    const record = list.body.data.find((x: any) => x.id === r.body.import_id);
    expect(record).toEqual({
      id: r.body.import_id,
      brand_id: liveBrand,
      source: { name: "Trustpilot", url: "https://trustpilot.com/acme" },
      created_count: 1,
      duplicate_count: 0,
      duplicate_rows: [],
      attestation_text: ATTESTATION_TEXT,
      attested_by_user_id: null,
      api_key_id: expect.stringMatching(/^key_/),
      mode: "live",
      created_at: new Date(t.clock.now()).toISOString(),
    });
    const entry = listAudit(t.deps.db, a.id).find((e) => e.targetId === r.body.import_id)!;
    expect(entry).toMatchObject({
      action: "import.created",
      apiKeyId: record.api_key_id,
      userId: null,
      mode: "live",
      details: { brand_id: liveBrand, source_name: "Trustpilot", rows: 1, created: 1, duplicates: 0 },
    });
  });

  test("a member's import stores who attested", async () => {
    const r = await t.call("POST", "/v1/imports", { auth: a.owner, body: body(liveBrand) });
    const list = await t.call("GET", "/v1/imports", { auth: a.owner });
    const record = list.body.data.find((x: any) => x.id === r.body.import_id);
    expect(record.attested_by_user_id).toMatch(/^usr_/);
    expect(record.api_key_id).toBeNull();
    expect(listAudit(t.deps.db, a.id).find((e) => e.targetId === r.body.import_id)).toMatchObject({
      userId: record.attested_by_user_id,
      action: "import.created",
    });
  });

  test("a refused import leaves no record and no audit entry", async () => {
    const before = (await t.call("GET", "/v1/imports", { auth: a.liveKey })).body.data.length;
    const audits = listAudit(t.deps.db, a.id, { limit: 500 }).length;
    expect(
      (await t.call("POST", "/v1/imports", { auth: a.liveKey, body: { ...body(liveBrand), attested: false } })).status,
    ).toBe(400);
    expect((await t.call("POST", "/v1/imports", { auth: a.liveKey, body: body(otherBrand) })).status).toBe(404);
    expect((await t.call("GET", "/v1/imports", { auth: a.liveKey })).body.data.length).toBe(before);
    expect(listAudit(t.deps.db, a.id, { limit: 500 }).length).toBe(audits);
  });
});

describe("GET /v1/imports", () => {
  test("the latest 50, newest first, only of the org and mode; brand_id narrows", async () => {
    const c = await t.org({ plan: "plus" });
    const brand = (await t.call("GET", "/v1/brands", { auth: c.liveKey })).body.data[0].id;
    const second = (await t.call("POST", "/v1/brands", { auth: c.owner, body: { name: "Second" } })).body.id;
    const ids: string[] = [];
    for (let i = 0; i < 52; i++) {
      t.clock.advance(1000);
      ids.push(
        (await t.call("POST", "/v1/imports", { auth: c.liveKey, body: body(i % 2 ? second : brand) })).body.import_id,
      );
    }
    const list = await t.call("GET", "/v1/imports", { auth: c.liveKey });
    expect(list.status).toBe(200);
    expect(list.body.data.map((x: any) => x.id)).toEqual(ids.slice(-50).reverse());
    const narrowed = await t.call("GET", `/v1/imports?brand_id=${second}`, { auth: c.liveKey });
    expect(narrowed.body.data.map((x: any) => x.id)).toEqual(ids.filter((_, i) => i % 2).reverse());
    expect((await t.call("GET", "/v1/imports", { auth: c.testKey })).body.data).toEqual([]);
    expect(
      (await t.call("GET", "/v1/imports", { auth: b.liveKey })).body.data.some((x: any) => ids.includes(x.id)),
    ).toBe(false);
  });

  const cases: [string, () => { auth?: string | Session; path?: string }, number][] = [
    ["no credentials", () => ({}), 401],
    ["a key without submissions:read", () => ({ auth: a.key("live", ["submissions:write"]) }), 403],
    ["a key with submissions:read", () => ({ auth: a.key("live", ["submissions:read"]) }), 200],
    ["an unknown query parameter", () => ({ auth: a.liveKey, path: "/v1/imports?limit=10" }), 400],
  ];
  for (const [name, make, status] of cases) {
    test(`${name} → ${status}`, async () => {
      const { auth, path } = make();
      expect((await t.call("GET", path ?? "/v1/imports", { auth })).status).toBe(status);
    });
  }

  test("a member's session may read the list", async () => {
    expect((await t.call("GET", "/v1/imports", { auth: await a.member("member") })).status).toBe(200);
  });
});
