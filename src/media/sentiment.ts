/**
 * Sentiment of a testimonial's words with the `sentiment` package (AFINN word list with negation handling),
 * its summed score squashed into -1..1 the way VADER does (x / √(x² + 15)), and a label.
 */
import type Sentiment from "sentiment";

/** A score in [-1, 1] and its label; `raw` is the AFINN sum. */
export interface SentimentResult {
  score: number;
  label: "positive" | "neutral" | "negative";
  raw: number;
}

/** Scores within ±0.05 are neutral (VADER's usual threshold). */
export const NEUTRAL_BAND = 0.05;

// Loaded with the first text to score, not at start (its word lists stay out of an idle box's memory; issue 28).
let analyser: Sentiment | null = null;

/** Scores English text. Empty text is neutral. */
export function analyseSentiment(text: string): SentimentResult {
  analyser ??= new (require("sentiment") as typeof Sentiment)();
  const raw = analyser.analyze(text).score;
  const score = raw === 0 ? 0 : Math.round((raw / Math.sqrt(raw * raw + 15)) * 1000) / 1000;
  const label = score >= NEUTRAL_BAND ? "positive" : score <= -NEUTRAL_BAND ? "negative" : "neutral";
  return { score, label, raw };
}

/** Score and label only (what submissions store). */
export function sentimentOf(text: string): Pick<SentimentResult, "score" | "label"> {
  const { score, label } = analyseSentiment(text);
  return { score, label };
}
