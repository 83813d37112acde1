/**
 * Makes the playable copy of an upload: video → H.264/AAC MP4 (faststart, at most 1280 px on the long side, even
 * dimensions, yuv420p, CRF 23 with a bitrate ceiling), audio → AAC M4A. Sound goes through the compressor and a
 * two-pass linear loudnorm to -16 LUFS (see loudness.ts). Metadata (GPS and the like) is dropped. The output is
 * written to a temporary name beside the destination; the caller renames it into place.
 */
import { rm, stat } from "node:fs/promises";
import { MediaError } from "./errors";
import { hardenedInput, runFfmpeg, type MediaTools } from "./ffmpeg";
import { normalisationType, normaliseFilter, planLoudness, type LoudnessPlan } from "./loudness";
import type { MediaInfo } from "./probe";
import { tempOutput } from "./temp";

/** Encoding choices; the defaults suit testimonials on the web. */
export interface TranscodeOptions {
  /** Folder for the temporary output (default: the input's folder). */
  outDir?: string;
  signal?: AbortSignal;
  /** 0..1 over both passes. */
  onProgress?: (fraction: number) => void;
  timeoutMs?: number;
  maxLongSide?: number;
  crf?: number;
  maxVideoKbps?: number;
  audioKbps?: number;
  maxFps?: number;
}

/** The processed file and what was done to it. */
export interface TranscodeResult {
  path: string;
  kind: "video" | "audio";
  ext: "mp4" | "m4a";
  mime: "video/mp4" | "audio/mp4";
  width: number | null;
  height: number | null;
  bytes: number;
  loudness: LoudnessPlan | null;
  /** Whether loudnorm kept its linear gain in pass two. */
  normalisation: "linear" | "dynamic" | null;
  elapsedMs: number;
}

/** Output frame size: fits `maxLongSide` on the long side, keeps the aspect ratio, even numbers, never upscales. */
export function targetSize(width: number, height: number, maxLongSide = 1280): { width: number; height: number } {
  const scale = Math.min(1, maxLongSide / Math.max(width, height));
  const even = (n: number) => Math.max(2, Math.round((n * scale) / 2) * 2);
  return { width: even(width), height: even(height) };
}

/** The ffmpeg arguments of pass two (after the input), for a probed file and measured loudness. */
export function encodeArgs(
  info: MediaInfo,
  loudness: LoudnessPlan | null,
  out: string,
  o: TranscodeOptions = {},
): string[] {
  const audio = info.audio
    ? [
        "-af",
        normaliseFilter(loudness),
        "-c:a",
        "aac",
        "-b:a",
        `${o.audioKbps ?? (info.audio.channels === 1 ? 96 : 128)}k`,
        "-ac",
        info.audio.channels === 1 ? "1" : "2",
        "-ar",
        "48000",
      ]
    : [];
  const common = [
    "-map_metadata",
    "-1",
    "-map_chapters",
    "-1",
    "-sn",
    "-dn",
    "-movflags",
    "+faststart",
    "-f",
    "mp4",
    "-y",
    out,
  ];
  if (!info.video) return ["-map", "0:a:0", "-vn", ...audio, ...common];
  const size = targetSize(info.video.width, info.video.height, o.maxLongSide);
  const maxFps = o.maxFps ?? 30;
  const vf = [
    `scale=${size.width}:${size.height}:flags=bicubic`,
    "setsar=1",
    ...(info.video.fps && info.video.fps > maxFps + 1 ? [`fps=${maxFps}`] : []),
    "format=yuv420p",
  ];
  const kbps = o.maxVideoKbps ?? 2500;
  return [
    "-map",
    "0:v:0",
    ...(info.audio ? ["-map", "0:a:0"] : []),
    "-vf",
    vf.join(","),
    "-c:v",
    "libx264",
    "-preset",
    "veryfast",
    "-crf",
    String(o.crf ?? 23),
    "-maxrate",
    `${kbps}k`,
    "-bufsize",
    `${kbps * 2}k`,
    "-profile:v",
    "high",
    "-pix_fmt",
    "yuv420p",
    ...audio,
    ...common,
  ];
}

/** Transcodes a probed file (see probeMedia) and returns the temporary output's path and facts. */
export async function transcode(
  tools: MediaTools,
  input: string,
  info: MediaInfo,
  opts: TranscodeOptions = {},
): Promise<TranscodeResult> {
  const started = performance.now();
  const isVideo = !!info.video;
  const ext = isVideo ? "mp4" : "m4a";
  const out = tempOutput(input, `.${ext}`, opts.outDir);
  // Encoding 4K on two cores runs near real time: allow six times the duration, plus start-up.
  const timeoutMs = opts.timeoutMs ?? 120_000 + info.duration_ms * 6;
  const deadline = Date.now() + timeoutMs;
  const left = () => {
    const ms = deadline - Date.now();
    if (ms <= 0)
      throw new MediaError("timeout", `Processing took longer than ${Math.round(timeoutMs / 1000)} s and was stopped.`);
    return ms;
  };
  const measureShare = isVideo ? 0.15 : 0.5;
  try {
    const loudness = info.audio
      ? await planLoudness(tools, input, {
          timeoutMs: left(),
          signal: opts.signal,
          durationMs: info.duration_ms,
          onFraction: opts.onProgress ? (f) => opts.onProgress!(f * measureShare) : undefined,
        })
      : null;
    const result = await runFfmpeg(
      tools,
      ["-v", "info", ...hardenedInput(input), ...encodeArgs(info, loudness, out, opts)],
      {
        timeoutMs: left(),
        signal: opts.signal,
        durationMs: info.duration_ms,
        onProgress: opts.onProgress
          ? (p) => opts.onProgress!(measureShare + (p.fraction ?? 0) * (1 - measureShare))
          : undefined,
      },
    );
    const size = isVideo ? targetSize(info.video!.width, info.video!.height, opts.maxLongSide) : null;
    return {
      path: out,
      kind: isVideo ? "video" : "audio",
      ext,
      mime: isVideo ? "video/mp4" : "audio/mp4",
      width: size?.width ?? null,
      height: size?.height ?? null,
      bytes: (await stat(out)).size,
      loudness,
      normalisation: loudness ? normalisationType(result.stderr) : null,
      elapsedMs: Math.round(performance.now() - started),
    };
  } catch (e) {
    await rm(out, { force: true });
    throw e;
  }
}
