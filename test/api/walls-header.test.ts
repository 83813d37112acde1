/**
 * The wall's header through `app.handle`: the intro text, website and "Share your experience" link set on the
 * brand (PATCH /v1/brands/{id}: stored, answered, checked with a 400 naming the field), shown on the wall and the
 * permalink pages as text, with the button only while the chosen link takes answers; faces on cards; the rating
 * summary; the page still allowed by its CSP hashes.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { appApi, publish, sendWritten, wallBrand, type Api } from "../helpers/walls";
import { inlineHashes } from "../../src/domains/walls/page-headers";

let t: TestApp;
let a: TestOrg;
let b: TestOrg;
let api: Api;
let wall: Awaited<ReturnType<typeof wallBrand>>;
let otherLink = "";

const get = async (url: string) => {
  const res = await t.app.handle(new Request(url));
  return { status: res.status, headers: res.headers, html: await res.text() };
};
const patch = (body: unknown, key = a.liveKey) =>
  t.call("PATCH", `/v1/brands/${wall.id}`, { auth: key, body: body as Record<string, unknown> });

beforeAll(async () => {
  t = await makeTestApp();
  a = await t.org({ name: "Header Co" });
  b = await t.org({ name: "Elsewhere Co" });
  api = appApi(t, a.liveKey);
  wall = await wallBrand(api);
  const ids = await sendWritten(api, wall.linkId, [
    { text: "Lovely people, quick answers.", name: "Ada Lovelace", rating: 5, title: "Engineer" },
    { text: "Good service, would come back again.", name: "Grace Hopper", rating: 4 },
  ]);
  await publish(api, ids);
  const other = await wallBrand(appApi(t, b.liveKey));
  otherLink = other.linkId;
});
afterAll(() => t.close());

describe("brand settings for the wall header", () => {
  test("are stored and answered; empty text clears them", async () => {
    const r = await patch({
      intro_text: "  Family dentists in Leeds since 1998.  ",
      website_url: "https://bright-dental.example/",
      wall_link_id: wall.linkId,
    });
    expect(r.status).toBe(200);
    expect([r.body.intro_text, r.body.website_url, r.body.wall_link_id]).toEqual([
      "Family dentists in Leeds since 1998.",
      "https://bright-dental.example/",
      wall.linkId,
    ]);
    const read = await t.call("GET", "/v1/brands", { auth: a.liveKey });
    const brand = read.body.data.find((x: any) => x.id === wall.id);
    expect(brand.intro_text).toBe("Family dentists in Leeds since 1998.");
    const cleared = await patch({ intro_text: "", website_url: null });
    expect([cleared.body.intro_text, cleared.body.website_url, cleared.body.wall_link_id]).toEqual([
      null,
      null,
      wall.linkId,
    ]);
  });

  test("bad values are a 400 naming the field, and nothing changes", async () => {
    const before = (await patch({ intro_text: "Kept." })).body;
    const cases: [Record<string, unknown>, string][] = [
      [{ website_url: "javascript:alert(1)" }, "website_url"],
      [{ website_url: "not an address" }, "website_url"],
      [{ website_url: "ftp://files.example/" }, "website_url"],
      [{ website_url: `https://example.com/${"x".repeat(300)}` }, "website_url"],
      [{ website_url: 42 }, "website_url"],
      [{ intro_text: "x".repeat(601) }, "intro_text"],
      [{ intro_text: ["a"] }, "intro_text"],
      [{ wall_link_id: otherLink }, "wall_link_id"],
      [{ wall_link_id: "lnk_nope" }, "wall_link_id"],
      [{ wall_link_id: 7 }, "wall_link_id"],
    ];
    for (const [body, field] of cases) {
      const r = await patch(body);
      expect([JSON.stringify(body).slice(0, 60), r.status, r.body.error?.code]).toEqual([
        JSON.stringify(body).slice(0, 60),
        400,
        "validation_failed",
      ]);
      expect(JSON.stringify(r.body.error)).toContain(field);
    }
    const after = (await t.call("GET", "/v1/brands", { auth: a.liveKey })).body.data.find((x: any) => x.id === wall.id);
    expect([after.intro_text, after.website_url, after.wall_link_id]).toEqual([
      before.intro_text,
      before.website_url,
      before.wall_link_id,
    ]);
  });

  test("another organisation's brand is not found", async () => {
    const r = await patch({ intro_text: "Hijack" }, b.liveKey);
    expect(r.status).toBe(404);
  });
});

describe("the wall's header", () => {
  test("shows the intro, a link to the website and the share button to the chosen link, as text", async () => {
    await patch({
      intro_text: 'We fix teeth <script>alert("x")</script> & smiles.',
      website_url: "https://bright-dental.example/about",
      wall_link_id: wall.linkId,
    });
    const r = await get(wall.wallUrl);
    expect(r.status).toBe(200);
    expect(r.html).toContain(
      '<p class="intro">We fix teeth &lt;script>alert(&quot;x&quot;)&lt;/script> &amp; smiles.</p>',
    );
    expect(r.html).toContain('<a class="site" href="https://bright-dental.example/about" rel="noopener" data-cta>');
    expect(r.html).toContain("Visit bright-dental.example");
    expect(r.html).toMatch(
      new RegExp(`<a class="share" href="[^"]+/c/${wall.linkId}" data-cta>Share your experience</a>`),
    );
    // The permalink page carries the same header.
    const json = (await t.call("GET", `/public/walls/${wall.slug}`)).body;
    // The wall's JSON carries the same header, for sites that draw their own wall.
    expect(json.header).toEqual({
      intro: 'We fix teeth <script>alert("x")</script> & smiles.',
      website_url: "https://bright-dental.example/about",
      share_url: expect.stringMatching(new RegExp(`/c/${wall.linkId}$`)),
    });
    const permalink = await get(json.testimonials[0].url);
    expect(permalink.html).toContain("Share your experience");
    // Every inline style and script is allowed by its hash; nothing else is.
    const csp = r.headers.get("content-security-policy")!;
    const hashes = inlineHashes(r.html);
    for (const h of [...hashes.styles, ...hashes.scripts]) expect(csp).toContain(h);
    expect(r.html).not.toMatch(/\sstyle=/);
  });

  test("the share button is gone while the link takes no answers", async () => {
    await patch({ wall_link_id: wall.linkId });
    t.clock.advance(5000);
    expect((await get(wall.wallUrl)).html).toContain("Share your experience");
    const paused = await t.call("PATCH", `/v1/links/${wall.linkId}`, {
      auth: a.liveKey,
      body: { is_active: false, closed_reason: "paused" },
    });
    expect(paused.status).toBe(200);
    t.clock.advance(5000);
    expect((await get(wall.wallUrl)).html).not.toContain("Share your experience");
    await t.call("PATCH", `/v1/links/${wall.linkId}`, {
      auth: a.liveKey,
      body: { is_active: true, closed_reason: null },
    });
    await patch({ wall_link_id: null });
    t.clock.advance(5000);
    expect((await get(wall.wallUrl)).html).not.toContain("Share your experience");
  });

  test("cards show a face (initials without a photo) beside the name, and the rating summary leads", async () => {
    t.clock.advance(5000);
    const r = await get(wall.wallUrl);
    expect(r.html).toContain('<span class="face" aria-hidden="true">AL</span>');
    expect(r.html).toContain('<span class="face" aria-hidden="true">GH</span>');
    expect(r.html).toMatch(/<span class="avg" aria-hidden="true">4\.5<\/span>/);
    expect(r.html).toContain("4.5 out of 5 ");
    expect(r.html).toContain("from 2 ratings · 2 testimonials");
  });
});
