/**
 * A trimmed copy of a processed recording: the part from `startMs` to `endMs`, re-encoded so the cut is exact to a
 * frame (a stream copy could only cut at keyframes, seconds apart in our H.264). The seek sits before the input, which
 * ffmpeg makes exact when it re-encodes: it decodes from the keyframe before and drops the frames before `startMs`.
 * Video stays H.264/AAC MP4 with faststart, audio AAC M4A, at the quality processing used. The output goes to a
 * temporary name beside the destination; the caller renames it into place.
 */
import { rm } from "node:fs/promises";
import { hardenedInput, runFfmpeg, type MediaTools } from "./ffmpeg";
import { tempOutput } from "./temp";

/** What to cut and how to report. */
export interface TrimOptions {
  startMs: number;
  endMs: number;
  /** A video copy (H.264 MP4) or a sound-only one (M4A). */
  video: boolean;
  outDir?: string;
  signal?: AbortSignal;
  /** 0..1 as ffmpeg encodes. */
  onProgress?: (fraction: number) => void;
  timeoutMs?: number;
}

/** The ffmpeg arguments of a trim (after the common ones), writing `out`. */
export function trimArgs(input: string, out: string, o: TrimOptions): string[] {
  const seconds = (ms: number) => (ms / 1000).toFixed(3);
  const codecs = o.video
    ? ["-map", "0:v:0", "-map", "0:a:0?", "-c:v", "libx264", "-preset", "veryfast", "-crf", "21", "-pix_fmt", "yuv420p"]
    : ["-map", "0:a:0", "-vn"];
  return [
    "-v",
    "error",
    ...hardenedInput(input, ["-ss", seconds(o.startMs)]),
    "-t",
    seconds(o.endMs - o.startMs),
    ...codecs,
    "-c:a",
    "aac",
    "-b:a",
    "128k",
    "-sn",
    "-dn",
    "-map_metadata",
    "-1",
    "-movflags",
    "+faststart",
    "-f",
    "mp4",
    "-y",
    out,
  ];
}

/** Writes the trimmed copy of `input` to a temporary file and returns its path. */
export async function trimMedia(tools: MediaTools, input: string, o: TrimOptions): Promise<string> {
  const out = tempOutput(input, o.video ? ".mp4" : ".m4a", o.outDir);
  try {
    await runFfmpeg(tools, trimArgs(input, out, o), {
      timeoutMs: o.timeoutMs ?? 20 * 60_000,
      signal: o.signal,
      durationMs: o.endMs - o.startMs,
      onProgress: o.onProgress ? (p) => o.onProgress!(p.fraction ?? 0) : undefined,
    });
    return out;
  } catch (e) {
    await rm(out, { force: true });
    throw e;
  }
}
