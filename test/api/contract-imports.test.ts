/**
 * Contract, to the letter, for imports: `reviewed_at` is a date (a timestamp given is stored and shown as its UTC
 * date); lengths are characters (code points), not UTF-16 units; and a row is refused only for what the contract
 * refuses (60 characters is `source.name`'s limit, not a row's own `source`'s; `email` has no form rule).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";

let t: TestApp;
let a: TestOrg;
let brandId: string;

beforeAll(async () => {
  t = await makeTestApp();
  a = await t.org({ plan: "plus" });
  brandId = (await t.call("GET", "/v1/brands", { auth: a.liveKey })).body.data[0].id;
});
afterAll(() => t.close());

let n = 0;
/** A row with unique words, so no two tests' rows are duplicates. */
const row = (extra: Record<string, unknown> = {}) => ({
  text: `Imported review number ${++n}, genuinely glad we found them.`,
  ...extra,
});
const post = (rows: unknown[], source: Record<string, unknown> = { name: "Google" }) =>
  t.call("POST", "/v1/imports", { auth: a.liveKey, body: { brand_id: brandId, source, attested: true, rows } });
/** Imports the rows and returns their testimonials in row order (found by their words, unique per row). */
async function onlyImported(rows: { text: string }[]) {
  const r = await post(rows);
  expect(r.status).toBe(201);
  const all = (await t.call("GET", "/v1/submissions?origin=imported&limit=100", { auth: a.liveKey })).body.data;
  const list = rows.map((x) => all.find((s: any) => s.text_input === x.text));
  for (const s of list) expect(s).toBeDefined();
  return { r, list };
}

describe("reviewed_at is a date", () => {
  test("a timestamp is stored and shown as its UTC date; a date stays as given", async () => {
    const { list } = await onlyImported([
      row({ reviewed_at: "2026-03-04T23:30:00-05:00" }),
      row({ reviewed_at: "2026-03-05T01:30:00+05:00" }),
      row({ reviewed_at: "2026-03-04T10:30:00Z" }),
      row({ reviewed_at: "2026-03-04" }),
    ]);
    expect(list.map((s: any) => s.reviewed_at)).toEqual(["2026-03-05", "2026-03-04", "2026-03-04", "2026-03-04"]);
    for (const s of list) {
      const detail = (await t.call("GET", `/v1/submissions/${s.id}`, { auth: a.liveKey })).body;
      expect(detail.reviewed_at).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  test("a timestamp in the future is still refused", async () => {
    const r = await post([row({ reviewed_at: "2026-11-22T12:00:01Z" })]);
    expect(r.status).toBe(400);
    expect(r.body.error.details.errors[0]).toMatchObject({ field: "rows[0].reviewed_at", reason: "future_date" });
  });
});

describe("lengths count characters, not UTF-16 units", () => {
  test("5,000 emoji of text, 120 of name, title and company, 60 of source.name pass", async () => {
    const e = (k: number) => "😀".repeat(k);
    const r = await post(
      [{ text: `${e(4990)}${String(++n).padStart(10, "x")}`, name: e(120), title: e(120), company: e(120) }],
      { name: e(60) },
    );
    expect(r.status).toBe(201);
    expect(r.body.created).toBe(1);
  });

  test("one character more is refused, counted in characters", async () => {
    const e = (k: number) => "😀".repeat(k);
    const r = await post([{ text: e(5001), name: e(121) }], { name: e(61) });
    expect(r.status).toBe(400);
    const errors = r.body.error.details.errors.map((x: any) => [x.field, x.reason, x.message]);
    expect(errors).toEqual([
      ["source.name", "too_long", expect.stringContaining("61 characters")],
      ["rows[0].text", "too_long", expect.stringContaining("5001 characters")],
      ["rows[0].name", "too_long", expect.stringContaining("121 characters")],
    ]);
  });
});

describe("only what the contract refuses", () => {
  test("a row's own source longer than 60 characters is taken (60 is source.name's limit)", async () => {
    const long = `Customer review aggregator of the northern regions ${"z".repeat(40)}`;
    const { list } = await onlyImported([row({ source: long })]);
    expect(list[0].source.name).toBe(long);
  });

  test("an email in any form is taken and kept private", async () => {
    const { r, list } = await onlyImported([row({ email: "ann at example" })]);
    expect(r.body.created).toBe(1);
    const detail = (await t.call("GET", `/v1/submissions/${list[0].id}`, { auth: a.liveKey })).body;
    expect(detail.respondent_email).toBe("ann at example");
  });

  test("the contract's refusals stay: attestation, rating, future date, empty text, bad addresses, 61-character source.name", async () => {
    const cases: [unknown[], Record<string, unknown>, string][] = [
      [[row({ rating: 4.5 })], { name: "Google" }, "rows[0].rating"],
      [[row({ rating: 6 })], { name: "Google" }, "rows[0].rating"],
      [[row({ reviewed_at: "2026-11-23" })], { name: "Google" }, "rows[0].reviewed_at"],
      [[{ text: "   " }], { name: "Google" }, "rows[0].text"],
      [[row({ source_url: "ftp://example.com/r" })], { name: "Google" }, "rows[0].source_url"],
      [[row()], { name: "Google", url: "javascript:alert(1)" }, "source.url"],
      [[row()], { name: "g".repeat(61) }, "source.name"],
    ];
    for (const [rows, source, field] of cases) {
      const r = await post(rows, source);
      expect({ field, status: r.status }).toEqual({ field, status: 400 });
      expect(r.body.error.details.field).toBe(field);
    }
    const unattested = await t.call("POST", "/v1/imports", {
      auth: a.liveKey,
      body: { brand_id: brandId, source: { name: "Google" }, attested: false, rows: [row()] },
    });
    expect(unattested.status).toBe(400);
  });
});
