/**
 * Captions of a reel: each clip's own transcript words, moved onto the reel's timeline, grouped into cues that
 * never run across a cut (a cue ends when its clip does). The same cues feed the WebVTT file and, wrapped for
 * each frame shape, the ASS file burned into that size. Cue text is the words exactly, in order.
 */
import { buildCues, toAss, toWebVtt, type AssStyle, type Cue } from "../captions";
import type { Aspect, PlanClip, ReelWord, Segment } from "./types";

/** Characters a caption line holds per frame shape (narrow frames hold fewer). */
export const LINE_CHARS: Record<Aspect | "web", number> = { "9:16": 26, "1:1": 32, "16:9": 42, web: 42 };

/** The words of a clip: those starting at or after its start and ending at or before its end. */
export function clipWords(clip: Pick<PlanClip, "startMs" | "endMs" | "words">): ReelWord[] {
  return clip.words.filter((w) => w.start_ms >= clip.startMs && w.end_ms <= clip.endMs && w.text.trim() !== "");
}

/** Cues for the whole reel, lines wrapped at `lineChars`. */
export function reelCues(clips: PlanClip[], segments: Segment[], lineChars: number): Cue[] {
  const cues: Cue[] = [];
  for (const seg of segments) {
    if (seg.kind !== "clip") continue;
    const clip = clips[seg.clip_index!]!;
    const shift = seg.start_ms + (seg.pad_before_ms ?? 0) - clip.startMs;
    const end = seg.start_ms + seg.duration_ms;
    const words = clipWords(clip).map((w) => ({
      text: w.text,
      start_ms: w.start_ms + shift,
      end_ms: w.end_ms + shift,
    }));
    cues.push(...buildCues(words, { maxLineChars: lineChars, untilMs: end }));
  }
  return cues;
}

/** The WebVTT file of a reel. */
export const reelVtt = (clips: PlanClip[], segments: Segment[]) => toWebVtt(reelCues(clips, segments, LINE_CHARS.web));

/** The ASS file burned into one size. */
export const reelAss = (clips: PlanClip[], segments: Segment[], aspect: Aspect, style: AssStyle) =>
  toAss(reelCues(clips, segments, LINE_CHARS[aspect]), { style, aspect });
