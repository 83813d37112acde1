/**
 * Contract, to the letter, for lists (issue 13): `GET /public/walls` lists every public brand (not a first page of
 * 25); `GET /v1/imports` and `GET /v1/reels/music` answer the page envelope `{data, next_cursor}` like every list,
 * with `next_cursor` null since neither has a next page. The OpenAPI document says so too.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";

let t: TestApp;
let a: TestOrg;
const BRANDS = 30;

beforeAll(async () => {
  t = await makeTestApp();
  a = await t.org({ plan: "plus" });
  for (let i = 0; i < BRANDS; i++) {
    const b = await t.call("POST", "/v1/brands", { auth: a.liveKey, body: { name: `Listed Brand ${i}` } });
    expect(b.status).toBe(201);
    expect(
      (await t.call("PATCH", `/v1/brands/${b.body.id}`, { auth: a.liveKey, body: { is_public: true } })).status,
    ).toBe(200);
  }
  await t.call("POST", "/v1/brands", { auth: a.liveKey, body: { name: "Private Brand" } });
});
afterAll(() => t.close());

describe("GET /public/walls", () => {
  test("lists every public brand in one answer, more than a default page of 25", async () => {
    const r = await t.call("GET", "/public/walls");
    expect(r.status).toBe(200);
    const slugs = r.body.data.map((w: any) => w.slug);
    expect(slugs.filter((s: string) => s.startsWith("listed-brand-"))).toHaveLength(BRANDS);
    expect(slugs).not.toContain("private-brand");
    expect(r.body.next_cursor).toBeNull();
  });
});

describe("the page envelope on every list", () => {
  test("GET /v1/imports answers {data, next_cursor: null}", async () => {
    const brand = (await t.call("GET", "/v1/brands", { auth: a.liveKey })).body.data[0].id;
    const imp = await t.call("POST", "/v1/imports", {
      auth: a.liveKey,
      body: {
        brand_id: brand,
        source: { name: "Google" },
        attested: true,
        rows: [{ text: "A fine imported review." }],
      },
    });
    expect(imp.status).toBe(201);
    const r = await t.call("GET", "/v1/imports", { auth: a.liveKey });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(["data", "next_cursor"]);
    expect(r.body.next_cursor).toBeNull();
    expect(r.body.data[0].id).toBe(imp.body.import_id);
  });

  test("GET /v1/reels/music answers {data, next_cursor: null}", async () => {
    const r = await t.call("GET", "/v1/reels/music", { auth: a.liveKey });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(["data", "next_cursor"]);
    expect(r.body.next_cursor).toBeNull();
    expect(r.body.data.length).toBeGreaterThan(0);
    for (const track of r.body.data) expect(track.track_id).toBeString();
  });

  test("the OpenAPI document gives the three lists the page envelope of their own rows", async () => {
    const doc = (await t.call("GET", "/v1/openapi.json")).body;
    const rowKeys: Record<string, string> = {
      "/public/walls": "testimonials",
      "/v1/imports": "attestation_text",
      "/v1/reels/music": "preview_url",
    };
    for (const [path, key] of Object.entries(rowKeys)) {
      const schema = doc.paths[path].get.responses["200"].content["application/json"].schema;
      expect({ path, required: schema.required }).toEqual({ path, required: ["data", "next_cursor"] });
      expect({ path, row: Object.keys(schema.properties.data.items.properties) }).toEqual({
        path,
        row: expect.arrayContaining([key]),
      });
    }
  });
});
