/**
 * The deterministic rule for suggesting a clip, used without a language model or when the model's answers fail:
 * in each testimonial, every run of whole consecutive sentences lasting 1.5 to 30 s is a candidate, scored by
 * sentiment (-1..1, AFINN) plus how close its length is to the clip target (1 at the target, 0 at twice it or
 * nothing); the best wins, the earliest on a tie. Sentences end at `.`, `!`, `?` or `…`, or at a pause of 600 ms
 * (engines without punctuation). When no run of sentences fits, windows of words starting at each word are tried
 * the same way. In `auto` mode the clips are ordered strongest first.
 */
import { analyseSentiment } from "../../media/sentiment";
import type { Word } from "../submissions";
import { REEL_LIMITS } from "./model";
import { spanText } from "./spans";

/** A pause this long ends a sentence when the words carry no punctuation. */
export const SENTENCE_PAUSE_MS = 600;
const SENTENCE_END = /[.!?…]["'”’)\]]*$/;

/** A suggested span with its score. */
export interface ScoredSpan {
  start_ms: number;
  end_ms: number;
  text: string;
  score: number;
}

/** Sentences as [first word, last word] index pairs. */
export function sentences(words: Word[]): [number, number][] {
  const out: [number, number][] = [];
  let from = 0;
  words.forEach((w, i) => {
    const next = words[i + 1];
    if (!next || SENTENCE_END.test(w.text) || next.start_ms - w.end_ms >= SENTENCE_PAUSE_MS) {
      out.push([from, i]);
      from = i + 1;
    }
  });
  return out;
}

/** Score of a span of `ms` with `text` against the target length. */
export function spanScore(text: string, ms: number, targetMs: number): number {
  const fit = Math.max(0, 1 - Math.abs(ms - targetMs) / targetMs);
  return Math.round((analyseSentiment(text).score + fit) * 1000) / 1000;
}

/** The per-clip target: the reel's target less its cards, shared by the clips, within the clip limits. */
export function clipTarget(targetMs: number, clips: number, cardsMs: number): number {
  return Math.max(
    REEL_LIMITS.clipMinMs,
    Math.min(REEL_LIMITS.clipMaxMs, Math.round((targetMs - cardsMs) / Math.max(1, clips))),
  );
}

function best(words: Word[], pairs: [number, number][], targetMs: number): ScoredSpan | null {
  let top: ScoredSpan | null = null;
  for (const [first, last] of pairs) {
    const ms = words[last]!.end_ms - words[first]!.start_ms;
    if (ms < REEL_LIMITS.clipMinMs || ms > REEL_LIMITS.clipMaxMs) continue;
    const text = spanText(words, first, last);
    const score = spanScore(text, ms, targetMs);
    if (!top || score > top.score) top = { start_ms: words[first]!.start_ms, end_ms: words[last]!.end_ms, text, score };
  }
  return top;
}

/** The best span of one testimonial for a clip target, or null when its words last less than 1.5 s. */
export function heuristicSpan(words: Word[], targetMs: number): ScoredSpan | null {
  const s = sentences(words);
  const runs: [number, number][] = [];
  for (let i = 0; i < s.length; i++) {
    for (let j = i; j < s.length && words[s[j]![1]]!.end_ms - words[s[i]![0]]!.start_ms <= REEL_LIMITS.clipMaxMs; j++)
      runs.push([s[i]![0], s[j]![1]]);
  }
  const bySentence = best(words, runs, targetMs);
  if (bySentence) return bySentence;
  // One sentence longer than 30 s, or only fragments: windows of words, each as close to the target as it gets.
  const windows: [number, number][] = [];
  for (let i = 0; i < words.length; i++) {
    let j = i;
    while (
      j + 1 < words.length &&
      words[j + 1]!.end_ms - words[i]!.start_ms <= Math.min(targetMs, REEL_LIMITS.clipMaxMs)
    )
      j++;
    while (j + 1 < words.length && words[j]!.end_ms - words[i]!.start_ms < REEL_LIMITS.clipMinMs) j++;
    windows.push([i, j]);
  }
  return best(words, windows, targetMs);
}
