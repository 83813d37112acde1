/** Sentiment and language of a testimonial's words, in one call for the submissions feature. */
import { sentimentOf } from "./sentiment";
import { detectLanguage } from "./language";

/** What is learned from the words. */
export interface TextAnalysis {
  language: string | null;
  sentiment: { score: number; label: "positive" | "neutral" | "negative" };
}

/** Analyses a text (fast, in process). */
export function analyseText(text: string): TextAnalysis {
  return { language: detectLanguage(text), sentiment: sentimentOf(text) };
}
