/**
 * The walls' small rules on their own: page numbers, the pagination window, the indexable rule, JSON-LD escaping
 * and markup choice, sitemap splitting past 50,000 addresses, robots.txt for each host layout, gzip of pages.
 */
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { parsePage, pageCountOf, type WallItem, type WallSummary } from "../../src/domains/walls/wall-data";
import { pageWindow } from "../../src/domains/walls/views/pagination";
import { isIndexable } from "../../src/domains/walls/indexable";
import { isReview, scriptJson, wallJsonLd } from "../../src/domains/walls/structured-data";
import { robotsTxt, sitemapXml, SITEMAP_LIMIT } from "../../src/domains/walls/sitemap";
import { excerpt, spokenLength, clock } from "../../src/domains/walls/views/format";
import { AppError } from "../../src/platform/errors";
import { makeTestApp, type TestApp } from "../helpers/app";
import { appApi, publish, sampleTestimonials, sendWritten, wallBrand } from "../helpers/walls";

describe("page numbers", () => {
  const cases: [string | undefined, number | null][] = [
    [undefined, 1],
    ["", 1],
    ["1", 1],
    ["42", 42],
    ["0", null],
    ["-3", null],
    ["1e3", null],
    ["2.0", null],
    [" 2", null],
    ["1000001", null],
  ];
  for (const [raw, want] of cases) {
    test(`?page=${raw ?? "(none)"} → ${want ?? "400"}`, () => {
      if (want === null) {
        expect(() => parsePage(raw)).toThrow(AppError);
        try {
          parsePage(raw);
        } catch (e) {
          expect((e as AppError).status).toBe(400);
          expect((e as AppError).details?.field).toBe("page");
        }
      } else expect(parsePage(raw)).toBe(want);
    });
  }

  test("page counts: an empty wall still has page 1; 24 a page", () => {
    expect([0, 1, 24, 25, 48, 49, 1000].map(pageCountOf)).toEqual([1, 1, 1, 2, 2, 3, 42]);
  });

  test("the pagination window keeps first, last and two either side, with gaps", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 5)).toEqual([1, 2, 3, null, 5]);
    expect(pageWindow(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageWindow(40, 42)).toEqual([1, null, 38, 39, 40, 41, 42]);
    expect(pageWindow(20, 42)).toEqual([1, null, 18, 19, 20, 21, 22, null, 42]);
  });
});

describe("the indexable rule", () => {
  test("only a live, public wall with at least one testimonial", () => {
    expect(isIndexable({ mode: "live", isPublic: true }, 1)).toBe(true);
    expect(isIndexable({ mode: "live", isPublic: true }, 0)).toBe(false);
    expect(isIndexable({ mode: "test", isPublic: true }, 10)).toBe(false);
    expect(isIndexable({ mode: "live", isPublic: false }, 10)).toBe(false);
  });
});

describe("structured data", () => {
  const item = (over: Partial<WallItem["item"]>): WallItem => ({
    item: {
      id: "sub_x",
      kind: "text",
      name: "Ada",
      title: null,
      company: null,
      rating: 5,
      date: "2026-11-01",
      text: "Great",
      video_url: null,
      audio_url: null,
      poster_url: null,
      duration_ms: null,
      language: null,
      captions: null,
      ...over,
    },
    url: "http://s/b/x/t/sub_x",
    captionsUrl: null,
    thumbUrl: null,
    faceUrl: null,
    width: null,
    height: null,
  });
  const summary = (average: number | null, count: number) =>
    ({
      brand: { name: "X" },
      wallUrl: "http://s/b/x",
      logoUrl: "http://c/l.png",
      testimonialCount: 3,
      rating: { average, count },
      indexable: true,
      header: { intro: null, website: null, shareUrl: null },
    }) as unknown as WallSummary;

  test("a Review needs both a rating and a name", () => {
    expect(isReview(item({}))).toBe(true);
    expect(isReview(item({ rating: null }))).toBe(false);
    expect(isReview(item({ name: null }))).toBe(false);
    expect(isReview(item({ name: "" }))).toBe(false);
  });

  test("no AggregateRating without ratings; no review list without reviews", () => {
    const ld = wallJsonLd(summary(null, 0), [item({ rating: null })]) as Record<string, unknown>;
    expect(ld.aggregateRating).toBeUndefined();
    expect(ld.review).toBeUndefined();
    const rated = wallJsonLd(summary(4.5, 2), [item({}), item({ name: null })]) as any;
    expect(rated.aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: 4.5,
      ratingCount: 2,
      bestRating: 5,
      worstRating: 1,
    });
    expect(rated.review).toHaveLength(1);
  });

  test("script JSON cannot close its element or start markup, and parses back to the same value", () => {
    const value = { text: "</script><!-- & \u2028 \u2029 >" };
    const out = scriptJson(value);
    expect(out).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(out)).toEqual(value);
  });
});

