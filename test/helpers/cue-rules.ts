/**
 * The caption rules every cue list must keep (issue 18): ordered, never overlapping, each at least the readable
 * minimum and as long as its words are spoken, inside its clip, and the cues' words joined equal the clip's words.
 * Returns the broken rules (empty when all hold), for unit property tests and tests on real recordings alike.
 */
import type { Cue } from "../../src/media/captions";
import type { Word } from "../../src/media/speech/types";

/** What a check needs besides the cues. */
export interface CueContext {
  words: Word[];
  readableMs: number;
  fromMs?: number;
  untilMs?: number;
}

/** The rules `cues` break, in words. */
export function brokenCueRules(cues: Cue[], c: CueContext): string[] {
  const problems: string[] = [];
  const from = c.fromMs ?? 0;
  const until = c.untilMs ?? Number.POSITIVE_INFINITY;
  const span =
    Math.min(until, Math.max(0, ...c.words.map((w) => w.end_ms))) - Math.min(...c.words.map((w) => w.start_ms), until);
  cues.forEach((q, i) => {
    const next = cues[i + 1];
    if (q.end_ms <= q.start_ms) problems.push(`cue ${i} has no length (${q.start_ms}–${q.end_ms})`);
    if (next && next.start_ms < q.end_ms) problems.push(`cue ${i} overlaps cue ${i + 1}`);
    if (next && next.start_ms < q.start_ms) problems.push(`cue ${i + 1} starts before cue ${i}`);
    if (q.start_ms < from || q.end_ms > until)
      problems.push(`cue ${i} (${q.start_ms}–${q.end_ms}) leaves the clip ${from}–${until}`);
    // The readable minimum holds whenever the clip's speech leaves room for it.
    if (q.end_ms - q.start_ms < c.readableMs && span >= c.readableMs)
      problems.push(`cue ${i} lasts ${q.end_ms - q.start_ms} ms, under ${c.readableMs} ms`);
    const spokenEnd = Math.min(until, Math.max(...q.words.map((w) => w.end_ms)));
    if (q.end_ms < spokenEnd) problems.push(`cue ${i} ends at ${q.end_ms} before its words do (${spokenEnd})`);
  });
  const joined = cues.flatMap((q) => q.lines.join(" ").split(" ")).join(" ");
  const expected = c.words
    .map((w) => w.text)
    .filter((t) => t.trim())
    .join(" ");
  if (joined !== expected) problems.push(`cue text "${joined}" is not the words "${expected}"`);
  return problems;
}
