/**
 * CSV cells: quoting (RFC 4180) and the formula-injection guard, checked case by case and, for any text, by
 * reading the written line back with papaparse: the value survives (with a leading apostrophe when it could start
 * a formula) and no cell a spreadsheet reads starts a formula.
 */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import Papa from "papaparse";
import { csvCell, csvLine } from "../../src/domains/exports";

const cases: [string, unknown, string][] = [
  ["plain text", "Great service", "Great service"],
  ["a formula", "=1+1", "'=1+1"],
  ["a plus", "+44 20 7946 0000", "'+44 20 7946 0000"],
  ["a minus", "-2+3", "'-2+3"],
  ["an at sign", "@SUM(A1:A9)", "'@SUM(A1:A9)"],
  ["a leading tab", "\t=cmd", "'\t=cmd"],
  ["a leading carriage return", "\r=cmd", '"\'\r=cmd"'],
  ["spaces before a formula", '  =HYPERLINK("x")', '"\'  =HYPERLINK(""x"")"'],
  ["a comma", "fast, friendly", '"fast, friendly"'],
  ["quotes", 'they said "wow"', '"they said ""wow"""'],
  ["a line break", "line one\nline two", '"line one\nline two"'],
  ["a formula later in the text", "total =1+1", "total =1+1"],
  ["a negative number", -0.5, "-0.5"],
  ["a whole number", 5, "5"],
  ["true", true, "true"],
  ["null", null, ""],
  ["a list", ["Featured", "=evil"], "Featured; =evil"],
  ["a list starting with a formula", ["=evil", "ok"], "'=evil; ok"],
];

describe("csvCell", () => {
  for (const [name, value, want] of cases) {
    test(name, () => expect(csvCell(value as never)).toBe(want));
  }
});

describe("any text", () => {
  test("reads back as written, guarded, one cell per value", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: "binary", maxLength: 40 }), { minLength: 1, maxLength: 5 }), (cells) => {
        const line = csvLine(cells);
        const parsed = Papa.parse<string[]>(line, { delimiter: ",", newline: "\r\n" }).data[0]!;
        expect(parsed).toHaveLength(cells.length);
        parsed.forEach((got, i) => {
          const original = cells[i]!;
          const guarded = /^\s*[=+\-@\t\r]/.test(original);
          expect(got).toBe(guarded ? `'${original}` : original);
          expect(/^\s*[=+\-@]/.test(got)).toBe(false);
        });
      }),
      { numRuns: 200 },
    );
  });
});
