/** Word times fitted inside the recording: clamped, ordered, never zero-length, text untouched. */
import { expect, test } from "bun:test";
import fc from "fast-check";
import { fitWordsToRecording } from "../../src/media/speech/fit";

test("a last word that runs past the end of the recording ends with it", () => {
  const words = [
    { text: "great", start_ms: 100, end_ms: 400 },
    { text: "service", start_ms: 450, end_ms: 7080 },
  ];
  expect(fitWordsToRecording(words, 7000)).toEqual([
    { text: "great", start_ms: 100, end_ms: 400 },
    { text: "service", start_ms: 450, end_ms: 7000 },
  ]);
});

test("words inside the recording are returned as they are", () => {
  const words = [{ text: "a", start_ms: 0, end_ms: 10 }];
  expect(fitWordsToRecording(words, 1000)[0]).toBe(words[0]!);
  expect(fitWordsToRecording(words, null)).toBe(words);
});

test("any words: inside [0, duration], starts in order, each at least 1 ms, same text", () => {
  const word = fc.record({
    text: fc.string({ minLength: 1, maxLength: 8 }),
    start_ms: fc.integer({ min: -50, max: 12_000 }),
    end_ms: fc.integer({ min: -50, max: 12_000 }),
  });
  fc.assert(
    fc.property(fc.array(word, { maxLength: 40 }), fc.integer({ min: 2, max: 10_000 }), (words, duration) => {
      const fitted = fitWordsToRecording(words, duration);
      expect(fitted.map((w) => w.text)).toEqual(words.map((w) => w.text));
      let prev = 0;
      for (const w of fitted) {
        expect(w.start_ms).toBeGreaterThanOrEqual(prev);
        expect(w.start_ms).toBeGreaterThanOrEqual(0);
        expect(w.end_ms).toBeGreaterThan(w.start_ms);
        expect(w.end_ms).toBeLessThanOrEqual(duration);
        prev = w.start_ms;
      }
    }),
  );
});
