/**
 * Language of a text with `tinyld` (small, pure JS, ISO 639-1 codes). Short texts say too little to tell, so
 * they get null rather than a guess.
 */
import type * as TinyLd from "tinyld";

let tinyld: typeof TinyLd | null = null;

/**
 * Loads the detector (its n-gram tables take ~90 ms to load from source and ~30 MiB resident): on the first text
 * to analyse, never at start (issue 28: an idle box keeps that memory free).
 */
export function loadLanguageDetector(): typeof TinyLd {
  return (tinyld ??= require("tinyld") as typeof TinyLd);
}

/** Texts with fewer letters or words than this get null. */
export const MIN_LETTERS = 20;
export const MIN_WORDS = 4;

/** ISO 639-1 code (`en`, `de`…) of the text's language, or null when the text is short or unclear. */
export function detectLanguage(text: string): string | null {
  const letters = text.replace(/[^\p{L}]/gu, "").length;
  const words = text.split(/\s+/).filter((w) => /\p{L}/u.test(w)).length;
  if (letters < MIN_LETTERS || words < MIN_WORDS) return null;
  const best = loadLanguageDetector().detectAll(text)[0];
  if (!best || !/^[a-z]{2}$/.test(best.lang) || best.accuracy < 0.3) return null;
  return best.lang;
}
