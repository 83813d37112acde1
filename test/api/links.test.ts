/** Scenario table for collect links: idempotent creation, validation, pause/close, other org/mode 404, paging. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";

let t: TestApp;
let a: TestOrg;
let b: TestOrg;
let brandTest: string;
let brandLive: string;

const body = {
  title: "Tell us about Acme",
  prompts: [{ text: "What changed for you?", max_seconds: 90 }],
  consent_text: "I agree that Acme may publish my testimonial.",
  consent_version: "2026-11-01",
};

beforeAll(async () => {
  t = await makeTestApp();
  a = await t.org();
  b = await t.org();
  brandTest = (await t.call("GET", "/v1/brands", { auth: a.testKey })).body.data[0].id;
  brandLive = (await t.call("GET", "/v1/brands", { auth: a.liveKey })).body.data[0].id;
});
afterAll(() => t.close());

describe("POST /v1/brands/{id}/links", () => {
  test("creates a link with the contract's fields", async () => {
    const r = await t.call("POST", `/v1/brands/${brandTest}/links`, { auth: a.testKey, body });
    expect(r.status).toBe(201);
    expect(r.body.id).toMatch(/^lnk_/);
    expect(r.body).toMatchObject({
      title: body.title,
      is_active: true,
      closed_reason: null,
      consent_text: body.consent_text,
      consent_version: "2026-11-01",
      brand_id: brandTest,
    });
    expect(r.body.url).toBe(`http://plaudit.test/c/${r.body.id}`);
    expect(r.body.prompts[0]).toMatchObject({ text: "What changed for you?", max_seconds: 90 });
    expect(r.body.prompts[0].id).toBeString();
  });

  test("the same Idempotency-Key twice makes one link and the same answer", async () => {
    const headers = { "idempotency-key": "k-123" };
    const [r1, r2] = await Promise.all([
      t.call("POST", `/v1/brands/${brandTest}/links`, { auth: a.testKey, body, headers }),
      t.call("POST", `/v1/brands/${brandTest}/links`, { auth: a.testKey, body, headers }),
    ]);
    expect(r1.body.id).toBe(r2.body.id);
    const list = await t.call("GET", `/v1/brands/${brandTest}/links?limit=100`, { auth: a.testKey });
    expect(list.body.data.filter((l: any) => l.id === r1.body.id)).toHaveLength(1);
  });

  test("the same key with another body is 409", async () => {
    const headers = { "idempotency-key": "k-456" };
    await t.call("POST", `/v1/brands/${brandTest}/links`, { auth: a.testKey, body, headers });
    const r = await t.call("POST", `/v1/brands/${brandTest}/links`, {
      auth: a.testKey,
      body: { ...body, title: "Other" },
      headers,
    });
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe("idempotency_key_reused");
  });

  test("the same key in another org is independent", async () => {
    const brandB = (await t.call("GET", "/v1/brands", { auth: b.testKey })).body.data[0].id;
    const headers = { "idempotency-key": "k-123" };
    const r = await t.call("POST", `/v1/brands/${brandB}/links`, { auth: b.testKey, body, headers });
    expect(r.status).toBe(201);
    expect(r.body.brand_id).toBe(brandB);
  });

  const bad: [string, Record<string, unknown>, string][] = [
    ["no title", { ...body, title: undefined }, "title"],
    ["empty prompts", { ...body, prompts: [] }, "prompts"],
    ["max_seconds too long", { ...body, prompts: [{ text: "x", max_seconds: 601 }] }, "prompts[0].max_seconds"],
    ["max_seconds not whole", { ...body, prompts: [{ text: "x", max_seconds: 30.5 }] }, "prompts[0].max_seconds"],
    ["no consent text", { ...body, consent_text: "" }, "consent_text"],
    ["no consent version", { ...body, consent_version: undefined }, "consent_version"],
    ["11 prompts", { ...body, prompts: Array.from({ length: 11 }, () => ({ text: "q" })) }, "prompts"],
  ];
  for (const [name, input, field] of bad) {
    test(`refuses ${name} with 400 naming ${field}`, async () => {
      const r = await t.call("POST", `/v1/brands/${brandTest}/links`, { auth: a.testKey, body: input });
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe("validation_failed");
      expect(r.body.error.details.field).toBe(field);
    });
  }

  test("another mode's brand and another org's brand are 404", async () => {
    expect((await t.call("POST", `/v1/brands/${brandLive}/links`, { auth: a.testKey, body })).status).toBe(404);
    expect((await t.call("POST", `/v1/brands/${brandTest}/links`, { auth: b.testKey, body })).status).toBe(404);
  });

  test("a key without brands:write is 403; a member may create links", async () => {
    const r = await t.call("POST", `/v1/brands/${brandTest}/links`, { auth: a.key("test", ["brands:read"]), body });
    expect(r.status).toBe(403);
    expect(r.body.error.details.required_scope).toBe("brands:write");
    const member = await a.member("member");
    expect((await t.call("POST", `/v1/brands/${brandLive}/links`, { auth: member, body })).status).toBe(201);
  });
});

describe("PATCH /v1/links/{id}", () => {
  test("pausing sets is_active false with reason paused; resuming clears it", async () => {
    const link = (await t.call("POST", `/v1/brands/${brandTest}/links`, { auth: a.testKey, body })).body;
    const paused = await t.call("PATCH", `/v1/links/${link.id}`, { auth: a.testKey, body: { is_active: false } });
    expect(paused.body).toMatchObject({ is_active: false, closed_reason: "paused" });
    const closed = await t.call("PATCH", `/v1/links/${link.id}`, {
      auth: a.testKey,
      body: { closed_reason: "closed" },
    });
    expect(closed.body).toMatchObject({ is_active: false, closed_reason: "closed" });
    const resumed = await t.call("PATCH", `/v1/links/${link.id}`, { auth: a.testKey, body: { is_active: true } });
    expect(resumed.body).toMatchObject({ is_active: true, closed_reason: null });
  });

  test("editing prompts keeps the ids of prompts that stay", async () => {
    const link = (await t.call("POST", `/v1/brands/${brandTest}/links`, { auth: a.testKey, body })).body;
    const keep = link.prompts[0];
    const r = await t.call("PATCH", `/v1/links/${link.id}`, {
      auth: a.testKey,
      body: { prompts: [keep, { text: "Anything else?" }] },
    });
    expect(r.body.prompts[0].id).toBe(keep.id);
    expect(r.body.prompts[1]).toMatchObject({ text: "Anything else?", max_seconds: 120 });
  });

  test("an unknown reason is 400; another org's link is 404", async () => {
    const link = (await t.call("POST", `/v1/brands/${brandTest}/links`, { auth: a.testKey, body })).body;
    expect(
      (await t.call("PATCH", `/v1/links/${link.id}`, { auth: a.testKey, body: { closed_reason: "gone" } })).status,
    ).toBe(400);
    expect((await t.call("PATCH", `/v1/links/${link.id}`, { auth: b.testKey, body: { title: "x" } })).status).toBe(404);
    expect((await t.call("GET", `/v1/links/${link.id}`, { auth: a.liveKey })).status).toBe(404);
  });
});

describe("GET /v1/brands/{id}/links pagination", () => {
  test("pages never skip or repeat while links keep arriving", async () => {
    const brand = (await t.call("POST", "/v1/brands", { auth: a.testKey, body: { name: "Paging" } })).body.id;
    const made: string[] = [];
    for (let i = 0; i < 30; i++)
      made.push(
        (await t.call("POST", `/v1/brands/${brand}/links`, { auth: a.testKey, body: { ...body, title: `L${i}` } })).body
          .id,
      );
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const q: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : "";
      const r: any = await t.call("GET", `/v1/brands/${brand}/links?limit=7${q}`, { auth: a.testKey });
      expect(r.status).toBe(200);
      seen.push(...r.body.data.map((l: any) => l.id));
      cursor = r.body.next_cursor;
      // Arrivals during paging land before the first page, never in unread pages.
      await Promise.all(
        [1, 2].map(() =>
          t.call("POST", `/v1/brands/${brand}/links`, { auth: a.testKey, body: { ...body, title: "new" } }),
        ),
      );
      pages++;
    } while (cursor);
    expect(pages).toBe(5);
    expect(seen).toEqual([...made].reverse());
  });

  test("a cursor used with another brand's list is refused", async () => {
    const r = await t.call("GET", `/v1/brands/${brandTest}/links?limit=1`, { auth: a.testKey });
    expect(r.body.next_cursor).toBeString();
    const other = (await t.call("POST", "/v1/brands", { auth: a.testKey, body: { name: "Other" } })).body.id;
    const bad = await t.call("GET", `/v1/brands/${other}/links?cursor=${encodeURIComponent(r.body.next_cursor)}`, {
      auth: a.testKey,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("invalid_cursor");
  });
});
