/**
 * A size's poster: a still from inside the first clip (about a second in, when the lower third is showing), never a
 * black frame: a moment whose picture is (nearly) black is passed over for the next one (the first clip's middle,
 * then the other clips'), and the last resort is the first clip's own middle.
 */
import { hardenedInput, runFfmpeg, type MediaTools } from "../ffmpeg";
import { grabStill } from "./encode";
import type { Segment } from "./types";

/** Below this mean luma (0–255, limited range black is 16) a frame counts as black. */
export const BLACK_LUMA = 24;

/** Moments worth a poster, best first: in the first clip about a second in, its middle, then the others' middles. */
export function posterMoments(segments: Segment[]): number[] {
  const clips = segments.filter((s) => s.kind === "clip");
  if (!clips.length) return [0];
  const [first, ...rest] = clips;
  return [
    first!.start_ms + Math.min(1000, first!.duration_ms / 3),
    first!.start_ms + first!.duration_ms / 2,
    ...rest.map((s) => s.start_ms + s.duration_ms / 2),
  ].map(Math.round);
}

/** Mean luma of the frame at `atMs`. */
export async function meanLuma(
  tools: MediaTools,
  video: string,
  atMs: number,
  o: { timeoutMs: number; signal?: AbortSignal },
): Promise<number> {
  const r = await runFfmpeg(
    tools,
    [
      "-v",
      "info",
      ...hardenedInput(video, ["-ss", (atMs / 1000).toFixed(3)]),
      "-map",
      "0:v:0",
      "-frames:v",
      "1",
      "-vf",
      "signalstats,metadata=print:key=lavfi.signalstats.YAVG",
      "-f",
      "null",
      "-",
    ],
    o,
  );
  const m = /lavfi\.signalstats\.YAVG=([\d.]+)/.exec(r.stderr);
  return m ? Number(m[1]) : 0;
}

/** Writes the poster of one size to `out` (JPEG); returns the moment taken (ms of the reel). */
export async function makePoster(
  tools: MediaTools,
  video: string,
  segments: Segment[],
  out: string,
  o: { timeoutMs: number; signal?: AbortSignal },
): Promise<number> {
  const moments = posterMoments(segments);
  let chosen = moments[1] ?? moments[0]!;
  for (const at of moments) {
    if ((await meanLuma(tools, video, at, o)) >= BLACK_LUMA) {
      chosen = at;
      break;
    }
  }
  await grabStill(tools, video, chosen, out, o);
  return chosen;
}
