/**
 * Where exactly a clip is cut. A clip's span runs from its first word's start to its last word's end; the cut
 * keeps up to 120 ms more on either side, but only what is quiet in the recording (or the word's own onset and
 * tail, when the transcript placed an edge a little late or early), and never comes closer than a guard to a
 * neighbouring word, so no sliver of it is heard. The cut then lasts a whole number of frames: padding is trimmed
 * to fit, and when there is none to trim the sound is padded with silence instead of reaching into a neighbour.
 */
import { FPS, MAX_PAD_MS, type ReelWord } from "./types";

const FRAME_MS = 10;
/** Kept clear of a neighbouring word's transcript edge. */
export const NEIGHBOUR_GUARD_MS = 30;

/** The cut of one clip, in milliseconds of the source recording. */
export interface CutSpan {
  /** Where sound and picture start. */
  fromMs: number;
  /** Length of the sound taken from the source (the rest, if any, is silence). */
  audioMs: number;
  frames: number;
  durationMs: number;
  padBeforeMs: number;
  padAfterMs: number;
}

/** Padding the transcript allows: up to 120 ms, clear of the neighbours by a guard, inside the recording. */
export function allowedPads(
  words: ReelWord[],
  startMs: number,
  endMs: number,
  sourceMs: number,
): { before: number; after: number } {
  let prevEnd = 0;
  let nextStart = sourceMs;
  // Words starting before the span are neighbours (one overlapping the span leaves no padding at all).
  for (const w of words) {
    if (w.start_ms < startMs) prevEnd = Math.max(prevEnd, Math.min(w.end_ms, startMs) + NEIGHBOUR_GUARD_MS);
    if (w.end_ms > endMs) nextStart = Math.min(nextStart, Math.max(w.start_ms, endMs) - NEIGHBOUR_GUARD_MS);
  }
  return {
    before: Math.max(0, Math.min(MAX_PAD_MS, startMs - prevEnd)),
    after: Math.max(0, Math.min(MAX_PAD_MS, nextStart - endMs, sourceMs - endMs)),
  };
}

function percentile(values: Float64Array, p: number): number {
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
}

/**
 * Shrinks the allowed padding to what the sound allows. `energies` are 10 ms frame levels (dB) of a stretch of
 * the recording starting at `offsetMs`. Walking outwards from an edge: first through sound still belonging to the
 * word, then through quiet; a second sound is a neighbour, and the walk stops 20 ms short of it.
 */
export function soundPads(
  energies: Float64Array,
  offsetMs: number,
  startMs: number,
  endMs: number,
  allowed: { before: number; after: number },
): { before: number; after: number } {
  if (!energies.length) return allowed;
  // The stretch is mostly speech: its quietest few frames tell the noise floor.
  const floor = percentile(energies, 0.02);
  const peak = percentile(energies, 0.99);
  // Without a clear gap between pauses and speech (a noisy room) the sound cannot tell; keep the transcript's word.
  if (peak - floor < 20) return allowed;
  const thr = Math.max(floor + 12, peak - 32);
  const loud = (f: number) => f >= 0 && f < energies.length && energies[f]! >= thr;
  const walk = (edgeMs: number, limitMs: number, dir: -1 | 1): number => {
    const limit = Math.floor(limitMs / FRAME_MS);
    // The frame just outside the edge.
    let f = dir < 0 ? Math.round((edgeMs - offsetMs) / FRAME_MS) - 1 : Math.round((edgeMs - offsetMs) / FRAME_MS);
    let walked = 0;
    while (walked < limit && loud(f)) (f += dir), walked++;
    let quiet = 0;
    while (walked < limit && !loud(f) && f >= 0 && f < energies.length) (f += dir), walked++, quiet++;
    const hitNeighbour = walked < limit && loud(f);
    if (hitNeighbour) walked -= Math.min(2, quiet);
    return walked * FRAME_MS;
  };
  return {
    before: Math.min(allowed.before, walk(startMs, allowed.before, -1)),
    after: Math.min(allowed.after, walk(endMs, allowed.after, 1)),
  };
}

/** Turns a span and its padding into a cut of whole frames (see the file comment). */
export function frameCut(startMs: number, endMs: number, pads: { before: number; after: number }): CutSpan {
  const frameMs = 1000 / FPS;
  let before = pads.before;
  let after = pads.after;
  const wanted = endMs - startMs + before + after;
  let frames = Math.max(1, Math.floor(wanted / frameMs + 1e-6));
  let over = wanted - frames * frameMs;
  // Trim padding to a whole number of frames, from the tail first (the words themselves are never cut).
  if (over > 1e-6 && over <= before + after) {
    const fromAfter = Math.min(after, over);
    after -= fromAfter;
    before -= over - fromAfter;
    over = 0;
  }
  if (over > 1e-6) frames++;
  const durationMs = frames * frameMs;
  const audioMs = Math.min(durationMs, endMs - startMs + before + after);
  return {
    fromMs: startMs - before,
    audioMs,
    frames,
    durationMs,
    padBeforeMs: Math.round(before),
    padAfterMs: Math.round(after),
  };
}
