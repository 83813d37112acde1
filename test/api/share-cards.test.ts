/**
 * Share images of a testimonial (issue 25) with the real renderer (satori, then sharp): the three sizes are exactly
 * 1080×1080, 1080×1920 and 1200×630; long words become a highlight that never cuts a word; a card is made once per
 * content and made again when the words or the brand change; a testimonial without words yet answers 409; another
 * organisation's is 404; the public page of a shown testimonial names its landscape card as `og:image`, and that
 * card answers only while the testimonial is shown with its words. The cards are written to /tmp/share-card-*.png to be looked at.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { statSync } from "node:fs";
import { join } from "node:path";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { fakeProcessedVideo, makeLink, writeTestimonial } from "../helpers/testimonials";
import { highlight } from "../../src/media/cards/quote";
import { buildRegistry } from "../../src/composition";
import { runDueJobs } from "../../src/platform/jobs/worker";

let t: TestApp;
let a: TestOrg;
let b: TestOrg;
let id = "";
let slug = "";

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (bytes: Uint8Array) => {
  const v = new DataView(bytes.buffer, bytes.byteOffset);
  return { width: v.getUint32(16), height: v.getUint32(20) };
};

const card = async (auth: string, sid: string, size?: string) => {
  const res = await t.app.handle(
    new Request(`${t.base}/v1/submissions/${sid}/card.png${size ? `?size=${size}` : ""}`, {
      headers: { authorization: `Bearer ${auth}` },
    }),
  );
  return { status: res.status, type: res.headers.get("content-type"), bytes: new Uint8Array(await res.arrayBuffer()) };
};

const WORDS =
  "We had tried three agencies before. This one listened first, then rebuilt our booking page in a single week, and our phone has not stopped ringing since. Honestly the best decision we made this year for the bakery. The team explained every step, answered within the hour, and even trained our staff on the new system so we could update the menu ourselves.";

beforeAll(async () => {
  t = await makeTestApp();
  a = await t.org({ name: "Card Agency" });
  b = await t.org({ name: "Other" });
  const link = await makeLink(t, a.liveKey);
  const brand = await t.call("PATCH", `/v1/brands/${link.brandId}`, {
    auth: a.liveKey,
    body: { color: "#0f766e", is_public: true, card_font: "serif" },
  });
  slug = brand.body.slug;
  id = await writeTestimonial(
    t,
    link.id,
    WORDS,
    { name: "Ada Lovelace", title: "Owner", company: "Analytical Bakes" },
    5,
  );
  await t.call("POST", `/v1/submissions/${id}/approve`, { auth: a.liveKey, body: { publish: true } });
}, 60_000);
afterAll(() => t?.close());

describe("share images", () => {
  test("three sizes, exactly; the default is square", async () => {
    for (const [size, w, h] of [
      ["square", 1080, 1080],
      ["story", 1080, 1920],
      ["landscape", 1200, 630],
    ] as const) {
      const r = await card(a.liveKey, id, size);
      expect(r.status).toBe(200);
      expect(r.type).toBe("image/png");
      expect(pngSize(r.bytes)).toEqual({ width: w, height: h });
      await Bun.write(`/tmp/share-card-${size}.png`, r.bytes);
    }
    expect(pngSize((await card(a.liveKey, id)).bytes)).toEqual({ width: 1080, height: 1080 });
  }, 60_000);

  test("made once per content: the same bytes again; new words make a new card", async () => {
    // The kept cards, each with its file's identity and last write: a card made again would be written again.
    const keptCards = async () => {
      const files = await Array.fromAsync(new Bun.Glob(`media/submissions/${id}/cards/*.png`).scan({ cwd: t.dir }));
      return Object.fromEntries(
        files.map((f) => {
          const st = statSync(join(t.dir, f));
          return [f, `${st.ino}:${st.mtimeMs}`];
        }),
      );
    };
    const first = await card(a.liveKey, id, "landscape");
    const made = await keptCards();
    const again = await card(a.liveKey, id, "landscape");
    expect(Buffer.from(again.bytes).equals(Buffer.from(first.bytes))).toBe(true);
    expect(Object.keys(made)).toHaveLength(3);
    expect(await keptCards()).toEqual(made);
    await t.call(
      "PATCH",
      `/v1/brands/${(await t.call("GET", `/v1/submissions/${id}`, { auth: a.liveKey })).body.brand_id}`,
      {
        auth: a.liveKey,
        body: { color: "#7c3aed" },
      },
    );
    const recoloured = await card(a.liveKey, id, "landscape");
    expect(Buffer.from(recoloured.bytes).equals(Buffer.from(first.bytes))).toBe(false);
  }, 60_000);

  test("bad size 400; another organisation 404", async () => {
    expect((await card(a.liveKey, id, "poster")).status).toBe(400);
    expect((await card(b.liveKey, id)).status).toBe(404);
  }, 30_000);

  test("the public page of a shown testimonial names its landscape card; the card is there only while shown", async () => {
    const page = await t.call("GET", `/b/${slug}/t/${id}`);
    const url = `${t.deps.config.siteUrl}/b/${slug}/t/${id}/card.png`;
    expect(String(page.body)).toContain(`<meta property="og:image" content="${url}"`);
    expect(String(page.body)).toContain('<meta name="twitter:card" content="summary_large_image"');
    const pub = await t.app.handle(new Request(url));
    expect(pub.status).toBe(200);
    expect(pub.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(pngSize(new Uint8Array(await pub.arrayBuffer()))).toEqual({ width: 1200, height: 630 });
    await t.call("POST", `/v1/submissions/${id}/visibility`, { auth: a.liveKey, body: { is_public: false } });
    expect((await t.app.handle(new Request(url))).status).toBe(404);
  }, 30_000);

  test("a recording shown without its words has no public card, and its page names none", async () => {
    const link = await makeLink(t, a.liveKey);
    const vid = await fakeProcessedVideo(t, a, link.id, ["They", "rebuilt", "our", "shop"]);
    const published = await t.call("POST", `/v1/submissions/${vid}/approve`, {
      auth: a.liveKey,
      body: { publish: true, hide_words: true },
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    // The publish job copies the recording to public media.
    const registry = buildRegistry();
    for (let i = 0; i < 5; i++) await runDueJobs(t.deps, registry);
    const vslug = (await t.call("GET", `/v1/brands/${link.brandId}`, { auth: a.liveKey })).body.slug;
    const page = await t.call("GET", `/b/${vslug}/t/${vid}`);
    expect(page.status).toBe(200);
    expect(String(page.body)).not.toContain("card.png");
    expect(String(page.body)).not.toContain("rebuilt our shop");
    expect((await t.app.handle(new Request(`${t.deps.config.siteUrl}/b/${vslug}/t/${vid}/card.png`))).status).toBe(404);
    // The team still has its card (their own words, for their own use).
    expect((await card(a.liveKey, vid, "square")).status).toBe(200);
  }, 30_000);
});

describe("the words on a card", () => {
  test("all of them when they fit; else whole sentences that fit; never a cut word", () => {
    expect(highlight("Short and sweet.", 170)).toBe("Short and sweet.");
    const h = highlight(WORDS, 170);
    expect(h.length).toBeLessThanOrEqual(170);
    expect(WORDS).toContain(h);
    expect(h).toMatch(/[.!?]$/);
    const oneLong = "word ".repeat(80).trim();
    const cut = highlight(oneLong, 100);
    expect(cut.endsWith("word…")).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(100);
  });
});
