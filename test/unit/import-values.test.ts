/** The dashboard's cell readers and row checks: ratings, dates (ambiguous ones refused), limits, batches of 500. */
import { describe, expect, test } from "bun:test";
import { parseRating, parseReviewDate } from "../../web/dashboard/import/values";
import { checkRows, splitChecked } from "../../web/dashboard/import/rows";
import { chunk, refusedRowsOf, sendInBatches, type ImportAnswer } from "../../web/dashboard/import/batches";
import type { Mapping } from "../../web/dashboard/import/headers";

const NOW = new Date(Date.UTC(2026, 10, 22, 12, 0, 0));

describe("parseRating", () => {
  const accepted: [string, number | null][] = [
    ["", null],
    ["  ", null],
    ["4", 4],
    ["1", 1],
    ["5", 5],
    [" 3 ", 3],
    ["4/5", 4],
    ["4 / 5", 4],
    ["4 stars", 4],
    ["1 star", 1],
    ["4/5 stars", 4],
    ["4 out of 5", 4],
    ["4.0", 4],
    ["★★★★☆", 4],
    ["★★★★★", 5],
    ["★", 1],
    ["★☆☆☆☆", 1],
    ["⭐⭐⭐", 3],
    ["★ ★ ★", 3],
  ];
  for (const [cell, want] of accepted)
    test(`“${cell}” → ${want}`, () => expect(parseRating(cell)).toEqual({ ok: true, value: want }));

  const refused: [string, RegExp][] = [
    ["4.5", /never rounded/],
    ["4,5", /never rounded/],
    ["4.5/5", /never rounded/],
    ["★★★½", /half star/],
    ["0", /outside 1 to 5/],
    ["6", /outside 1 to 5/],
    ["☆☆☆☆☆", /outside 1 to 5/],
    ["★★★★★★", /more than five/],
    ["8/10", /not out of 5/],
    ["-1", /not a rating/],
    ["four", /not a rating/],
    ["4 points", /not a rating/],
  ];
  for (const [cell, message] of refused) {
    test(`“${cell}” is refused`, () => {
      const r = parseRating(cell);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.message).toMatch(message);
    });
  }
});

describe("parseReviewDate (today is 2026-11-22 in UTC)", () => {
  const accepted: [string, string | null][] = [
    ["", null],
    ["2026-03-04", "2026-03-04"],
    ["2026-11-22", "2026-11-22"],
    ["2026-03-04 10:30", "2026-03-04"],
    ["2026-03-04T10:30:00", "2026-03-04"],
    ["2026-03-04T10:30:00Z", "2026-03-04T10:30:00Z"],
    ["2026-03-04T10:30:00+02:00", "2026-03-04T10:30:00+02:00"],
    ["3 March 2026", "2026-03-03"],
    ["03 Mar 2026", "2026-03-03"],
    ["3rd March, 2026", "2026-03-03"],
    ["3 of March 2026", "2026-03-03"],
    ["03-Mar-2026", "2026-03-03"],
    ["3 Sept 2026", "2026-09-03"],
    ["Tuesday, 3 March 2026", "2026-03-03"],
    ["March 3, 2026", "2026-03-03"],
    ["Mar 3 2026", "2026-03-03"],
    ["March 3rd, 2026", "2026-03-03"],
    ["mar. 3, 2026", "2026-03-03"],
    ["29 February 2024", "2024-02-29"],
  ];
  for (const [cell, want] of accepted)
    test(`“${cell}” → ${want}`, () => expect(parseReviewDate(cell, NOW)).toEqual({ ok: true, value: want }));

  const refused: [string, RegExp][] = [
    ["03/04/2026", /ambiguous/],
    ["3/4/2026", /ambiguous/],
    ["04.03.2026", /ambiguous/],
    ["04-03-2026", /ambiguous/],
    ["12/25/2026", /ambiguous/],
    ["25/12/26", /ambiguous/],
    ["2026-11-23", /future/],
    ["23 November 2026", /future/],
    ["2026-11-22T12:00:01Z", /future/],
    ["2026-02-30", /calendar/],
    ["30 February 2026", /calendar/],
    ["3 Marzo 2026", /not a month/],
    ["last Tuesday", /not a date/],
    ["2026", /not a date/],
  ];
  for (const [cell, message] of refused) {
    test(`“${cell}” is refused`, () => {
      const r = parseReviewDate(cell, NOW);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.message).toMatch(message);
    });
  }
});

