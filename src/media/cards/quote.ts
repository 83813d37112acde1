/**
 * Which words a share image carries (issue 25): all of them when they fit, else a highlight: the sentence (or run
 * of sentences) that fits and reads best (the most positive, then the longest), never cut mid-word; and only when
 * no sentence fits, the words up to the limit at a word boundary with an ellipsis.
 */
import type Sentiment from "sentiment";

// Loaded with the first quote to pick, not at start (issue 28: start time and an idle box's memory).
let analyser: Sentiment | null = null;
const sentimentAnalyser = () => (analyser ??= new (require("sentiment") as typeof Sentiment)());

/** Sentences of a text (a full stop, question or exclamation mark followed by a space ends one). */
export function sentences(text: string): string[] {
  return text
    .replace(/\s+/g, " ")
    .trim()
    .split(/(?<=[.!?…])\s+(?=["“‘(A-ZÀ-ÖØ-Þ0-9])/u)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Cuts text at the last word boundary before `max` characters, with an ellipsis. */
export function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.lastIndexOf(" ", max - 1);
  return `${text.slice(0, cut > max / 3 ? cut : max - 1).replace(/[,;:—–-]+$/, "")}…`;
}

/** The words to set on a card of at most `max` characters. */
export function highlight(text: string, max: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const parts = sentences(clean);
  let best: { text: string; score: number } | null = null;
  for (let i = 0; i < parts.length; i++) {
    let run = "";
    for (let j = i; j < parts.length; j++) {
      const next = run ? `${run} ${parts[j]}` : parts[j]!;
      if (next.length > max) break;
      run = next;
      const score = sentimentAnalyser().analyze(run).comparative * 100 + run.length / max;
      if (!best || score > best.score) best = { text: run, score };
    }
  }
  return best?.text ?? cutAtWord(clean, max);
}
