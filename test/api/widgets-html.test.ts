/**
 * The widget's HTML fragment (`{cdn}/widgets/{id}.html`, issue 25): the testimonials as HTML that needs no
 * script, served like the document (CORS *, one-minute cache, ETag/304) and stored beside it for a bucket CDN;
 * its JSON-LD names the brand's reviewed item (Product by default, another type when the brand chooses) with an
 * AggregateRating and one Review per named, rated testimonial, and passes Google's review-snippet rules (Adobe's
 * validator); text that looks like markup stays text; switched-off fields and hidden words are absent; each layout
 * draws; a deleted widget's fragment is gone with its document.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { fakeProcessedVideo, makeLink, writeTestimonial } from "../helpers/testimonials";
import { runDueJobs } from "../../src/platform/jobs/worker";
import { buildRegistry } from "../../src/composition";
import { extractJsonLd, structuredDataErrors } from "../helpers/structured-data";

let t: TestApp;
let a: TestOrg;
let link: { id: string; brandId: string };
const registry = buildRegistry();
const ids: string[] = [];

/** Lets the rebuild delay pass and runs every due job. */
async function settle() {
  t.clock.advance(1_500);
  for (let i = 0; i < 3; i++) await runDueJobs(t.deps, registry);
}

const cdnGet = (url: string, headers: Record<string, string> = {}) => t.app.handle(new Request(url, { headers }));

async function fragment(w: { html_url: string }) {
  const r = await cdnGet(w.html_url);
  expect(r.status).toBe(200);
  return r.text();
}

async function widget(body: Record<string, unknown> = {}) {
  const r = await t.call("POST", "/v1/widgets", { auth: a.liveKey, body: { brand_id: link.brandId, ...body } });
  expect(r.status).toBe(201);
  return r.body;
}

async function shown(text: string, respondent: Record<string, unknown>, rating?: number) {
  const id = await writeTestimonial(t, link.id, text, respondent, rating);
  expect(
    (await t.call("POST", `/v1/submissions/${id}/approve`, { auth: a.liveKey, body: { publish: true } })).status,
  ).toBe(200);
  ids.push(id);
  return id;
}

beforeAll(async () => {
  t = await makeTestApp();
  a = await t.org({ name: "Fragment Agency" });
  link = await makeLink(t, a.liveKey);
  await t.call("PATCH", `/v1/brands/${link.brandId}`, { auth: a.liveKey, body: { name: "Crumb & Co" } });
  await shown("The sourdough class changed my weekends.", { name: "Ada Baker", title: "Home baker" }, 5);
  await shown("Friendly, patient and clear.", { name: "Ben Flour", company: "Flour Ltd" }, 4);
  await shown("No stars from me, just thanks.", { name: "Cy Crust" });
  await shown(
    'Loved it </script><script>alert("x")</script> <img src=x onerror=alert(1)> & more',
    { name: "Eve <b>" },
    5,
  );
}, 60_000);
afterAll(() => t?.close());