describe("sitemap and robots", () => {
  const entries = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ loc: `http://s/b/w/t/${i}?a=1&b=2`, lastmod: "2026-11-22" }));

  test("one file up to 50,000 addresses, escaped", () => {
    const xml = sitemapXml("http://s", entries(2))!;
    expect(xml).toStartWith('<?xml version="1.0" encoding="UTF-8"?>');
    expect(xml).toContain("<loc>http://s/b/w/t/0?a=1&amp;b=2</loc>");
    expect(sitemapXml("http://s", entries(SITEMAP_LIMIT))!.match(/<url>/g)).toHaveLength(SITEMAP_LIMIT);
  });

  test("past 50,000 an index of parts; each part has at most 50,000; a missing part is null", () => {
    const many = entries(SITEMAP_LIMIT + 5);
    const index = sitemapXml("http://s", many)!;
    expect(index).toContain("<sitemapindex");
    expect(index).toContain("<loc>http://s/sitemap.xml?part=2</loc>");
    expect(sitemapXml("http://s", many, 1)!.match(/<url>/g)).toHaveLength(SITEMAP_LIMIT);
    expect(sitemapXml("http://s", many, 2)!.match(/<url>/g)).toHaveLength(5);
    expect(sitemapXml("http://s", many, 3)).toBeNull();
    expect(sitemapXml("http://s", many, 0)).toBeNull();
  });

  test("robots.txt keeps off what shares the site's host, and only that", () => {
    const shared = robotsTxt({ siteUrl: "http://x", baseUrl: "http://x", appUrl: "http://x/app" });
    expect(shared).toContain("Disallow: /v1/\nDisallow: /public/\nDisallow: /app/");
    const own = robotsTxt({ siteUrl: "https://walls.x", baseUrl: "https://api.x", appUrl: "https://app.x" });
    expect(own).not.toContain("/v1/");
    expect(own).not.toContain("/app/");
    expect(own).toContain("Sitemap: https://walls.x/sitemap.xml");
    const prefixed = robotsTxt({ siteUrl: "http://x/site", baseUrl: "http://x", appUrl: "http://x/app" });
    expect(prefixed).toContain("Disallow: /site/c/");
  });
});

describe("words for people", () => {
  test("excerpts cut at a word; lengths read as words", () => {
    expect(excerpt("short text", 50)).toBe("short text");
    expect(excerpt("one two three four five six", 15)).toBe("one two three…");
    expect(clock(65_400)).toBe("1:05");
    expect(spokenLength(65_400)).toBe("1 minute 5 seconds");
    expect(spokenLength(1000)).toBe("1 second");
    expect(spokenLength(120_000)).toBe("2 minutes");
  });
});

describe("compression", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
    const org = await t.org({ name: "Zipped Co" });
    const api = appApi(t, org.liveKey);
    const wall = await wallBrand(api);
    await publish(api, await sendWritten(api, wall.linkId, sampleTestimonials(24)));
  });
  afterAll(() => t.close());

  test("a page is brotli-compressed or gzipped for clients that take it, and says it varies by Accept-Language and Accept-Encoding", async () => {
    const url = "http://plaudit.test/b/zipped-co";
    const plain = await t.app.handle(new Request(url));
    const text = await plain.text();
    expect(plain.headers.get("content-encoding")).toBeNull();
    const br = await t.app.handle(new Request(url, { headers: { "accept-encoding": "gzip, deflate, br" } }));
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toBe("Accept-Language, Accept-Encoding");
    const brBytes = new Uint8Array(await br.arrayBuffer());
    expect(new TextDecoder().decode(brotliDecompressSync(brBytes))).toBe(text);
    const zipped = await t.app.handle(new Request(url, { headers: { "accept-encoding": "gzip" } }));
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    const bytes = new Uint8Array(await zipped.arrayBuffer());
    expect(new TextDecoder().decode(Bun.gunzipSync(bytes))).toBe(text);
    expect(bytes.length).toBeLessThan(text.length / 4);
  });
});
