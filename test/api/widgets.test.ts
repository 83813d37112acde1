/**
 * Widget routes, scenario by scenario through app.handle: create (defaults, snippet, addresses), list, read,
 * change (only the given `fields` keys), delete, preview; 401, 403 (scope), 404 (other org, other mode), 400
 * for bad input, and 402 with `limit.upgrade_url` when a Free plan switches the attribution off.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { makeLink, writeTestimonial } from "../helpers/testimonials";

let t: TestApp;
let a: TestOrg;
let b: TestOrg;
let brandA: string;
let brandB: string;

beforeAll(async () => {
  t = await makeTestApp();
  a = await t.org();
  b = await t.org();
  brandA = (await t.call("GET", "/v1/brands", { auth: a.liveKey })).body.data[0].id;
  brandB = (await t.call("GET", "/v1/brands", { auth: b.liveKey })).body.data[0].id;
});
afterAll(() => t.close());

const create = (body: Record<string, unknown>, auth: string | TestOrg["owner"] = a.liveKey) =>
  t.call("POST", "/v1/widgets", { auth, body: { brand_id: brandA, ...body } });

describe("create and read", () => {
  test("only brand_id is required; defaults, snippet, height and addresses come back", async () => {
    const r = await create({});
    expect(r.status).toBe(201);
    const w = r.body;
    expect(w.id).toMatch(/^wgt_[0-9a-z]{26}$/);
    expect(w).toMatchObject({
      brand_id: brandA,
      name: "Wall",
      layout: "wall",
      theme: "light",
      accent_color: "#4f46e5",
      accent_color_from_brand: true,
      selection: "automatic",
      tag_ids: [],
      min_rating: null,
      submission_ids: [],
      max_items: 12,
      show_attribution: false,
      height: 640,
      published_at: null,
      mode: "live",
      fields: { avatar: true, name: true, title: true, company: true, rating: true, date: true },
      script_url: "http://plaudit.test/cdn/widget.js",
      document_url: `http://plaudit.test/cdn/widgets/${w.id}.json`,
    });
    expect(w.snippet).toBe(
      `<div data-svc-widget="${w.id}" style="height:640px"></div>\n<script async src="http://plaudit.test/cdn/widget.js"></script>`,
    );
    const got = await t.call("GET", `/v1/widgets/${w.id}`, { auth: a.liveKey });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(w);
  });

  test("every setting is taken as sent", async () => {
    const r = await create({
      name: "Homepage",
      layout: "carousel",
      theme: "auto",
      accent_color: "#FF6600",
      min_rating: 4,
      max_items: 50,
      fields: { date: false },
      show_attribution: false,
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      name: "Homepage",
      layout: "carousel",
      theme: "auto",
      accent_color: "#FF6600",
      min_rating: 4,
      max_items: 50,
      show_attribution: false,
      height: 420,
    });
    expect(r.body.fields).toEqual({ avatar: true, name: true, title: true, company: true, rating: true, date: false });
  });

  test("manual picks must be the brand's testimonials; tags must be the org's", async () => {
    const link = await makeLink(t, a.liveKey);
    const mine = await writeTestimonial(t, link.id, "A testimonial of brand A, long enough.");
    const linkB = await makeLink(t, b.liveKey);
    const theirs = await writeTestimonial(t, linkB.id, "A testimonial of brand B, long enough.");
    const tag = (await t.call("POST", "/v1/tags", { auth: a.liveKey, body: { name: "homepage" } })).body;
    const tagB = (await t.call("POST", "/v1/tags", { auth: b.liveKey, body: { name: "homepage" } })).body;
    expect((await create({ selection: "manual", submission_ids: [mine], tag_ids: [tag.id] })).status).toBe(201);
    const bad = await create({ selection: "manual", submission_ids: [mine, theirs] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.field).toBe("submission_ids[1]");
    const badTag = await create({ tag_ids: [tagB.id] });
    expect(badTag.status).toBe(400);
    expect(badTag.body.error.details.field).toBe("tag_ids[0]");
  });

  const invalid: [string, Record<string, unknown>][] = [
    ["no brand_id", { brand_id: undefined }],
    ["max_items above 50", { max_items: 51 }],
    ["max_items of 0", { max_items: 0 }],
    ["a fractional max_items", { max_items: 2.5 }],
    ["an unknown layout", { layout: "grid" }],
    ["an unknown theme", { theme: "neon" }],
    ["a colour name", { accent_color: "red" }],
    ["an unknown selection", { selection: "random" }],
    ["min_rating 6", { min_rating: 6 }],
    ["an unknown field key", { fields: { avatar: true, shoe_size: false } }],
    ["a non-boolean field", { fields: { name: "no" } }],
    ["an unknown setting", { colour: "#ffffff" }],
    ["duplicate picks", { submission_ids: ["sub_1", "sub_1"] }],
    ["51 picks", { submission_ids: Array.from({ length: 51 }, (_, i) => `sub_${i}`) }],
    ["an empty name", { name: "" }],
    ["a string show_attribution", { show_attribution: "no" }],
  ];
  for (const [name, body] of invalid) {
    test(`refuses ${name} (400)`, async () => {
      const r = await t.call("POST", "/v1/widgets", { auth: a.liveKey, body: { brand_id: brandA, ...body } });
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe("validation_failed");
      expect(
        (await t.call("POST", "/v1/widgets/preview", { auth: a.liveKey, body: { brand_id: brandA, ...body } })).status,
      ).toBe(400);
    });
  }

  test("malformed JSON is 400 invalid_body", async () => {
    const r = await t.call("POST", "/v1/widgets", { auth: a.liveKey, body: "{nope" });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe("invalid_body");
  });
});

describe("access", () => {
  test("401 without credentials, 403 without the scope, members may manage widgets", async () => {
    const w = (await create({})).body;
    const noScope = a.key("live", ["brands:read", "submissions:write"]);
    const routes: [string, string, unknown?][] = [
      ["GET", `/v1/widgets?brand_id=${brandA}`],
      ["POST", "/v1/widgets", { brand_id: brandA }],
      ["GET", `/v1/widgets/${w.id}`],
      ["PATCH", `/v1/widgets/${w.id}`, { theme: "dark" }],
      ["POST", "/v1/widgets/preview", { brand_id: brandA }],
      ["DELETE", `/v1/widgets/${w.id}`],
    ];
    for (const [method, path, body] of routes) {
      const anon = await t.call(method, path, { body });
      expect([method, path, anon.status]).toEqual([method, path, 401]);
      expect(anon.body.error.code).toBe("unauthorized");
      const scoped = await t.call(method, path, { auth: noScope, body });
      expect([method, path, scoped.status]).toEqual([method, path, 403]);
      expect(scoped.body.error.details.required_scope).toBe("widgets:manage");
    }
    const member = await a.member("member");
    expect((await t.call("PATCH", `/v1/widgets/${w.id}`, { auth: member, body: { theme: "dark" } })).status).toBe(200);
    expect((await t.call("GET", `/v1/widgets/${w.id}`, { auth: a.key("live", ["widgets:manage"]) })).status).toBe(200);
  });

  test("another organisation's or another mode's widget and brand are 404", async () => {
    const w = (await create({})).body;
    for (const auth of [b.liveKey, a.testKey]) {
      for (const [method, body] of [["GET"], ["PATCH", { theme: "dark" }], ["DELETE"]] as const) {
        const r = await t.call(method, `/v1/widgets/${w.id}`, { auth, body });
        expect([method, r.status, r.body.error.code]).toEqual([method, 404, "not_found"]);
      }
      expect((await t.call("GET", `/v1/widgets?brand_id=${brandA}`, { auth })).status).toBe(404);
      expect((await t.call("POST", "/v1/widgets", { auth, body: { brand_id: brandA } })).status).toBe(404);
      expect((await t.call("POST", "/v1/widgets/preview", { auth, body: { brand_id: brandA } })).status).toBe(404);
    }
    expect((await t.call("GET", "/v1/widgets/wgt_nothing", { auth: a.liveKey })).status).toBe(404);
  });
});

describe("list", () => {
  test("a brand's widgets newest first, paged; filters and cursors are checked", async () => {
    const org = await t.org();
    const brand = (await t.call("GET", "/v1/brands", { auth: org.liveKey })).body.data[0].id;
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push(
        (await t.call("POST", "/v1/widgets", { auth: org.liveKey, body: { brand_id: brand, name: `W${i}` } })).body.id,
      );
    const p1 = await t.call("GET", `/v1/widgets?brand_id=${brand}&limit=2`, { auth: org.liveKey });
    expect(p1.status).toBe(200);
    expect(p1.body.data.map((w: any) => w.id)).toEqual([ids[2], ids[1]]);
    expect(p1.body.data[0].snippet).toContain(ids[2]);
    const p2 = await t.call("GET", `/v1/widgets?brand_id=${brand}&limit=2&cursor=${p1.body.next_cursor}`, {
      auth: org.liveKey,
    });
    expect(p2.body).toEqual({ data: [expect.objectContaining({ id: ids[0] })], next_cursor: null });
    expect(
      (await t.call("GET", `/v1/widgets?limit=2&cursor=${p1.body.next_cursor}`, { auth: org.liveKey })).body.error.code,
    ).toBe("invalid_cursor");
    expect((await t.call("GET", "/v1/widgets", { auth: org.liveKey })).body.data).toHaveLength(3);
    expect((await t.call("GET", "/v1/widgets", { auth: org.testKey })).body.data).toHaveLength(0);
    for (const q of ["limit=0", "limit=101", "limit=x"])
      expect((await t.call("GET", `/v1/widgets?${q}`, { auth: org.liveKey })).status).toBe(400);
  });
});

describe("change and delete", () => {
  test("PATCH changes only what is sent; within fields, only the given keys", async () => {
    const w = (await create({ fields: { date: false }, min_rating: 3 })).body;
    const r = await t.call("PATCH", `/v1/widgets/${w.id}`, {
      auth: a.liveKey,
      body: { fields: { name: false }, theme: "dark" },
    });
    expect(r.status).toBe(200);
    expect(r.body.fields).toEqual({ avatar: true, name: false, title: true, company: true, rating: true, date: false });
    expect(r.body).toMatchObject({ theme: "dark", min_rating: 3, layout: "wall", name: w.name });
    const cleared = await t.call("PATCH", `/v1/widgets/${w.id}`, {
      auth: a.liveKey,
      body: { min_rating: null, accent_color: "#112233" },
    });
    expect(cleared.body).toMatchObject({ min_rating: null, accent_color: "#112233" });
    expect((await t.call("PATCH", `/v1/widgets/${w.id}`, { auth: a.liveKey, body: { brand_id: brandB } })).status).toBe(
      400,
    );
    expect((await t.call("PATCH", `/v1/widgets/${w.id}`, { auth: a.liveKey, body: { max_items: 51 } })).status).toBe(
      400,
    );
  });

  test("a layout change changes the height and snippet; the attribute, script and document addresses stay", async () => {
    const w = (await create({})).body;
    const r = (await t.call("PATCH", `/v1/widgets/${w.id}`, { auth: a.liveKey, body: { layout: "avatars" } })).body;
    expect(r.height).toBe(96);
    expect(r.snippet).toContain('style="height:96px"');
    expect(r.snippet).not.toBe(w.snippet);
    expect(r.snippet).toContain(`data-svc-widget="${w.id}"`);
    expect([r.script_url, r.document_url]).toEqual([w.script_url, w.document_url]);
  });

  test("DELETE answers {id, deleted}; a second delete and a read are 404", async () => {
    const w = (await create({})).body;
    expect((await t.call("DELETE", `/v1/widgets/${w.id}`, { auth: a.liveKey })).body).toEqual({
      id: w.id,
      deleted: true,
    });
    expect((await t.call("GET", `/v1/widgets/${w.id}`, { auth: a.liveKey })).status).toBe(404);
    expect((await t.call("DELETE", `/v1/widgets/${w.id}`, { auth: a.liveKey })).status).toBe(404);
  });
});

describe("plan: attribution", () => {
  test("Free refuses show_attribution false with 402 and limit.upgrade_url, on create, change and preview", async () => {
    const free = await t.org({ plan: "free" });
    const brand = (await t.call("GET", "/v1/brands", { auth: free.owner })).body.data[0].id;
    const checks = [
      await t.call("POST", "/v1/widgets", { auth: free.owner, body: { brand_id: brand, show_attribution: false } }),
      await t.call("POST", "/v1/widgets/preview", {
        auth: free.owner,
        body: { brand_id: brand, show_attribution: false },
      }),
    ];
    const w = await t.call("POST", "/v1/widgets", { auth: free.owner, body: { brand_id: brand } });
    expect(w.status).toBe(201);
    checks.push(
      await t.call("PATCH", `/v1/widgets/${w.body.id}`, { auth: free.owner, body: { show_attribution: false } }),
    );
    for (const r of checks) {
      expect(r.status).toBe(402);
      expect(r.body.error.code).toBe("plan_limit_exceeded");
      expect(r.body.error.limit).toMatchObject({
        name: "remove_attribution",
        plan: "free",
        upgrade_plan: "starter",
        upgrade_url: "http://plaudit.test/app/billing?upgrade=starter",
      });
    }
    expect(
      (
        await t.call("PATCH", `/v1/widgets/${w.body.id}`, {
          auth: free.owner,
          body: { show_attribution: true, theme: "dark" },
        })
      ).status,
    ).toBe(200);
    const starter = await t.org({ plan: "starter" });
    const sb = (await t.call("GET", "/v1/brands", { auth: starter.owner })).body.data[0].id;
    expect(
      (await t.call("POST", "/v1/widgets", { auth: starter.owner, body: { brand_id: sb, show_attribution: false } }))
        .status,
    ).toBe(201);
  });
});

describe("preview", () => {
  test("answers the document a draft would publish and saves nothing", async () => {
    const before = (await t.call("GET", `/v1/widgets?brand_id=${brandA}&limit=100`, { auth: a.liveKey })).body.data
      .length;
    const r = await t.call("POST", "/v1/widgets/preview", {
      auth: a.liveKey,
      body: { brand_id: brandA, layout: "single", theme: "dark", fields: { rating: false } },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      version: 1,
      widget_id: null,
      layout: "single",
      theme: "dark",
      accent_color: "#4f46e5",
      attribution: false,
      brand_name: expect.any(String),
      items: expect.any(Array),
    });
    expect(r.body.fields.rating).toBe(false);
    expect(r.body.generated_at).toBe(new Date(t.clock.now()).toISOString());
    expect(
      (await t.call("GET", `/v1/widgets?brand_id=${brandA}&limit=100`, { auth: a.liveKey })).body.data.length,
    ).toBe(before);
  });
});