describe("the HTML fragment", () => {
  test("is written in the widget's language (issue 26): its own words, dates and numbers; English without one", async () => {
    const w = await widget({ max_items: 10, language: "de" });
    await settle();
    const html = await fragment(w);
    expect(html).toContain('lang="de" dir="ltr"');
    expect(html).toContain('aria-label="Bewertungen für Crumb &amp; Co"');
    expect(html).toMatch(/\d,\d aus \d+ Bewertungen/);
    expect(html).toMatch(/\d+\. [A-Z][a-zä]+\.? \d{4}/);
    // Its words, not the JSON-LD (schema.org's own names: Review, reviewBody).
    expect(html.replace(/<script[\s\S]*?<\/script>/, "")).not.toMatch(/Rated \d|review|Powered by/);
    const ar = await fragment(await widget({ max_items: 10, language: "ar" }).then(async (x) => (await settle(), x)));
    expect(ar).toContain('lang="ar" dir="rtl"');
    const en = await fragment(await widget({ max_items: 10 }).then(async (x) => (await settle(), x)));
    expect(en).toStartWith("<div data-svc-widget=");
    expect(en).toMatch(/\d\.\d from \d+ reviews/);
  });

  test("served openly beside the document, stored for a bucket, and the same bytes as the file", async () => {
    const w = await widget({ max_items: 10 });
    expect(w.html_url).toBe(`${t.deps.config.cdnUrl}/widgets/${w.id}.html`);
    expect((await cdnGet(w.html_url)).status).toBe(404);
    await settle();
    const r = await cdnGet(w.html_url);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(r.headers.get("access-control-allow-origin")).toBe("*");
    expect(r.headers.get("cache-control")).toBe("public, max-age=60");
    expect(r.headers.get("content-security-policy")).toContain("sandbox");
    expect(r.headers.get("set-cookie")).toBeNull();
    const etag = r.headers.get("etag")!;
    expect((await cdnGet(w.html_url, { "if-none-match": etag })).status).toBe(304);
    const html = await r.text();
    expect(html).toStartWith(`<div data-svc-widget="${w.id}" data-svc-static="1" class="svc-s svc-l-wall`);
    expect(html).toContain('style="height:640px;');
    for (const words of ["The sourdough class changed my weekends.", "Friendly, patient and clear.", "Ada Baker"])
      expect(html).toContain(words);
    const stored = join(t.dir, "public", "widgets", `${w.id}.html`);
    expect(readFileSync(stored, "utf8")).toBe(html);
  });

  test("its JSON-LD: the brand's Product, the rating over every shown testimonial, a Review per named, rated one; Google's rules pass", async () => {
    const w = await widget({ max_items: 10 });
    await settle();
    const html = await fragment(w);
    expect(await structuredDataErrors(html)).toEqual([]);
    const [product] = extractJsonLd(html).Product as any[];
    expect(product.name).toBe("Crumb & Co");
    expect(product.image).toStartWith(t.deps.config.cdnUrl);
    expect(product.aggregateRating).toMatchObject({ "@type": "AggregateRating", ratingCount: 3, bestRating: 5 });
    expect(product.aggregateRating.ratingValue).toBeCloseTo((5 + 4 + 5) / 3, 2);
    // Named and rated: Ada, Ben, Eve (the unrated one is shown without markup).
    expect(product.review.map((r: any) => r.author.name).sort()).toEqual(["Ada Baker", "Ben Flour", "Eve <b>"]);
    expect(product.review.find((r: any) => r.author.name === "Ada Baker")).toMatchObject({
      reviewRating: { ratingValue: 5 },
      reviewBody: "The sourdough class changed my weekends.",
    });
  });

  test("markup in a testimonial stays text: nothing closes the JSON-LD or opens an element", async () => {
    const w = await widget({ max_items: 10 });
    await settle();
    const html = await fragment(w);
    expect(html).not.toContain('<script>alert("x")</script>');
    expect(html).not.toContain("<img src=x");
    expect(html).not.toContain("<b>");
    expect(html).toContain("&lt;/script>&lt;script>alert");
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).toContain("\\u003c/script\\u003e");
  });

  test("a brand reviewing a course says so; the fragment follows at the next publication", async () => {
    const w = await widget({ max_items: 10 });
    await settle();
    const patched = await t.call("PATCH", `/v1/brands/${link.brandId}`, {
      auth: a.liveKey,
      body: { review_type: "Course", review_item_name: "Sourdough Basics", website_url: "https://crumb.example" },
    });
    expect(patched.status).toBe(200);
    await settle();
    const html = await fragment(w);
    const [course] = extractJsonLd(html).Course as any[];
    expect(course.name).toBe("Sourdough Basics");
    expect(course.url).toStartWith("https://crumb.example");
    expect(await structuredDataErrors(html)).toEqual([]);
    await t.call("PATCH", `/v1/brands/${link.brandId}`, {
      auth: a.liveKey,
      body: { review_type: "Product", review_item_name: null },
    });
    await settle();
  });

  test("switched-off ratings: no stars, no rating line and no review markup (marked-up ratings must be visible)", async () => {
    const w = await widget({ max_items: 10, fields: { rating: false } });
    await settle();
    const html = await fragment(w);
    expect(html).not.toContain("★");
    expect(html).not.toContain("application/ld+json");
    expect(html).toContain("Friendly, patient and clear.");
  });

  test("each layout draws without a script: carousel row, one featured card, the badge and its list, the floating badge", async () => {
    const carousel = await widget({ layout: "carousel", max_items: 10 });
    const single = await widget({ layout: "single", max_items: 10 });
    const badge = await widget({ layout: "avatars", max_items: 10 });
    const floating = await widget({ layout: "avatars", look: "floating", max_items: 10 });
    await settle();
    const c = await fragment(carousel);
    expect(c).toContain('class="svc-tr"');
    expect(c).toContain('style="height:420px;');
    const s = await fragment(single);
    expect(s.match(/<article/g)).toHaveLength(1);
    const b = await fragment(badge);
    expect(b).toContain("4.7 from 3 reviews");
    expect(b).toContain("<details");
    expect(b.match(/<article/g)?.length).toBe(4);
    const f = await fragment(floating);
    expect(f).toContain("svc-fl");
    expect(f).not.toContain('style="height:');
  });

  test("a recording shown without its words: the video is there, its words are not", async () => {
    const vid = await fakeProcessedVideo(t, a, link.id, ["Secret", "draft", "words", "here"]);
    const ok = await t.call("POST", `/v1/submissions/${vid}/approve`, {
      auth: a.liveKey,
      body: { publish: true, hide_words: true },
    });
    expect(ok.status).toBe(200);
    const w = await widget({ selection: "manual", submission_ids: [vid] });
    await settle();
    const html = await fragment(w);
    expect(html).toContain("<video");
    expect(html).not.toContain("Secret draft words");
  });

  test("a deleted widget's fragment is gone with its document, file and all", async () => {
    const w = await widget();
    await settle();
    expect((await cdnGet(w.html_url)).status).toBe(200);
    expect((await t.call("DELETE", `/v1/widgets/${w.id}`, { auth: a.liveKey })).status).toBe(200);
    expect((await cdnGet(w.html_url)).status).toBe(404);
    await settle();
    expect((await cdnGet(w.html_url)).status).toBe(404);
    expect(existsSync(join(t.dir, "public", "widgets", `${w.id}.html`))).toBe(false);
  });

  test("a bad name is the CDN's 404, never a 500", async () => {
    for (const name of ["nope.html", "..%2fsecret.html", `${"x".repeat(90)}.html`, ".html"])
      expect((await cdnGet(`${t.deps.config.cdnUrl}/widgets/${name}`)).status).toBe(404);
  });
});
