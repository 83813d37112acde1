/**
 * The still image shown before a video plays: one frame (1 s in, or 10% in for clips under 2 s) taken by ffmpeg
 * as PNG, then the image operations (src/media/images.ts: sharp, imported on first use) make a JPEG poster (fits
 * 1280×1280) and a small WebP thumbnail.
 */
import { rm, stat } from "node:fs/promises";
import { MediaError } from "./errors";
import { hardenedInput, runFfmpeg, type MediaTools } from "./ffmpeg";
import type { Images } from "./images";
import { tempOutput } from "./temp";

/** Poster and thumbnail, written to temporary names for the caller to rename. */
export interface PosterResult {
  posterPath: string;
  width: number;
  height: number;
  thumbPath: string;
  thumbWidth: number;
  thumbHeight: number;
}

/** Where and how large. */
export interface PosterOptions {
  outDir?: string;
  maxSide?: number;
  thumbWidth?: number;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** The frame to take (a cover chosen by the team), in milliseconds; default `posterTime`. */
  atMs?: number;
}

/** Seconds into the clip for the poster frame. */
export function posterTime(durationMs: number): number {
  return durationMs >= 2000 ? 1 : Math.max(0, durationMs / 1000) * 0.1;
}

async function grab(tools: MediaTools, input: string, at: number, out: string, o: PosterOptions): Promise<boolean> {
  await runFfmpeg(
    tools,
    [
      "-v",
      "error",
      ...hardenedInput(input, at > 0 ? ["-ss", at.toFixed(3)] : []),
      "-map",
      "0:v:0",
      "-frames:v",
      "1",
      "-an",
      "-sn",
      "-f",
      "image2",
      "-c:v",
      "png",
      "-y",
      out,
    ],
    {
      timeoutMs: o.timeoutMs ?? 60_000,
      signal: o.signal,
    },
  );
  return stat(out).then(
    (s) => s.size > 0,
    () => false,
  );
}

/** Extracts a poster frame from a video file (with its duration from probeMedia). */
export async function makePoster(
  tools: MediaTools,
  images: Images,
  input: string,
  info: { duration_ms: number },
  opts: PosterOptions = {},
): Promise<PosterResult> {
  const png = tempOutput(input, ".png", opts.outDir);
  const posterPath = tempOutput(input, ".jpg", opts.outDir);
  const thumbPath = tempOutput(input, ".webp", opts.outDir);
  try {
    // A seek past the last frame writes nothing: fall back to the first frame.
    if (
      !(await grab(
        tools,
        input,
        opts.atMs !== undefined ? opts.atMs / 1000 : posterTime(info.duration_ms),
        png,
        opts,
      )) &&
      !(await grab(tools, input, 0, png, opts))
    ) {
      throw new MediaError("corrupt", "No picture could be taken from the video.");
    }
    const made = await images.posterAndThumbnail(
      png,
      { poster: posterPath, thumbnail: thumbPath },
      { maxSide: opts.maxSide ?? 1280, thumbWidth: opts.thumbWidth ?? 320 },
    );
    return {
      posterPath,
      width: made.poster.width,
      height: made.poster.height,
      thumbPath,
      thumbWidth: made.thumbnail.width,
      thumbHeight: made.thumbnail.height,
    };
  } catch (e) {
    await Promise.all([rm(posterPath, { force: true }), rm(thumbPath, { force: true })]);
    throw e;
  } finally {
    await rm(png, { force: true });
  }
}
