/**
 * Clip spans against a transcript: a span starts exactly at a word's `start_ms`, ends exactly at a word's
 * `end_ms` (not before its first word), lies inside the recording, and lasts 1.5 to 30 seconds. The clip's
 * `text` is the words inside the span joined by spaces, exactly as the transcript has them.
 */
import type { Word } from "../submissions";
import { REEL_LIMITS } from "./model";

/** Why a span is refused. */
export type SpanProblem = "off_word_boundary" | "outside_recording" | "too_short" | "too_long";

/** A span that passed: the indices of its first and last words and its text. */
export interface CheckedSpan {
  first: number;
  last: number;
  text: string;
}

/** The words fully inside a span, joined by spaces. */
export const spanText = (words: Word[], first: number, last: number) =>
  words
    .slice(first, last + 1)
    .map((w) => w.text)
    .join(" ");

/** Checks a span; returns the problem or the span's words. */
export function checkSpan(
  words: Word[],
  durationMs: number,
  startMs: number,
  endMs: number,
): { problem: SpanProblem } | CheckedSpan {
  if (!Number.isInteger(startMs) || !Number.isInteger(endMs) || startMs < 0 || endMs > durationMs || startMs >= endMs)
    return { problem: "outside_recording" };
  const first = words.findIndex((w) => w.start_ms === startMs);
  const last = words.findLastIndex((w) => w.end_ms === endMs);
  if (first < 0 || last < 0 || last < first) return { problem: "off_word_boundary" };
  if (endMs - startMs < REEL_LIMITS.clipMinMs) return { problem: "too_short" };
  if (endMs - startMs > REEL_LIMITS.clipMaxMs) return { problem: "too_long" };
  return { first, last, text: spanText(words, first, last) };
}

/** The nearest word starts and ends to a time, so a refusal can say what would be accepted. */
export function nearestEdges(words: Word[], startMs: number, endMs: number) {
  const near = (values: number[], v: number) =>
    values.reduce((best, x) => (Math.abs(x - v) < Math.abs(best - v) ? x : best), values[0] ?? 0);
  return {
    nearest_start_ms: near(
      words.map((w) => w.start_ms),
      startMs,
    ),
    nearest_end_ms: near(
      words.map((w) => w.end_ms),
      endMs,
    ),
  };
}

/** Words in a text for comparing a model's quoted words with the transcript: case, punctuation and spacing ignored. */
export const normaliseWords = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}'\s]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
