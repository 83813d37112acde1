/**
 * Caption cue rules as properties over random timed words (ordered, possibly touching, zero-length or stacked at
 * one instant, as engines and edits produce them), with and without a clip end: see test/helpers/cue-rules.ts.
 * Plus the cases reported: a zero-length cue at a clip's end, a 14 ms cue for an edited word.
 */
import { expect, test } from "bun:test";
import fc from "fast-check";
import { buildCues, CUE_DEFAULTS } from "../../src/media/captions";
import { dropOutOfOrder, interpolate } from "../../src/media/speech/align";
import { brokenCueRules } from "../helpers/cue-rules";
import type { Word } from "../../src/media/speech/types";

const READABLE = CUE_DEFAULTS.readableMs;

/** Ordered words: each starts at or after the previous start, lasting 0 to 900 ms, gaps 0 to 1.5 s. */
const orderedWords = fc
  .array(
    fc.record({
      text: fc.constantFrom("yes", "the", "team", "Brightside", "was", "great.", "really", "fast!", "and", "kind"),
      gap: fc.integer({ min: 0, max: 1500 }),
      len: fc.integer({ min: 0, max: 900 }),
    }),
    { minLength: 1, maxLength: 40 },
  )
  .map((items) => {
    let at = 0;
    return items.map(({ text, gap, len }) => {
      const w: Word = { text, start_ms: at + gap, end_ms: at + gap + len };
      at = w.end_ms;
      return w;
    });
  });

test("cues keep every rule for any ordered words", () => {
  fc.assert(
    fc.property(orderedWords, (words) => {
      expect(brokenCueRules(buildCues(words), { words, readableMs: READABLE })).toEqual([]);
    }),
    { numRuns: 400 },
  );
});

test("inside a clip that ends early (a reel cut), cues keep every rule and end with the clip", () => {
  fc.assert(
    fc.property(orderedWords, fc.integer({ min: 0, max: 400 }), (words, slack) => {
      const until = words[words.length - 1]!.end_ms + slack;
      fc.pre(until > 0); // a clip lasts some time
      expect(
        brokenCueRules(buildCues(words, { untilMs: until }), { words, readableMs: READABLE, untilMs: until }),
      ).toEqual([]);
    }),
    { numRuns: 4000 },
  );
});

test("the reported cases: a word ending exactly at the cut, and a 14 ms edited word right before the next cue", () => {
  const atCut: Word[] = [
    { text: "great", start_ms: 21_900, end_ms: 22_300 },
    { text: "answer.", start_ms: 22_770, end_ms: 22_770 },
  ];
  const cues = buildCues(atCut, { untilMs: 22_770 });
  expect(brokenCueRules(cues, { words: atCut, readableMs: READABLE, untilMs: 22_770 })).toEqual([]);
  // The only word, zero-length, right at the cut: its cue starts earlier rather than lasting nothing.
  const alone: Word[] = [{ text: "yes", start_ms: 500, end_ms: 500 }];
  expect(
    brokenCueRules(buildCues(alone, { untilMs: 500 }), { words: alone, readableMs: READABLE, untilMs: 500 }),
  ).toEqual([]);
  const edited: Word[] = [
    { text: "Brightside", start_ms: 2_500, end_ms: 2_514 },
    { text: "Studio.", start_ms: 2_514, end_ms: 2_900 },
    { text: "Then", start_ms: 2_514, end_ms: 3_100 },
  ];
  expect(brokenCueRules(buildCues(edited), { words: edited, readableMs: READABLE })).toEqual([]);
});

test("alignment: words placed out of order or stacked at 0 are spread between their neighbours, never stacked", () => {
  const texts = ["Working", "with", "Brightside", "Studio", "was", "great."];
  const placed: (Word | null)[] = [
    { text: "Working", start_ms: 0, end_ms: 300 },
    { text: "with", start_ms: 0, end_ms: 200 },
    { text: "Brightside", start_ms: 0, end_ms: 250 },
    { text: "Studio", start_ms: 1_200, end_ms: 1_600 },
    null,
    { text: "great.", start_ms: 1_900, end_ms: 2_400 },
  ];
  const words = interpolate(dropOutOfOrder(placed), texts, 3_000);
  expect(words.map((w) => w.text)).toEqual(texts);
  for (let i = 1; i < words.length; i++) expect(words[i]!.start_ms).toBeGreaterThanOrEqual(words[i - 1]!.end_ms);
  expect(new Set(words.map((w) => w.start_ms)).size).toBe(words.length);
});
