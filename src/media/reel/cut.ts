/**
 * Cutting one clip out of a processed recording, once for every size: the cut is placed by pads.ts, its sound is
 * brought to the loudness target (a measured gain, then a peak limiter at -1.5 dBFS) with 10 ms fades against
 * clicks, and the picture is made constant 30 fps. The result is a near-lossless intermediate (H.264 CRF 12 and
 * PCM in Matroska) that every size's encode reads, so the source is decoded only here.
 */
import { SPEECH_WAV_OUTPUT } from "../audio";
import { rename, rm } from "node:fs/promises";
import { hardenedInput, runFfmpeg, runFfprobe, type MediaTools } from "../ffmpeg";
import { MediaError } from "../errors";
import { LOUDNESS_TARGET, parseLoudnormJson } from "../loudness";
import { frameEnergies } from "../speech/refine";
import { tempOutput } from "../temp";
import { allowedPads, frameCut, soundPads, type CutSpan } from "./pads";
import { sec } from "./filter-text";
import { FPS, MAX_PAD_MS, type PlanClip } from "./types";

/** How a cut runs. */
export interface CutOptions {
  timeoutMs: number;
  /** Folder for scratch files (never the source's folder). */
  tmpDir: string;
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
}

/** A cut clip file and its facts. */
export interface CutResult extends CutSpan {
  file: string;
  gainDb: number;
  width: number;
  height: number;
}

/** Display size of a file's first video stream. */
export async function videoSize(
  tools: MediaTools,
  path: string,
  o: CutOptions,
): Promise<{ width: number; height: number }> {
  const r = await runFfprobe(
    tools,
    ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height", "-of", "json", `file:${path}`],
    { timeoutMs: Math.min(o.timeoutMs, 60_000), signal: o.signal },
  );
  const s = (JSON.parse(r.stdout) as { streams?: { width?: number; height?: number }[] }).streams?.[0];
  if (!s?.width || !s.height) throw new MediaError("no_audio", "The recording has no picture to cut.");
  return { width: s.width, height: s.height };
}

/** Frame levels (10 ms, dB) of the sound from `fromMs` for `ms`, read from a 16 kHz mono WAV. */
async function levels(
  tools: MediaTools,
  source: string,
  fromMs: number,
  ms: number,
  o: CutOptions,
): Promise<Float64Array> {
  const wav = tempOutput("levels", ".wav", o.tmpDir);
  try {
    await runFfmpeg(
      tools,
      [
        "-v",
        "error",
        ...hardenedInput(source, ["-ss", sec(fromMs), "-t", sec(ms)]),
        "-map",
        "0:a:0",
        "-vn",
        ...SPEECH_WAV_OUTPUT,
        wav,
      ],
      { timeoutMs: o.timeoutMs, signal: o.signal },
    );
    return await frameEnergies(wav);
  } finally {
    await rm(wav, { force: true });
  }
}

/** Integrated loudness (LUFS) of a stretch of the source, measured the way processing measures; null for silence. */
async function spanLoudness(
  tools: MediaTools,
  source: string,
  fromMs: number,
  ms: number,
  o: CutOptions,
): Promise<number | null> {
  const t = LOUDNESS_TARGET;
  const r = await runFfmpeg(
    tools,
    [
      "-v",
      "info",
      ...hardenedInput(source, ["-ss", sec(fromMs), "-t", sec(ms)]),
      "-map",
      "0:a:0",
      "-vn",
      "-af",
      `loudnorm=I=${t.I}:TP=${t.TP}:LRA=${t.LRA}:print_format=json`,
      "-f",
      "null",
      "-",
    ],
    { timeoutMs: o.timeoutMs, signal: o.signal },
  );
  const i = Number(parseLoudnormJson(r.stderr)?.input_i);
  return Number.isFinite(i) && i > -69 ? i : null;
}

/** Where a clip is cut: the transcript's limits, narrowed by the sound around each edge. */
export async function placeCut(tools: MediaTools, clip: PlanClip, o: CutOptions): Promise<CutSpan> {
  const allowed = allowedPads(clip.words, clip.startMs, clip.endMs, clip.sourceDurationMs);
  const margin = MAX_PAD_MS + 80;
  const from = Math.max(0, clip.startMs - margin);
  const to = Math.min(clip.sourceDurationMs, clip.endMs + margin);
  const energies = await levels(tools, clip.sourcePath, from, to - from, o);
  return frameCut(clip.startMs, clip.endMs, soundPads(energies, from, clip.startMs, clip.endMs, allowed));
}

/** The ffmpeg arguments that write a cut clip (after measuring its gain). */
export function cutArgs(source: string, span: CutSpan, gainDb: number, out: string): string[] {
  const d = sec(span.durationMs);
  const a = span.audioMs;
  const video = `[0:v]fps=${FPS},tpad=stop_mode=clone:stop_duration=2,trim=end_frame=${span.frames},setpts=N/(${FPS}*TB),format=yuv420p[v]`;
  const audio = [
    "[0:a]aresample=48000",
    "aformat=sample_fmts=fltp:channel_layouts=stereo",
    `atrim=end=${sec(a)}`,
    "asetpts=PTS-STARTPTS",
    `volume=${gainDb.toFixed(2)}dB`,
    "alimiter=limit=0.84:attack=2:release=50:level=0",
    "afade=t=in:d=0.01",
    `afade=t=out:st=${sec(Math.max(0, a - 12))}:d=0.012`,
    "apad",
    `atrim=end=${d}[a]`,
  ].join(",");
  return [
    "-v",
    "error",
    ...hardenedInput(source, ["-ss", sec(span.fromMs), "-t", sec(span.durationMs + 500)]),
    "-filter_complex",
    `${video};${audio}`,
    "-map",
    "[v]",
    "-map",
    "[a]",
    "-c:v",
    "libx264",
    "-preset",
    "ultrafast",
    "-crf",
    "12",
    "-g",
    String(FPS),
    "-c:a",
    "pcm_s16le",
    "-ar",
    "48000",
    "-map_metadata",
    "-1",
    "-f",
    "matroska",
    "-y",
    out,
  ];
}

/** Cuts one clip into `out` (written under a temporary name, then renamed). */
export async function cutClip(tools: MediaTools, clip: PlanClip, out: string, o: CutOptions): Promise<CutResult> {
  const size = await videoSize(tools, clip.sourcePath, o);
  const span = await placeCut(tools, clip, o);
  const lufs = await spanLoudness(tools, clip.sourcePath, span.fromMs, span.audioMs, o);
  // Recordings were normalised as a whole; a clip of one is brought to the target on its own.
  const gainDb = lufs === null ? 0 : Math.max(-20, Math.min(20, LOUDNESS_TARGET.I - lufs));
  const tmp = tempOutput(out, ".mkv");
  try {
    await runFfmpeg(tools, cutArgs(clip.sourcePath, span, gainDb, tmp), {
      timeoutMs: o.timeoutMs,
      signal: o.signal,
      durationMs: span.durationMs,
      onProgress: o.onProgress ? (p) => o.onProgress!(p.fraction ?? 0) : undefined,
    });
    await rename(tmp, out);
  } catch (e) {
    await rm(tmp, { force: true });
    throw e;
  }
  return { ...span, file: out, gainDb, ...size };
}
