/**
 * Scenario tables for the public wall JSON routes: the contract's shape, pagination edges (no page, page 0, the
 * last page, beyond it, malformed numbers), unknown slug, private brand (the same 404, no hint), test-mode brand
 * (sandbox address, not indexable), erased testimonial, former slug (301), changes on the next request (and an
 * unannounced change within the read cache's two seconds),
 * the permalink route and `GET /public/walls`.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { appApi, publish, sampleTestimonials, sendWritten, wallBrand, type Api } from "../helpers/walls";
import { runDueJobs } from "../../src/platform/jobs/worker";
import { buildRegistry } from "../../src/composition";
import { eq } from "drizzle-orm";
import { submissions } from "../../src/domains/submissions";

let t: TestApp;
let a: TestOrg;
let b: TestOrg;
let api: Api;
let wall: Awaited<ReturnType<typeof wallBrand>>;
let ids: string[];
const TOTAL = 50;

const errorOf = (r: { body: any }) => ({ code: r.body.error.code, message: r.body.error.message });

beforeAll(async () => {
  t = await makeTestApp();
  a = await t.org({ name: "Acme Walls" });
  b = await t.org({ name: "Bravo Walls" });
  api = appApi(t, a.liveKey);
  wall = await wallBrand(api);
  ids = await sendWritten(api, wall.linkId, sampleTestimonials(TOTAL));
  // Approved oldest first, a second apart: the wall shows the last approved first.
  for (const id of ids) await publish(api, [id], () => t.clock.advance(1000));
});
afterAll(() => t.close());

describe("GET /public/walls/{slug}", () => {
  test("answers the contract's shape, newest approval first, with caching and CORS headers", async () => {
    const r = await t.call("GET", `/public/walls/${wall.slug}`);
    expect(r.status).toBe(200);
    // The contract's fields, plus `header` (docs/walls.md: intro, website and share link set on the brand).
    expect(Object.keys(r.body).sort()).toEqual([
      "brand",
      "header",
      "indexable",
      "page",
      "page_count",
      "page_size",
      "rating",
      "testimonial_count",
      "testimonials",
      "url",
      "wall_url",
    ]);
    expect(r.body).toMatchObject({
      wall_url: wall.wallUrl,
      url: wall.wallUrl,
      testimonial_count: TOTAL,
      indexable: true,
      page: 1,
      page_count: 3,
      page_size: 24,
    });
    expect(r.body.brand).toEqual({
      name: "Acme Walls",
      slug: wall.slug,
      logo_url: "http://plaudit.test/cdn/assets/default-logo.png",
      accent_color: "#4f46e5",
    });
    expect(r.body.testimonials).toHaveLength(24);
    expect(r.body.testimonials.map((x: any) => x.id)).toEqual([...ids].reverse().slice(0, 24));
    const first = r.body.testimonials[0];
    for (const key of [
      "id",
      "kind",
      "name",
      "title",
      "company",
      "rating",
      "date",
      "text",
      "video_url",
      "audio_url",
      "poster_url",
      "duration_ms",
      "language",
      "captions",
      "url",
    ])
      expect(first).toHaveProperty(key);
    expect(first.url).toBe(`${wall.wallUrl}/t/${first.id}`);
    expect(r.headers.get("cache-control")).toBe("public, max-age=30, s-maxage=60");
    expect(r.headers.get("access-control-allow-origin")).toBe("*");
  });

  test("the rating is computed over every shown testimonial that has one", async () => {
    const samples = sampleTestimonials(TOTAL).filter((s) => s.rating);
    const average = Math.round((samples.reduce((n, s) => n + s.rating!, 0) / samples.length) * 100) / 100;
    const r = await t.call("GET", `/public/walls/${wall.slug}`);
    expect(r.body.rating).toEqual({ average, count: samples.length });
  });

  const pages: [string, string, number, number | string][] = [
    ["no page", "", 200, 24],
    ["page 1", "?page=1", 200, 24],
    ["page 2", "?page=2", 200, 24],
    ["the last page", "?page=3", 200, 2],
    ["beyond the last page", "?page=4", 404, "not_found"],
    ["far beyond", "?page=999999", 404, "not_found"],
    ["page 0", "?page=0", 400, "validation_failed"],
    ["a negative page", "?page=-1", 400, "validation_failed"],
    ["a fraction", "?page=1.5", 400, "validation_failed"],
    ["a word", "?page=two", 400, "validation_failed"],
    ["a huge number", "?page=99999999999999", 400, "validation_failed"],
  ];
  for (const [name, query, status, expected] of pages) {
    test(`pagination: ${name} → ${status}`, async () => {
      const r = await t.call("GET", `/public/walls/${wall.slug}${query}`);
      expect(r.status).toBe(status);
      if (status === 200) expect(r.body.testimonials).toHaveLength(expected as number);
      else expect(r.body.error.code).toBe(expected as string);
    });
  }

  test("pages do not overlap and together hold every testimonial once, in order", async () => {
    const all: string[] = [];
    for (let p = 1; p <= 3; p++) {
      const r = await t.call("GET", `/public/walls/${wall.slug}?page=${p}`);
      expect(r.body.url).toBe(p === 1 ? wall.wallUrl : `${wall.wallUrl}?page=${p}`);
      all.push(...r.body.testimonials.map((x: any) => x.id));
    }
    expect(all).toEqual([...ids].reverse());
  });

  test("an unknown slug and a private brand get the same 404, with no hint", async () => {
    const priv = await wallBrand(appApi(t, b.liveKey), { isPublic: false });
    const privIds = await sendWritten(appApi(t, b.liveKey), priv.linkId, sampleTestimonials(2, "Private"));
    await publish(appApi(t, b.liveKey), privIds);
    const unknown = await t.call("GET", "/public/walls/no-such-wall");
    const hidden = await t.call("GET", `/public/walls/${priv.slug}`);
    const hiddenOne = await t.call("GET", `/public/walls/${priv.slug}/testimonials/${privIds[0]}`);
    for (const r of [unknown, hidden, hiddenOne]) expect(r.status).toBe(404);
    expect(errorOf(hidden)).toEqual(errorOf(unknown));
    expect(JSON.stringify(hidden.body)).not.toContain(priv.slug);
    expect(JSON.stringify(hiddenOne.body)).not.toContain("Private");
  });

  test("a test-mode brand lives under its sandbox address, never on the live one, and is not indexable", async () => {
    const testApi = appApi(t, a.testKey);
    const sandbox = await wallBrand(testApi);
    expect(sandbox.slug).toBe("default");
    expect(sandbox.wallUrl).toBe(`http://plaudit.test/test/${a.id}/b/default`);
    await publish(testApi, await sendWritten(testApi, sandbox.linkId, sampleTestimonials(3, "Sandbox")));
    expect((await t.call("GET", "/public/walls/default")).status).toBe(404);
    const r = await t.call("GET", `/public/test/${a.id}/walls/default`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ wall_url: sandbox.wallUrl, testimonial_count: 3, indexable: false });
    expect(r.body.testimonials[0].url).toStartWith(`${sandbox.wallUrl}/t/`);
    const one = await t.call("GET", `/public/test/${a.id}/walls/default/testimonials/${r.body.testimonials[0].id}`);
    expect(one.status).toBe(200);
    expect(one.body.indexable).toBe(false);
    // Another organisation's sandbox, and a live testimonial through the sandbox address, are not there.
    expect((await t.call("GET", `/public/test/${b.id}/walls/default`)).status).toBe(404);
    expect((await t.call("GET", `/public/test/${a.id}/walls/default/testimonials/${ids[0]}`)).status).toBe(404);
  });

  test("an empty public wall answers its first page, not indexable; page 2 is 404", async () => {
    const emptyApi = appApi(t, b.liveKey);
    const empty = await wallBrand(emptyApi, { name: "Empty Shelf" });
    const r = await t.call("GET", `/public/walls/${empty.slug}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      testimonial_count: 0,
      rating: { average: null, count: 0 },
      indexable: false,
      page: 1,
      page_count: 1,
      testimonials: [],
    });
    expect((await t.call("GET", `/public/walls/${empty.slug}?page=2`)).status).toBe(404);
  });

  const bad: [string, string, number][] = [
    ["a slug longer than any slug", `/public/walls/${"x".repeat(201)}`, 400],
    ["a page longer than any page number", `/public/walls/x?page=${"1".repeat(13)}`, 400],
    ["an id longer than any id", `/public/walls/x/testimonials/${"s".repeat(201)}`, 400],
  ];
  for (const [name, path, status] of bad) {
    test(`refuses ${name} with ${status} in the error shape`, async () => {
      const r = await t.call("GET", path);
      expect(r.status).toBe(status);
      expect(r.body.error.code).toBeString();
      expect(r.body.error.request_id).toBeString();
    });
  }

  test("needs no credentials, and ignores any sent", async () => {
    expect(
      (await t.call("GET", `/public/walls/${wall.slug}`, { headers: { authorization: "Bearer rk_live_nonsense" } }))
        .status,
    ).toBe(200);
    expect((await t.call("GET", `/public/walls/${wall.slug}`, { auth: b.liveKey })).status).toBe(200);
  });
});

describe("GET /public/walls/{slug}/testimonials/{id}", () => {
  test("one shown testimonial with its wall's summary; url is the permalink", async () => {
    const r = await t.call("GET", `/public/walls/${wall.slug}/testimonials/${ids[3]}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      wall_url: wall.wallUrl,
      url: `${wall.wallUrl}/t/${ids[3]}`,
      testimonial_count: TOTAL,
      indexable: true,
    });
    expect(r.body.testimonial).toMatchObject({
      id: ids[3],
      kind: "text",
      name: "Customer 4",
      url: `${wall.wallUrl}/t/${ids[3]}`,
    });
    expect(r.body.rating.count).toBeGreaterThan(0);
  });

  test("unknown ids, another brand's testimonial and an unpublished one are 404", async () => {
    const [draft] = await sendWritten(api, wall.linkId, [
      { text: "Waiting for a decision, not shown anywhere yet.", name: "Draft" },
    ]);
    const other = await wallBrand(appApi(t, b.liveKey), { name: "Other Brand" });
    const [foreign] = await sendWritten(appApi(t, b.liveKey), other.linkId, [
      { text: "Shown on the other brand's wall only.", name: "Foreign" },
    ]);
    await publish(appApi(t, b.liveKey), [foreign!]);
    for (const id of ["sub_nothing", draft!, foreign!])
      expect((await t.call("GET", `/public/walls/${wall.slug}/testimonials/${id}`)).status).toBe(404);
    expect((await t.call("GET", `/public/walls/${other.slug}/testimonials/${foreign}`)).status).toBe(200);
  });
});

describe("changes show on the next request", () => {
  test("approve and publish, withdraw, reject, delete: each is reflected at once; erasure keeps it gone", async () => {
    const auth = a.liveKey;
    const [id] = await sendWritten(api, wall.linkId, [
      { text: "Fresh testimonial that moderation will move around.", name: "Mover", rating: 5 },
    ]);
    const top = async () => (await t.call("GET", `/public/walls/${wall.slug}`)).body;
    const permalink = () => t.call("GET", `/public/walls/${wall.slug}/testimonials/${id}`);
    const before = (await top()).testimonial_count;
    await publish(api, [id!]);
    expect((await top()).testimonials[0].id).toBe(id);
    expect((await top()).testimonial_count).toBe(before + 1);
    await t.call("POST", `/v1/submissions/${id}/visibility`, { auth, body: { is_public: false } });
    expect((await top()).testimonials[0].id).not.toBe(id);
    await t.call("POST", `/v1/submissions/${id}/visibility`, { auth, body: { is_public: true } });
    expect((await permalink()).status).toBe(200);
    await t.call("POST", `/v1/submissions/${id}/reject`, { auth, body: { reason: "Off topic" } });
    expect((await permalink()).status).toBe(404);
    await publish(api, [id!]);
    expect((await permalink()).status).toBe(200);
    expect((await t.call("DELETE", `/v1/submissions/${id}`, { auth })).status).toBe(200);
    expect((await permalink()).status).toBe(404);
    expect((await top()).testimonial_count).toBe(before);
    await runDueJobs(t.deps, buildRegistry());
    expect((await permalink()).status).toBe(404);
    expect(JSON.stringify(await top())).not.toContain("Mover");
  });

  test("a change that is not announced (a direct edit) shows within two seconds", async () => {
    const [id] = await sendWritten(api, wall.linkId, [
      { text: "Quietly corrected later, straight in the database.", name: "Before Edit" },
    ]);
    await publish(api, [id!]);
    const names = async () =>
      (await t.call("GET", `/public/walls/${wall.slug}`)).body.testimonials.map((x: any) => x.name);
    expect(await names()).toContain("Before Edit");
    t.deps.db.update(submissions).set({ respondentName: "After Edit" }).where(eq(submissions.id, id!)).run();
    expect(await names()).toContain("Before Edit");
    t.clock.advance(2000);
    expect(await names()).toContain("After Edit");
    await t.call("DELETE", `/v1/submissions/${id}`, { auth: a.liveKey });
  });
});

describe("a changed slug", () => {
  test("the former slug answers 301 to the same route under the new one, query kept; a private brand's does not", async () => {
    const mover = await wallBrand(appApi(t, b.liveKey), { name: "Old Name Co" });
    const [one] = await sendWritten(appApi(t, b.liveKey), mover.linkId, [
      { text: "Still here after the rename, thank you!", name: "Loyal" },
    ]);
    await publish(appApi(t, b.liveKey), [one!]);
    expect(
      (await t.call("PATCH", `/v1/brands/${mover.id}`, { auth: b.liveKey, body: { slug: "new-name-co" } })).status,
    ).toBe(200);
    const page = await t.call("GET", `/public/walls/${mover.slug}?page=1`);
    expect(page.status).toBe(301);
    expect(page.headers.get("location")).toBe("http://plaudit.test/public/walls/new-name-co?page=1");
    const item = await t.call("GET", `/public/walls/${mover.slug}/testimonials/${one}`);
    expect(item.status).toBe(301);
    expect(item.headers.get("location")).toBe(`http://plaudit.test/public/walls/new-name-co/testimonials/${one}`);
    expect((await t.call("GET", "/public/walls/new-name-co")).body.testimonials[0].url).toBe(
      `http://plaudit.test/b/new-name-co/t/${one}`,
    );
    await t.call("PATCH", `/v1/brands/${mover.id}`, { auth: b.liveKey, body: { is_public: false } });
    expect((await t.call("GET", `/public/walls/${mover.slug}`)).status).toBe(404);
  });
});

describe("GET /public/walls", () => {
  test("every public live brand in one answer with the id and permalink of each testimonial; no private or test brands", async () => {
    const r: any = await t.call("GET", "/public/walls");
    expect(r.status).toBe(200);
    // Not paged (contract: every public brand): the envelope's next_cursor is always null.
    expect(r.body.next_cursor).toBeNull();
    const seen = new Map<string, any>(r.body.data.map((w: any) => [w.slug, w]));
    expect(seen.size).toBe(r.body.data.length);
    const acme = seen.get(wall.slug);
    expect(acme).toMatchObject({
      name: "Acme Walls",
      wall_url: wall.wallUrl,
      indexable: true,
      testimonial_count: TOTAL,
    });
    expect(acme.testimonials[0]).toEqual({ id: ids[TOTAL - 1], url: `${wall.wallUrl}/t/${ids[TOTAL - 1]}` });
    expect(acme.testimonials.map((x: any) => x.id).sort()).toEqual([...ids].sort());
    expect(seen.has("default")).toBe(false);
    expect(seen.get("empty-shelf")).toMatchObject({ indexable: false, testimonial_count: 0, testimonials: [] });
    for (const w of seen.values()) expect(w.wall_url).toStartWith("http://plaudit.test/b/");
  });

  test("limit and cursor do not page it", async () => {
    const all = await t.call("GET", "/public/walls");
    const limited = await t.call("GET", "/public/walls?limit=1");
    expect(limited.status).toBe(200);
    expect(limited.body).toEqual(all.body);
  });
});
