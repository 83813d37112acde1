/** The server's `reviewed_at` rule: `YYYY-MM-DD` or RFC 3339, never in the future, judged in UTC with the clock. */
import { describe, expect, test } from "bun:test";
import { parseReviewedAt, utcToday } from "../../src/domains/imports/reviewed-at";

const at = (iso: string) => Date.parse(iso);

describe("parseReviewedAt", () => {
  const cases: [string, string, string | "invalid_date" | "future_date"][] = [
    // [now, input, stored value or refusal reason]
    ["2026-11-22T12:00:00.000Z", "2026-11-22", "2026-11-22"],
    ["2026-11-22T12:00:00.000Z", "2026-11-23", "future_date"],
    ["2026-11-22T00:00:00.000Z", "2026-11-22", "2026-11-22"],
    ["2026-11-22T23:59:59.999Z", "2026-11-22", "2026-11-22"],
    ["2026-11-22T23:59:59.999Z", "2026-11-23", "future_date"],
    ["2026-11-23T00:00:00.000Z", "2026-11-23", "2026-11-23"],
    ["2026-11-22T12:00:00.000Z", "2026-11-22T12:00:00Z", "2026-11-22"],
    ["2026-11-22T12:00:00.000Z", "2026-11-22T12:00:00.001Z", "future_date"],
    ["2026-11-22T12:00:00.000Z", "2026-11-22T23:30:00+12:00", "2026-11-22"],
    ["2026-11-22T12:00:00.000Z", "2026-11-22T11:00:00-02:00", "future_date"],
    ["2026-11-22T12:00:00.000Z", "2026-03-04t10:30:00.123456z", "2026-03-04"],
    // A timestamp is stored as its UTC date (the date part as written may differ).
    ["2026-11-22T12:00:00.000Z", "2026-03-04T23:30:00-05:00", "2026-03-05"],
    ["2026-11-22T12:00:00.000Z", "2026-03-05T01:30:00+05:00", "2026-03-04"],
    ["2026-11-22T12:00:00.000Z", "2024-02-29", "2024-02-29"],
    ["2026-11-22T12:00:00.000Z", "2026-02-29", "invalid_date"],
    ["2026-11-22T12:00:00.000Z", "2026-13-01", "invalid_date"],
    ["2026-11-22T12:00:00.000Z", "2026-03-04T24:00:00Z", "invalid_date"],
    ["2026-11-22T12:00:00.000Z", "2026-03-04T10:30:00+24:00", "invalid_date"],
    ["2026-11-22T12:00:00.000Z", "2026-03-04T10:30:00", "invalid_date"],
    ["2026-11-22T12:00:00.000Z", "03/04/2026", "invalid_date"],
    ["2026-11-22T12:00:00.000Z", "4 March 2026", "invalid_date"],
    ["2026-11-22T12:00:00.000Z", "0099-01-01", "0099-01-01"],
  ];
  for (const [now, input, want] of cases) {
    test(`${input} at ${now} → ${want}`, () => {
      const r = parseReviewedAt(input, at(now));
      if (want === "invalid_date" || want === "future_date") expect(r).toMatchObject({ ok: false, reason: want });
      else expect(r).toEqual({ ok: true, value: want });
    });
  }
  test("utcToday ignores local time zones", () => expect(utcToday(at("2026-11-22T23:59:59.999Z"))).toBe("2026-11-22"));
});
