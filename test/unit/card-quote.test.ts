/**
 * The words on a share image never stop mid-word (src/media/cards/quote.ts), as a property over random texts of
 * sentences: the highlight fits its limit, is the text itself when the text fits, and otherwise is a run of the
 * text's own words that starts and ends on word boundaries (with an ellipsis only when it had to cut a sentence).
 */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { highlight } from "../../src/media/cards/quote";

const word = fc.stringMatching(/^[A-Za-z]{1,12}$/);
const sentence = fc.array(word, { minLength: 1, maxLength: 30 }).chain((ws) =>
  fc.constantFrom(".", "!", "?", ",", "").map((end) => {
    const s = ws.join(" ");
    return `${s[0]!.toUpperCase()}${s.slice(1)}${end}`;
  }),
);
const text = fc.array(sentence, { minLength: 1, maxLength: 12 }).map((ss) => ss.join(" "));

describe("a share image's words", () => {
  test("fit the limit and never stop mid-word", () => {
    fc.assert(
      fc.property(text, fc.integer({ min: 40, max: 460 }), (t, max) => {
        const h = highlight(t, max);
        expect(h.length).toBeLessThanOrEqual(max);
        if (t.length <= max) return expect(h).toBe(t);
        const body = h.endsWith("…") ? h.slice(0, -1) : h;
        // Somewhere in the text it starts at a word's start and ends at a word's end (the same letters may also
        // stand inside a word earlier on: "A." is in "aaAaAA. A.").
        const starts: number[] = [];
        for (let at = t.indexOf(body); at >= 0; at = t.indexOf(body, at + 1)) starts.push(at);
        expect(starts.length).toBeGreaterThan(0);
        const whole = starts.some((at) => {
          const after = t[at + body.length];
          return (at === 0 || /\s/.test(t[at - 1]!)) && (after === undefined || /[\s.,!?]/.test(after));
        });
        expect([body, whole]).toEqual([body, true]);
        expect(body.trim().length).toBeGreaterThan(0);
      }),
      { numRuns: 400 },
    );
  });
});
