/**
 * Word times kept inside the recording they describe. Speech engines time words in whole frames and may run a few
 * tens of milliseconds past the last sample of a recording; a word ending after the recording ends would make
 * every clip that includes it "outside the recording" for reels. Times are clamped to `[0, durationMs]`, kept in
 * order (each start at or after the previous start) and each word keeps at least 1 ms.
 */
import type { Word } from "../toolkit";
import { spaceWords } from "./space";

/** The words with their times fitted inside a recording of `durationMs` (the text is never changed). */
export function fitWordsToRecording<W extends Word>(words: W[], durationMs: number | null | undefined): W[] {
  if (!durationMs || durationMs <= 1) return words;
  let prevStart = 0;
  return words.map((w) => {
    const start = Math.min(Math.max(w.start_ms, prevStart, 0), durationMs - 1);
    const end = Math.min(Math.max(w.end_ms, start + 1), durationMs);
    prevStart = start;
    return start === w.start_ms && end === w.end_ms ? w : { ...w, start_ms: start, end_ms: end };
  });
}

/**
 * Re-aligned words (a corrected transcript) fitted inside their recording and never stacked: `fitWordsToRecording`,
 * then `spaceWords` (strictly increasing starts, a frame each at least).
 */
export function fitAlignedWords<W extends Word>(words: W[], durationMs: number | null | undefined): W[] {
  const fitted = fitWordsToRecording(words, durationMs);
  return durationMs ? spaceWords(fitted, durationMs) : fitted;
}
