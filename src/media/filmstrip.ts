/**
 * A filmstrip of a video: small JPEG frames evenly spaced over it, for choosing a cover frame, made in one decoding
 * pass (a seek per frame would decode from the keyframe before each time, seconds of video each).
 */
import { copyFile, mkdtemp, rm, stat } from "node:fs/promises";
import { dirname, join } from "node:path";
import { MediaError } from "./errors";
import { hardenedInput, runFfmpeg, type MediaTools } from "./ffmpeg";

/** How many frames a filmstrip has. */
export const FILMSTRIP_FRAMES = 12;

/** Times of `count` evenly spaced frames in a recording of `durationMs` (each in the middle of its slice). */
export function filmstripTimes(durationMs: number, count = FILMSTRIP_FRAMES): number[] {
  return Array.from({ length: count }, (_, i) => Math.round(((i + 0.5) * durationMs) / count));
}

/**
 * Writes the frames at `filmstripTimes(durationMs, outs.length)` to `outs`, `width` pixels wide, in one pass over the
 * video: the `select` filter keeps, for each time, the first frame at or after it, the frame an exact seek to that
 * time shows (and so the frame a poster taken at that time shows).
 */
export async function makeFilmstrip(
  tools: MediaTools,
  input: string,
  durationMs: number,
  outs: string[],
  o: { width?: number; signal?: AbortSignal } = {},
): Promise<void> {
  const times = filmstripTimes(durationMs, outs.length).map((ms) => (ms / 1000).toFixed(3));
  const select = times.map((t) => `gte(t,${t})*lt(prev_t,${t})`).join("+");
  const dir = await mkdtemp(join(dirname(outs[0]!), ".filmstrip-"));
  try {
    await runFfmpeg(
      tools,
      [
        "-v",
        "error",
        ...hardenedInput(input),
        "-map",
        "0:v:0",
        "-an",
        "-sn",
        "-vf",
        `select='${select}',scale=${o.width ?? 240}:-2`,
        "-vsync",
        "vfr",
        "-frames:v",
        String(outs.length),
        "-q:v",
        "4",
        "-c:v",
        "mjpeg",
        "-f",
        "image2",
        "-y",
        join(dir, "%03d.jpg"),
      ],
      { timeoutMs: 10 * 60_000, signal: o.signal },
    );
    let last: string | null = null;
    for (const [i, out] of outs.entries()) {
      const made = join(dir, `${String(i + 1).padStart(3, "0")}.jpg`);
      // The end of a stream can lie a little before its stated duration: a missing last frame repeats the one before.
      const from: string | null = (await stat(made).then(
        (s) => s.size > 0,
        () => false,
      ))
        ? made
        : last;
      if (!from) throw new MediaError("corrupt", "No picture could be taken from the video.");
      await copyFile(from, out);
      last = from;
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
