/**
 * Following a recording through its transcript: which word is being said at a moment, and times as people read
 * them. Pure functions, run on every animation frame while a recording plays.
 */
import type { Word } from "./types";

/** After a word ends it stays lit this long, so short pauses do not make the highlight flicker. */
export const HOLD_MS = 300;

/**
 * Index of the word being said at `ms` (the last word started by then, while it lasts or for `HOLD_MS` after),
 * or -1 before the first word and in longer pauses. Words are in time order; binary search.
 */
export function wordAt(words: readonly Word[], ms: number): number {
  let lo = 0;
  let hi = words.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (words[mid]!.start_ms <= ms) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  if (found < 0) return -1;
  return ms <= words[found]!.end_ms + HOLD_MS ? found : -1;
}

/** "0:07.4", "1:02.0": minutes, seconds and tenths, for word timings. */
export function formatTiming(ms: number): string {
  const tenths = Math.max(0, Math.round(ms / 100));
  const m = Math.floor(tenths / 600);
  const s = Math.floor((tenths % 600) / 10);
  return `${m}:${String(s).padStart(2, "0")}.${tenths % 10}`;
}

/** "0:42", "12:05": a recording's length. */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return "—";
  const total = Math.round(ms / 1000);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, "0")}`;
}

/** The text as the server will read it: whitespace collapsed, ends trimmed. */
export const cleanText = (text: string): string => text.replace(/\s+/g, " ").trim();
