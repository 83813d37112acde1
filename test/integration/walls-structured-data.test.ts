/**
 * The wall pages' JSON-LD, Open Graph and Twitter tags checked by `structured-data-testing-tool` (with its
 * Google, Twitter and Facebook presets) and by Adobe's validator of Google's review-snippet rules: each page is the
 * brand's reviewed item (a Product unless the brand chose another type) with an AggregateRating over every shown
 * testimonial, and the number of Reviews equals the testimonials on that page having both a rating and a name.
 * The wall mixes collected testimonials (named, some unrated) with imported reviews (some nameless), over two pages.
 * A brand that chooses another type (and a name for the reviewed item) gets it on its pages.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { appApi, publish, sampleTestimonials, sendWritten, wallBrand, type Api } from "../helpers/walls";
import { structuredDataErrors } from "../helpers/structured-data";

/** What this test uses of the tool (it ships no type declarations; `as string` keeps tsc from asking for them). */
interface SdttResult {
  passed: { test: string }[];
  failed: { test: string; error?: { message?: string } }[];
  schemas: string[];
}
const sdtt = (await import("structured-data-testing-tool" as string)) as {
  structuredDataTest(html: string, options: object): Promise<SdttResult>;
};
const { Google, Twitter, Facebook } = (await import("structured-data-testing-tool/presets" as string)) as Record<
  "Google" | "Twitter" | "Facebook",
  object
>;

let t: TestApp;
let a: TestOrg;
let api: Api;
let wall: Awaited<ReturnType<typeof wallBrand>>;

beforeAll(async () => {
  t = await makeTestApp();
  a = await t.org({ name: "Structured Co", plan: "core" });
  api = appApi(t, a.liveKey);
  wall = await wallBrand(api);
  const collected = await sendWritten(api, wall.linkId, sampleTestimonials(22));
  const rows = Array.from({ length: 8 }, (_, i) => ({
    text: `Imported review ${i + 1}: careful work, fair price, would hire again.`,
    ...(i % 2 ? { name: `Reviewer ${i + 1}` } : {}),
    ...(i % 3 ? { rating: 4 } : {}),
  }));
  const imported = await api("POST", "/v1/imports", {
    brand_id: wall.id,
    source: { name: "Google" },
    attested: true,
    rows,
  });
  expect(imported.status).toBe(201);
  const importedIds = (await api("GET", "/v1/submissions?origin=imported&limit=100")).body.data.map((s: any) => s.id);
  // Approved one at a time, a second apart, interleaved so that both pages hold imported reviews.
  for (const id of [
    ...importedIds.slice(0, 4),
    ...collected.slice(0, 11),
    ...importedIds.slice(4),
    ...collected.slice(11),
  ])
    await publish(api, [id], () => t.clock.advance(1000));
});
afterAll(() => t.close());

/** Runs the tool on a page's HTML; returns its result whether it passed or not. */
async function check(
  html: string,
  expected: { reviews: number; average: number | null; ratings: number },
  item = { type: "Product", name: "Structured Co" },
): Promise<SdttResult> {
  // Google's review-snippet rules first: no error for the reviewed item, its rating or its reviews.
  expect(await structuredDataErrors(html)).toEqual([]);
  const T = item.type;
  const tests: object[] = [
    { test: T, type: "jsonld" },
    { test: `${T}[0]."@type"`, expect: T, type: "jsonld" },
    { test: `${T}[0].name`, expect: item.name, type: "jsonld" },
    { test: `${T}[0].aggregateRating."@type"`, expect: "AggregateRating", type: "jsonld" },
    { test: `${T}[0].aggregateRating.ratingValue`, expect: expected.average, type: "jsonld" },
    { test: `${T}[0].aggregateRating.ratingCount`, expect: expected.ratings, type: "jsonld" },
  ];
  if (expected.reviews > 0) {
    tests.push(
      { test: `length(${T}[0].review)`, expect: expected.reviews, type: "jsonld" },
      {
        test: `length(${T}[0].review[?"@type" == \`Review\` && author.name && reviewRating.ratingValue])`,
        expect: expected.reviews,
        type: "jsonld",
      },
    );
  } else tests.push({ test: `${T}[0].review`, expect: false, type: "jsonld" });
  try {
    return await sdtt.structuredDataTest(html, {
      presets: [Google, Twitter, Facebook],
      schemas: [`jsonld:${T}`],
      tests,
    });
  } catch (e) {
    const err = e as { type?: string; res?: SdttResult };
    if (err.type === "VALIDATION_FAILED" && err.res) return err.res;
    throw e;
  }
}

async function page(path: string) {
  const res = await t.app.handle(new Request(`${wall.wallUrl}${path}`));
  expect(res.status).toBe(200);
  return res.text();
}

const reviewable = (items: any[]) => items.filter((x) => x.rating !== null && x.name).length;

describe("structured data on wall pages", () => {
  for (const p of [1, 2]) {
    test(`page ${p}: the reviewed Product, AggregateRating over every shown testimonial, one Review per rated and named testimonial`, async () => {
      const json = (await t.call("GET", `/public/walls/${wall.slug}?page=${p}`)).body;
      const expected = {
        reviews: reviewable(json.testimonials),
        average: json.rating.average,
        ratings: json.rating.count,
      };
      // The page holds testimonials lacking a rating or a name, which must be shown without markup.
      expect(expected.reviews).toBeLessThan(json.testimonials.length);
      expect(expected.reviews).toBeGreaterThan(0);
      const result = await check(await page(p === 1 ? "" : `?page=${p}`), expected);
      expect(result.failed.map((f) => `${f.test}: ${f.error?.message ?? ""}`)).toEqual([]);
      expect(result.schemas).toContain("Product");
    });
  }

  test("a permalink of a rated, named testimonial is one Review; one without a rating has none", async () => {
    const json = (await t.call("GET", `/public/walls/${wall.slug}`)).body;
    const rated = json.testimonials.find((x: any) => x.rating !== null && x.name);
    const unrated = json.testimonials.find((x: any) => x.rating === null);
    const summary = { average: json.rating.average, ratings: json.rating.count };
    const withReview = await check(await page(`/t/${rated.id}`), { reviews: 1, ...summary });
    expect(withReview.failed.map((f) => f.test)).toEqual([]);
    const without = await check(await page(`/t/${unrated.id}`), { reviews: 0, ...summary });
    expect(without.failed.map((f) => f.test)).toEqual([]);
  });

  test("a brand that reviews a course names it: the pages mark up that Course", async () => {
    const changed = await api("PATCH", `/v1/brands/${wall.id}`, {
      review_type: "Course",
      review_item_name: "Sourdough in a Weekend",
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ review_type: "Course", review_item_name: "Sourdough in a Weekend" });
    const json = (await t.call("GET", `/public/walls/${wall.slug}`)).body;
    const expected = {
      reviews: reviewable(json.testimonials),
      average: json.rating.average,
      ratings: json.rating.count,
    };
    const result = await check(await page(""), expected, { type: "Course", name: "Sourdough in a Weekend" });
    expect(result.failed.map((f) => `${f.test}: ${f.error?.message ?? ""}`)).toEqual([]);
    expect((await api("PATCH", `/v1/brands/${wall.id}`, { review_type: "Thing" })).status).toBe(400);
    expect(
      (await api("PATCH", `/v1/brands/${wall.id}`, { review_type: "Product", review_item_name: null })).status,
    ).toBe(200);
  });
});
