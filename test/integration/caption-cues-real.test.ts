/**
 * Caption rules on real recordings: the espeak-ng speech fixture aligned (pocketsphinx) as recorded and after
 * random edits of its transcript (a word replaced, inserted, deleted, two words joined), then cut into cues as the
 * widget (whole recording) and a reel clip (a span ending on a word) would: the rules of test/helpers/cue-rules.ts
 * hold, and the aligned words' times only move forward with the text exactly as edited.
 */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { alignText } from "../../src/media/speech/align";
import { buildCues, CUE_DEFAULTS } from "../../src/media/captions";
import { ensureMediaFixtures } from "../fixtures/media/make-fixtures";
import { brokenCueRules } from "../helpers/cue-rules";
import type { Word } from "../../src/media/speech/types";

const media = ensureMediaFixtures();
const READABLE = CUE_DEFAULTS.readableMs;

/** One random edit of a word list (seeded, so a failure repeats). */
function edit(words: string[], seed: number): string[] {
  const [kind, at, insert] = fc.sample(
    fc.tuple(
      fc.integer({ min: 0, max: 3 }),
      fc.nat({ max: words.length - 2 }),
      fc.constantFrom("Brightside", "truly", "Q3", "O'Neill's"),
    ),
    { seed, numRuns: 1 },
  )[0]!;
  const out = [...words];
  if (kind === 0) out[at] = insert;
  else if (kind === 1) out.splice(at, 0, insert);
  else if (kind === 2) out.splice(at, 1);
  else out.splice(at, 2, `${words[at]}-${words[at + 1]}`);
  return out;
}

function ordered(words: Word[]): string[] {
  const problems: string[] = [];
  words.forEach((w, i) => {
    if (w.end_ms < w.start_ms) problems.push(`word ${i} "${w.text}" ends before it starts`);
    if (i && w.start_ms < words[i - 1]!.end_ms) problems.push(`word ${i} "${w.text}" starts before word ${i - 1} ends`);
  });
  return problems;
}

describe("aligned real speech, as recorded and edited", () => {
  const original = media.speechText.split(/\s+/);
  const texts = [original, ...[11, 22, 33, 44].map((seed) => edit(original, seed))];
  for (const [i, words] of texts.entries()) {
    test(`${i === 0 ? "as recorded" : `edit ${i}`}: words in order; cues keep every rule in the whole recording and in a clip`, async () => {
      const aligned = await alignText(media.speechWav, words.join(" "));
      expect(aligned.words.map((w) => w.text)).toEqual(words);
      expect(ordered(aligned.words)).toEqual([]);
      expect(brokenCueRules(buildCues(aligned.words), { words: aligned.words, readableMs: READABLE })).toEqual([]);
      // A clip from the third word to the second-to-last word's end, as a reel cuts it.
      const clip = aligned.words.slice(2, -1);
      const until = clip[clip.length - 1]!.end_ms;
      expect(
        brokenCueRules(buildCues(clip, { untilMs: until }), {
          words: clip,
          readableMs: READABLE,
          fromMs: clip[0]!.start_ms,
          untilMs: until,
        }),
      ).toEqual([]);
    }, 60_000);
  }
});
