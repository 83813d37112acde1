/**
 * Words never stack (issue 26): over 500 random one-word edits of random transcripts, the words the aligner gives
 * back (some placed by the recogniser, some out of order, some not placed at all) go through what a transcript edit
 * does with them (src/media/speech/align.ts `interpolate` and `spaceWords`, then `fitAlignedWords` against the
 * recording's probed length), and come out with strictly increasing starts, each lasting at least one video frame,
 * inside the recording, text unchanged; the captions of a reel made from them (`buildCues`) keep the same rules.
 */
import { expect, test } from "bun:test";
import fc from "fast-check";
import { dropOutOfOrder, interpolate } from "../../src/media/speech/align";
import { MIN_WORD_MS, spaceWords } from "../../src/media/speech/space";
import { fitAlignedWords } from "../../src/media/speech/fit";
import { buildCues } from "../../src/media/captions";
import type { Word } from "../../src/media/speech/types";

const VOCABULARY = [
  "great",
  "service",
  "the",
  "team",
  "was",
  "really",
  "helpful",
  "and",
  "fast",
  "a",
  "we",
  "love",
  "it.",
];

/** A transcript as the engine timed it: words in order over a recording of `durationMs`. */
const transcript = fc
  .record({
    texts: fc.array(fc.constantFrom(...VOCABULARY), { minLength: 1, maxLength: 60 }),
    msPerWord: fc.integer({ min: 60, max: 2000 }),
    seed: fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 60, maxLength: 60 }),
  })
  .map(({ texts, msPerWord, seed }) => {
    const durationMs = texts.length * msPerWord + seed[0]!;
    const cuts = texts.map((_, i) => Math.round((i * durationMs) / texts.length + (seed[i]! % 50)));
    const words: Word[] = texts.map((text, i) => ({
      text,
      start_ms: cuts[i]!,
      end_ms: Math.max(cuts[i]! + 1, Math.min(durationMs, (cuts[i + 1] ?? durationMs) - (seed[i]! % 30))),
    }));
    return { words, durationMs };
  });

/** One edit of one word: replaced, inserted or deleted (at least one word stays). */
const edit = fc.record({
  op: fc.constantFrom("replace", "insert", "delete"),
  at: fc.nat(),
  word: fc.constantFrom("superb", "Thanks!", "ok", "unbelievably", "x"),
});

/** What the aligner might say about each word of the new text: placed (maybe jittered, maybe stacked) or not. */
const placement = fc.array(
  fc.record({
    placed: fc.integer({ min: 0, max: 9 }),
    jitterMs: fc.integer({ min: -400, max: 400 }),
    stackAtZero: fc.boolean(),
  }),
  { minLength: 61, maxLength: 61 },
);

test("500 random one-word edits: re-aligned words never stack, and neither do their captions", () => {
  fc.assert(
    fc.property(
      transcript,
      edit,
      placement,
      fc.integer({ min: -120, max: 120 }),
      ({ words, durationMs }, e, places, probeDiffMs) => {
        // The edited text, and for each of its words the original word it came from (none for an inserted one).
        const texts = words.map((w) => w.text);
        const from: (number | null)[] = texts.map((_, i) => i);
        const at = e.at % (texts.length + (e.op === "insert" ? 1 : 0));
        if (e.op === "replace") texts[at] = e.word;
        if (e.op === "insert") {
          texts.splice(at, 0, e.word);
          from.splice(at, 0, null);
        }
        if (e.op === "delete" && texts.length > 1) {
          texts.splice(at, 1);
          from.splice(at, 1);
        }
        // The aligner's answer: most words placed near where they were, some jittered out of order or stacked at
        // 0:00, the edited word often not placed at all.
        const timed = texts.map((text, i) => {
          const p = places[i % places.length]!;
          const source = from[i];
          if (source === null || source === undefined || p.placed < 3) return null;
          if (p.stackAtZero && p.placed === 9) return { text, start_ms: 0, end_ms: 1 };
          const w = words[source]!;
          return { text, start_ms: Math.max(0, w.start_ms + p.jitterMs), end_ms: Math.max(1, w.end_ms + p.jitterMs) };
        });
        const aligned = spaceWords(interpolate(dropOutOfOrder(timed), texts, durationMs), durationMs);
        const probedMs = Math.max(texts.length * MIN_WORD_MS, durationMs + probeDiffMs);
        const out = fitAlignedWords(aligned, probedMs);

        expect(out.map((w) => w.text)).toEqual(texts);
        for (let i = 0; i < out.length; i++) {
          const w = out[i]!;
          expect(w.start_ms).toBeGreaterThanOrEqual(0);
          expect(w.end_ms).toBeLessThanOrEqual(probedMs);
          expect(w.end_ms - w.start_ms).toBeGreaterThanOrEqual(MIN_WORD_MS);
          if (i > 0) expect(w.start_ms).toBeGreaterThan(out[i - 1]!.start_ms);
        }
        const cues = buildCues(out);
        for (let i = 0; i < cues.length; i++) {
          expect(cues[i]!.end_ms - cues[i]!.start_ms).toBeGreaterThanOrEqual(MIN_WORD_MS);
          if (i > 0) expect(cues[i]!.start_ms).toBeGreaterThan(cues[i - 1]!.start_ms);
        }
      },
    ),
    { numRuns: 500, seed: 26 },
  );
});

test("without spacing, the same edits do stack (the property test can fail)", () => {
  // Two unplaced words squeezed between neighbours 2 ms apart: interpolate alone gives them 1 ms at one start.
  const texts = ["great", "new", "word", "service"];
  const timed = [
    { text: "great", start_ms: 0, end_ms: 500 },
    null,
    null,
    { text: "service", start_ms: 502, end_ms: 900 },
  ];
  const raw = interpolate(dropOutOfOrder(timed), texts, 1000);
  expect(raw[1]!.end_ms - raw[1]!.start_ms).toBeLessThan(MIN_WORD_MS);
  const spaced = spaceWords(raw, 1000);
  for (let i = 1; i < spaced.length; i++) expect(spaced[i]!.start_ms).toBeGreaterThan(spaced[i - 1]!.start_ms);
  expect(spaced.every((w) => w.end_ms - w.start_ms >= MIN_WORD_MS)).toBe(true);
});
