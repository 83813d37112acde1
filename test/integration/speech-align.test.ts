/**
 * Forced alignment: the fixture sentence is built from one espeak-ng clip per word joined by known silences, so
 * each word's true start and end are known to the sample. Aligning the written sentence must put every word
 * within 100 ms of its true boundaries, both on the clean WAV and after the MediaRecorder-like WebM round trip
 * (Opus, then extracted again), and must return the words exactly as written. A text that does not match the
 * speech still gets every word, in order, with interpolated times.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { extractSpeechWav } from "../../src/media/audio";
import { alignText } from "../../src/media/speech/align";
import { PocketsphinxEngine } from "../../src/media/speech/pocketsphinx";
import type { Word } from "../../src/media/speech/types";
import { ensureMediaFixtures, type KnownWord, type MediaFixtures } from "../fixtures/media/make-fixtures";
import { realTools, scratch } from "../fixtures/media/tools";

const available = new PocketsphinxEngine().available();
const why = available ? "" : " (skipped: apt-get install pocketsphinx pocketsphinx-en-us)";
let f: MediaFixtures;
beforeAll(() => {
  f = ensureMediaFixtures();
}, 120_000);

function worstError(words: Word[], truth: KnownWord[]): number {
  expect(words.map((w) => w.text)).toEqual(truth.map((w) => w.text));
  return Math.max(
    ...words.flatMap((w, i) => [Math.abs(w.start_ms - truth[i]!.start_ms), Math.abs(w.end_ms - truth[i]!.end_ms)]),
  );
}

describe("forced alignment", () => {
  test.skipIf(!available)(`every word within 100 ms of the known boundaries, text kept exactly${why}`, async () => {
    const r = await alignText(f.speechWav, f.speechText);
    expect(r.text).toBe(f.speechText);
    expect(r.words.map((w) => w.text).join(" ")).toBe(f.speechText);
    expect(r.engine).toBe("pocketsphinx-align");
    expect(r.alignedWords).toBe(f.speechWords.length);
    const worst = worstError(r.words, f.speechWords);
    const raw = worstError((await alignText(f.speechWav, f.speechText, { refine: false })).words, f.speechWords);
    console.log(`alignment, clean WAV: worst boundary error ${worst} ms (${raw} ms before energy refinement)`);
    expect(worst).toBeLessThanOrEqual(100);
  });

  test.skipIf(!available)(`after the WebM (VP8/Opus) round trip, still within 100 ms${why}`, async () => {
    const wav = await extractSpeechWav(realTools(), f.webm, { outPath: join(scratch("align"), "speech.wav") });
    const r = await alignText(wav, f.speechText);
    const worst = worstError(r.words, f.speechWords);
    console.log(`alignment, from the WebM: worst boundary error ${worst} ms`);
    expect(worst).toBeLessThanOrEqual(100);
  });

  test.skipIf(!available)(`an edited text that differs from the speech keeps every word in order${why}`, async () => {
    const edited =
      "Honestly, the team made everything wonderfully simple — our 2 customers noticed it within a week! I'd recommend Plaudit to anyone.";
    const r = await alignText(f.speechWav, edited);
    expect(r.words.map((w) => w.text).join(" ")).toBe(edited);
    for (let i = 0; i < r.words.length; i++) {
      const w = r.words[i]!;
      expect(w.end_ms).toBeGreaterThanOrEqual(w.start_ms);
      if (i) expect(w.start_ms).toBeGreaterThanOrEqual(r.words[i - 1]!.end_ms);
      expect(w.end_ms).toBeLessThanOrEqual(f.speechDurationMs + 20);
    }
    // Words that are in the recording still land near their true times.
    const honestly = r.words[0]!,
      anyone = r.words.at(-1)!;
    expect(Math.abs(honestly.start_ms - f.speechWords[0]!.start_ms)).toBeLessThanOrEqual(150);
    expect(Math.abs(anyone.end_ms - f.speechWords.at(-1)!.end_ms)).toBeLessThanOrEqual(150);
  });

  test.skipIf(!available)(`text with no speakable words is interpolated over the recording${why}`, async () => {
    const r = await alignText(f.speechWav, "— … —");
    expect(r.engine).toBe("interpolated");
    expect(r.words.length).toBe(3);
    expect(r.words.at(-1)!.end_ms).toBe(f.speechDurationMs);
  });
});
