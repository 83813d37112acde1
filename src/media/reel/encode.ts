/**
 * One size of a reel: the cards and cut clips joined in order (fade + concat, which every ffmpeg has; no xfade),
 * each clip either cropped to the frame's shape along its face-following path (framing.ts) or fitted into the
 * frame without distortion (a blurred, darkened copy of itself fills the rest), the captions and lower thirds
 * burned in by libass, and the shared sound copied in as it is. H.264 High, yuv420p, 30 fps, faststart.
 */
import { rename, rm } from "node:fs/promises";
import { resolve } from "node:path";
import { hardenedInput, runFfmpeg, type MediaTools } from "../ffmpeg";
import { tempOutput } from "../temp";
import { filterValue } from "./filter-text";
import { cropFilter, type CropPath } from "./framing";
import { FPS, FRAME, type Aspect } from "./types";

/** A picture part of the reel: a card already at frame size, or a cut clip of its own size (and its crop path). */
export type PicturePart =
  | { kind: "card"; file: string }
  | { kind: "clip"; file: string; width: number; height: number; crop?: CropPath | null };

/** The filter that crops a clip along its path and scales the window to the frame. */
export function cropToFrame(input: string, path: CropPath, aspect: Aspect, label: string): string {
  const { w, h } = FRAME[aspect];
  return `${input}${cropFilter(path)},scale=${w}:${h}:flags=bicubic,setsar=1[${label}]`;
}

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/** The filter that fits a `sw`×`sh` picture into the frame: scaled to fit, over a blurred fill when shapes differ. */
export function fitFilter(input: string, sw: number, sh: number, aspect: Aspect, label: string): string {
  const { w, h } = FRAME[aspect];
  const scale = Math.min(w / sw, h / sh);
  const fw = Math.min(w, even(sw * scale));
  const fh = Math.min(h, even(sh * scale));
  if (fw === w && fh === h) return `${input}scale=${w}:${h}:flags=bicubic,setsar=1[${label}]`;
  // The fill is blurred at a tenth of the size (cheap), then scaled up; darker so the picture stands out.
  const bw = even(w / 10),
    bh = even(h / 10);
  return [
    `${input}split=2[${label}a][${label}b]`,
    `[${label}a]scale=${bw}:${bh}:force_original_aspect_ratio=increase,crop=${bw}:${bh},boxblur=6:2,eq=brightness=-0.12,scale=${w}:${h}[${label}bg]`,
    `[${label}b]scale=${fw}:${fh}:flags=bicubic[${label}fg]`,
    `[${label}bg][${label}fg]overlay=x=${(w - fw) / 2}:y=${(h - fh) / 2},setsar=1[${label}]`,
  ].join(";");
}

/** Encoder settings of the final files. */
export interface EncodeSettings {
  preset: string;
  crf: number;
  maxKbps: number;
}

/** Defaults: good quality for social networks at a size that uploads quickly. */
export const ENCODE_DEFAULTS: EncodeSettings = { preset: "veryfast", crf: 21, maxKbps: 8000 };

/** The ffmpeg arguments of one size. */
export function encodeArgs(
  parts: PicturePart[],
  aspect: Aspect,
  assFile: string,
  soundFile: string,
  out: string,
  s: EncodeSettings,
  overlayAss: string[] = [],
): string[] {
  const inputs: string[] = [];
  const chains: string[] = [];
  parts.forEach((p, i) => {
    inputs.push(...hardenedInput(p.file));
    chains.push(
      p.kind === "card"
        ? `[${i}:v]setsar=1,format=yuv420p[p${i}]`
        : p.crop
          ? cropToFrame(`[${i}:v]`, p.crop, aspect, `p${i}`)
          : fitFilter(`[${i}:v]`, p.width, p.height, aspect, `p${i}`),
    );
  });
  inputs.push(...hardenedInput(soundFile));
  // Lower thirds first, captions on top.
  const burn = [...overlayAss, assFile].map((f) => `subtitles=filename=${filterValue(resolve(f))}`).join(",");
  chains.push(`${parts.map((_, i) => `[p${i}]`).join("")}concat=n=${parts.length}:v=1:a=0,${burn},format=yuv420p[v]`);
  return [
    "-v",
    "error",
    ...inputs,
    "-filter_complex",
    chains.join(";"),
    "-map",
    "[v]",
    "-map",
    `${parts.length}:a:0`,
    "-r",
    String(FPS),
    "-c:v",
    "libx264",
    "-preset",
    s.preset,
    "-crf",
    String(s.crf),
    "-maxrate",
    `${s.maxKbps}k`,
    "-bufsize",
    `${s.maxKbps * 2}k`,
    "-profile:v",
    "high",
    "-pix_fmt",
    "yuv420p",
    "-g",
    String(FPS * 2),
    "-c:a",
    "copy",
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

/** Encodes one size into `out` (temporary name, then renamed). */
export async function encodeSize(
  tools: MediaTools,
  parts: PicturePart[],
  aspect: Aspect,
  assFile: string,
  soundFile: string,
  out: string,
  totalMs: number,
  s: EncodeSettings,
  o: { timeoutMs: number; signal?: AbortSignal; onProgress?: (f: number) => void },
  overlayAss: string[] = [],
): Promise<void> {
  const tmp = tempOutput(out, ".mp4");
  try {
    await runFfmpeg(tools, encodeArgs(parts, aspect, assFile, soundFile, tmp, s, overlayAss), {
      timeoutMs: o.timeoutMs,
      signal: o.signal,
      durationMs: totalMs,
      onProgress: o.onProgress ? (p) => o.onProgress!(p.fraction ?? 0) : undefined,
    });
    await rename(tmp, out);
  } finally {
    await rm(tmp, { force: true });
  }
}

/** Takes one still (JPEG) at `atMs` from a finished size, for the poster. */
export async function grabStill(
  tools: MediaTools,
  video: string,
  atMs: number,
  out: string,
  o: { timeoutMs: number; signal?: AbortSignal },
): Promise<void> {
  const tmp = tempOutput(out, ".jpg");
  try {
    await runFfmpeg(
      tools,
      [
        "-v",
        "error",
        ...hardenedInput(video, ["-ss", (atMs / 1000).toFixed(3)]),
        "-map",
        "0:v:0",
        "-frames:v",
        "1",
        "-an",
        "-vf",
        "scale=out_range=full,format=yuvj420p",
        "-c:v",
        "mjpeg",
        "-q:v",
        "3",
        "-f",
        "image2",
        "-y",
        tmp,
      ],
      o,
    );
    await rename(tmp, out);
  } finally {
    await rm(tmp, { force: true });
  }
}