describe("checkRows", () => {
  const header = ["Review", "Name", "Stars", "Date", "Email", "Link", "Platform", "Role"];
  const mapping: Mapping = ["text", "name", "rating", "reviewed_at", "email", "source_url", "source", "title"];

  test("builds payloads with only filled fields, and names each problem's field", () => {
    const rows = checkRows(
      [
        ["  Great service  ", "Ann", "★★★★☆", "3 March 2026", "", "", "", ""],
        ["Fine", "", "", "", "bob@example.com", "https://g.co/r/1", "Yelp", "CTO"],
        ["Hmm", "Cy", "4.5", "03/04/2026", "not-an-email", "ftp://x", "", ""],
        ["", "Dee", "5", "", "", "", "", ""],
        ["x".repeat(5001), "n".repeat(121), "", "", "", "", "s".repeat(61), "t".repeat(120)],
        ["Too many", "Ed", "", "", "", "", "", "", "surprise"],
      ],
      header,
      mapping,
      NOW,
    );
    expect(rows[0]).toMatchObject({
      number: 1,
      payload: { text: "Great service", name: "Ann", rating: 4, reviewed_at: "2026-03-03" },
      problems: [],
    });
    expect(rows[1]!.payload).toEqual({
      text: "Fine",
      email: "bob@example.com",
      source_url: "https://g.co/r/1",
      source: "Yelp",
      title: "CTO",
    });
    expect(rows[2]!.payload).toBeNull();
    // An email has no form rule (contract): only rating, date and address are problems here.
    expect(rows[2]!.problems.map((p) => p.field)).toEqual(["rating", "reviewed_at", "source_url"]);
    expect(rows[3]!.problems).toEqual([{ field: "text", message: "The review text is empty." }]);
    // 61 characters of a row's own source are fine: 60 is source.name's limit.
    expect(rows[4]!.problems.map((p) => p.field)).toEqual(["text", "name"]);
    expect(rows[5]!.problems[0]).toMatchObject({ field: null, message: expect.stringContaining("9 fields") });
    const { ready, refused } = splitChecked(rows);
    expect(ready.map((r) => r.number)).toEqual([1, 2]);
    expect(refused.map((r) => r.number)).toEqual([3, 4, 5, 6]);
  });

  test("5,000 characters after trimming pass; 5,001 do not (characters, not UTF-16 units)", () => {
    const rows = checkRows(
      [[` ${"é".repeat(5000)} \n`], ["😀".repeat(5000)], ["a".repeat(5001)]],
      ["text"],
      ["text"],
      NOW,
    );
    expect(rows.map((r) => r.problems.length)).toEqual([0, 0, 1]);
  });
});

describe("sendInBatches", () => {
  const ready = (n: number) =>
    checkRows(
      Array.from({ length: n }, (_, i) => [`review ${i + 1}`]),
      ["text"],
      ["text"],
      NOW,
    );

  test("chunks of at most 500", () => {
    expect(chunk(Array.from({ length: 1201 })).map((c) => c.length)).toEqual([500, 500, 201]);
    expect(chunk([])).toEqual([]);
  });

  test("1,201 rows go out as 500 + 500 + 201 with progress; duplicates map back to CSV rows", async () => {
    const sizes: number[] = [];
    const progress: number[] = [];
    const summary = await sendInBatches(
      ready(1201),
      async (rows) => {
        sizes.push(rows.length);
        return {
          import_id: `imp_${sizes.length}`,
          created: rows.length - 1,
          duplicate_rows: [1],
          origin: "imported",
        } satisfies ImportAnswer;
      },
      (done) => progress.push(done),
    );
    expect(sizes).toEqual([500, 500, 201]);
    expect(progress).toEqual([500, 1000, 1201]);
    expect(summary).toMatchObject({
      created: 1198,
      duplicates: [1, 501, 1001],
      refused: [],
      notSent: [],
      stoppedBy: null,
    });
  });

  test("rows the server names are set aside and the rest of the batch is sent again", async () => {
    const calls: string[][] = [];
    const summary = await sendInBatches(ready(3), async (rows) => {
      calls.push(rows.map((r) => r.text));
      if (calls.length === 1)
        throw {
          status: 400,
          details: { errors: [{ field: "rows[1].reviewed_at", message: "in the future", row: 2 }] },
        };
      return { import_id: "imp_1", created: rows.length, duplicate_rows: [], origin: "imported" };
    });
    expect(calls).toEqual([
      ["review 1", "review 2", "review 3"],
      ["review 1", "review 3"],
    ]);
    expect(summary).toMatchObject({ created: 2, refused: [{ number: 2, message: "in the future" }], stoppedBy: null });
  });

  test("a plan limit stops the import and lists the rows not sent", async () => {
    let n = 0;
    const limit = { status: 402, code: "plan_limit_exceeded", message: "Your plan allows 500 imported reviews" };
    const summary = await sendInBatches(ready(1100), async (rows) => {
      if (++n === 2) throw limit;
      return { import_id: "imp_1", created: rows.length, duplicate_rows: [], origin: "imported" };
    });
    expect(summary.created).toBe(500);
    expect(summary.stoppedBy).toBe(limit);
    expect(summary.notSent).toEqual(Array.from({ length: 600 }, (_, i) => 501 + i));
    expect(refusedRowsOf(limit).size).toBe(0);
    expect(refusedRowsOf({ status: 400, details: { errors: [{ field: "source.name", message: "x" }] } }).size).toBe(0);
  });
});
