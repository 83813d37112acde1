/**
 * The trim's edges as the server snaps them to words (src/domains/submissions/trim-words.ts), so the editor shows the
 * words that will be kept before saving; how times read in the editor; and the testimonial as public places show it
 * once trimmed (for the public preview).
 */
import type { SubmissionDetail, Word } from "./types";

/** How far a word may start before the asked start (or end after the asked end) and still be kept whole. */
const TOLERANCE_MS = 250;

/** A part of the recording in milliseconds. */
export interface Span {
  start_ms: number;
  end_ms: number;
}

/** The span snapped to whole words: the first word starting at or after its start, the last ending by its end. */
export function snapSpan(words: Word[], span: Span): Span {
  const first = words.find((w) => w.start_ms >= span.start_ms - TOLERANCE_MS);
  const last = words.findLast((w) => w.end_ms <= span.end_ms + TOLERANCE_MS);
  const start_ms = first && first.start_ms < span.end_ms ? first.start_ms : span.start_ms;
  const end_ms = last && last.end_ms > start_ms ? last.end_ms : span.end_ms;
  return { start_ms, end_ms };
}

/** "0:07.4": minutes, seconds and tenths. */
export function clock(ms: number): string {
  const tenths = Math.round(ms / 100);
  const s = Math.floor(tenths / 10);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}.${tenths % 10}`;
}

/**
 * The testimonial as public places show it once its trim is applied: the words inside the trim as its text, the
 * trimmed copy's length (the server's `presentShown` does the same); unchanged without a trim.
 */
export function asTrimmed(d: SubmissionDetail): SubmissionDetail {
  const trim = d.edit?.applied_trim;
  if (!trim || !d.transcript) return d;
  const kept = d.transcript.words.filter((w) => w.start_ms >= trim.start_ms && w.end_ms <= trim.end_ms);
  return { ...d, text_input: kept.map((w) => w.text).join(" "), duration_ms: d.edit?.duration_ms ?? d.duration_ms };
}
