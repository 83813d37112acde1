/**
 * Trims and words: a trim's edges snapped to the transcript's word boundaries, and the words a trimmed copy holds,
 * shifted to its own zero (what its captions and public transcript show).
 */
import type { TrimSpan, Word } from "./tables";

/** How far a word may start before the asked start (or end after the asked end) and still be kept whole. */
export const SNAP_TOLERANCE_MS = 250;

/**
 * The trim snapped to words: the start moves to the start of the first word starting at or after `start_ms` (less
 * the tolerance), the end to the end of the last word ending at or before `end_ms` (plus the tolerance). An edge with
 * no such word, or a recording without words, keeps its asked time.
 */
export function snapTrim(words: Word[], span: TrimSpan): TrimSpan {
  const first = words.find((w) => w.start_ms >= span.start_ms - SNAP_TOLERANCE_MS);
  const last = words.findLast((w) => w.end_ms <= span.end_ms + SNAP_TOLERANCE_MS);
  const start_ms = first && first.start_ms < span.end_ms ? Math.max(0, first.start_ms) : span.start_ms;
  const end_ms = last && last.end_ms > start_ms ? last.end_ms : span.end_ms;
  return { start_ms, end_ms };
}

/** The words inside `trim`, shifted so the trim's start is zero; all words when there is no trim. */
export function wordsInTrim(words: Word[], trim: TrimSpan | null | undefined): Word[] {
  if (!trim) return words;
  const length = trim.end_ms - trim.start_ms;
  return words
    .filter((w) => w.start_ms >= trim.start_ms && w.end_ms <= trim.end_ms)
    .map((w) => ({
      ...w,
      start_ms: Math.max(0, w.start_ms - trim.start_ms),
      end_ms: Math.min(length, w.end_ms - trim.start_ms),
    }));
}

/** The words inside `trim` on the recording's own timeline (reels cut the full recording within the trim). */
export function wordsWithin(words: Word[], trim: TrimSpan | null | undefined): Word[] {
  return trim ? words.filter((w) => w.start_ms >= trim.start_ms && w.end_ms <= trim.end_ms) : words;
}
