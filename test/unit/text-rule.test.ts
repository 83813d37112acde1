/**
 * The display-text rule of issue 30 (src/platform/text.ts), character by character: what one line of display text
 * and text that may span lines refuse, what they keep (emoji sequences, scripts that spell with joiners, the
 * direction marks of right-to-left prose), how refusals are worded, and how line breaks are normalised.
 */
import { describe, expect, test } from "bun:test";
import {
  describeTextProblem,
  isCleanText,
  normaliseLineBreaks,
  normaliseLineBreaksIn,
  textProblem,
} from "../../src/platform/text";

/** Characters the issue names, with the reason a one-line field refuses each. */
const LINE_REFUSED: [string, string, string][] = [
  ["NUL", "\u0000", "control_character"],
  ["ESC", "\u001b", "control_character"],
  ["tab", "\t", "control_character"],
  ["CR", "\r", "line_break"],
  ["LF", "\n", "line_break"],
  ["DEL", "\u007f", "control_character"],
  ["C1 (CSI)", "\u009b", "control_character"],
  ["NEL", "\u0085", "control_character"],
  ["line separator", "\u2028", "line_break"],
  ["paragraph separator", "\u2029", "line_break"],
  ["LRE", "\u202a", "bidi_control"],
  ["RLE", "\u202b", "bidi_control"],
  ["PDF", "\u202c", "bidi_control"],
  ["LRO", "\u202d", "bidi_control"],
  ["RLO", "\u202e", "bidi_control"],
  ["LRI", "\u2066", "bidi_control"],
  ["RLI", "\u2067", "bidi_control"],
  ["FSI", "\u2068", "bidi_control"],
  ["PDI", "\u2069", "bidi_control"],
  ["LRM", "\u200e", "bidi_control"],
  ["RLM", "\u200f", "bidi_control"],
  ["ALM", "\u061c", "bidi_control"],
  ["ZWSP", "\u200b", "invisible_character"],
  ["ZWNJ", "\u200c", "invisible_character"],
  ["ZWJ", "\u200d", "invisible_character"],
  ["word joiner", "\u2060", "invisible_character"],
  ["BOM", "\ufeff", "invisible_character"],
];

describe("one line of display text", () => {
  test("refuses every control, direction and zero-width character the issue names, at any place", () => {
    for (const [label, ch, reason] of LINE_REFUSED) {
      for (const value of [`Dana${ch}`, `${ch}Dana`, `Da${ch}na`]) {
        const p = textProblem(value, "line");
        expect([label, p?.reason]).toEqual([label, reason]);
        expect(p!.character).toBe(`U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`);
      }
    }
  });

  test("says where and what: the position in characters (an emoji is one) and the character's name", () => {
    expect(textProblem("👍 Dana\u202eevil", "line")).toEqual({
      reason: "bidi_control",
      character: "U+202E",
      name: "a right-to-left override",
      position: 7,
    });
    expect(describeTextProblem(textProblem("a\u001bb", "line")!)).toBe(
      "contains an escape character (U+001B), a control character that is not text",
    );
    expect(describeTextProblem(textProblem("a\nb", "line")!)).toBe(
      "contains a line break (U+000A); it must be one line",
    );
    expect(describeTextProblem(textProblem("a\u200bb", "line")!)).toContain("invisible character");
    expect(describeTextProblem(textProblem("a\u2066b", "line")!)).toContain("changes the direction text is shown in");
  });

  test("keeps letters of every script, accents, emoji and their ZWJ sequences", () => {
    for (const value of [
      "Zoë Ångström-Ñúñez",
      "李小龍",
      "Дмитрий",
      "שרה כהן",
      "محمد",
      "👩‍💻 Dana",
      "👨‍👩‍👧‍👦",
      "🏳️‍🌈 Pride",
      "👋🏽‍♀️",
    ]) {
      expect([value, textProblem(value, "line")]).toEqual([value, null]);
    }
  });

  test("keeps ZWNJ and ZWJ between letters of scripts that spell with them, or after a virama (Persian, Hindi, Malayalam)", () => {
    for (const value of ["می\u200cخواهم", "محمد\u200cرضا", "क्\u200dष", "क्\u200cष", "അവന്\u200d"]) {
      expect([value, textProblem(value, "line")]).toEqual([value, null]);
    }
  });

  test("refuses a joiner anywhere else: between Latin letters, at an end, after an emoji but before a letter", () => {
    for (const value of [
      "Da\u200dna",
      "Da\u200cna",
      "Dana\u200d",
      "\u200d👍",
      "👍\u200dDana",
      "👍🏽\u200d",
      "Д\u200cима",
    ]) {
      expect([value, textProblem(value, "line")?.reason]).toEqual([value, "invisible_character"]);
    }
  });
});

describe("text that may span lines", () => {
  test("keeps line breaks, tabs, direction marks and zero-width characters", () => {
    for (const value of ["First line\nsecond\tline", "عربي \u200f123\u200f", "a\u200bb", "a\u2028b", "👩‍💻"]) {
      expect([value, textProblem(value, "text")]).toEqual([value, null]);
    }
  });

  test("refuses other control characters and the embeddings, overrides and isolates", () => {
    for (const [value, reason] of [
      ["a\u0000b", "control_character"],
      ["a\u001b[31mred", "control_character"],
      ["a\u007f", "control_character"],
      ["a\u0090", "control_character"],
      ["a\rb", "control_character"],
      ["a\u202eb", "bidi_control"],
      ["a\u2066b\u2069", "bidi_control"],
      ["a\u202ab", "bidi_control"],
    ] as const) {
      expect([value, textProblem(value, "text")?.reason]).toEqual([value, reason]);
    }
    expect(isCleanText("a\u202eb", "text")).toBe(false);
    expect(isCleanText("a\nb", "text")).toBe(true);
  });
});

describe("line breaks", () => {
  test("\\r\\n and a lone \\r become \\n; other text is untouched", () => {
    expect(normaliseLineBreaks("a\r\nb\rc\nd")).toBe("a\nb\nc\nd");
    const same = "no breaks";
    expect(normaliseLineBreaks(same)).toBe(same);
  });

  test("in a parsed body: every string at any depth, in place, numbers and keys untouched", () => {
    const body = { a: "x\r\ny", n: 1, list: ["p\rq", { deep: "1\r\n2", ok: true }], nothing: null };
    expect(normaliseLineBreaksIn(body)).toBe(body);
    expect(body).toEqual({ a: "x\ny", n: 1, list: ["p\nq", { deep: "1\n2", ok: true }], nothing: null });
  });
});
