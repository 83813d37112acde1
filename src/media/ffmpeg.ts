/**
 * ffmpeg and ffprobe run hardened: local files only (`-protocol_whitelist file,pipe`), a whitelist of demuxers and
 * decoders, no stdin, a wall-clock limit, abort support, and failures turned into MediaError with a reason.
 */
import { resolve } from "node:path";
import type { Config } from "../config";
import { findFfmpeg, findFfprobe } from "./binaries";
import { MediaError, type MediaErrorReason } from "./errors";
import { clipOutput, runProcess, type RunResult } from "./process";

export { MediaError, isMediaError, type MediaErrorReason } from "./errors";

/** Paths of the two programs every media function needs. */
export interface MediaTools {
  ffmpeg: string;
  ffprobe: string;
}

/** Demuxers we open: ISO-BMFF (mp4/mov/m4a/3gp), Matroska/WebM, Ogg, WAV, MP3, ADTS AAC, FLAC. */
export const INPUT_FORMATS = [
  "mov",
  "mp4",
  "m4a",
  "3gp",
  "3g2",
  "mj2",
  "matroska",
  "webm",
  "ogg",
  "wav",
  "mp3",
  "aac",
  "flac",
];

/** Decoders we run on untrusted input (names differ between builds, so native and library variants are both listed). */
export const INPUT_DECODERS = [
  "h264",
  "hevc",
  "vp8",
  "vp9",
  "libvpx",
  "libvpx-vp9",
  "av1",
  "libdav1d",
  "libaom-av1",
  "mpeg4",
  "prores",
  "mjpeg",
  "aac",
  "aac_fixed",
  "aac_latm",
  "opus",
  "libopus",
  "vorbis",
  "libvorbis",
  "mp3",
  "mp3float",
  "flac",
  "alac",
  "amrnb",
  "amrwb",
  "libopencore_amrnb",
  "pcm_s16le",
  "pcm_s16be",
  "pcm_s24le",
  "pcm_s32le",
  "pcm_f32le",
  "pcm_f64le",
  "pcm_u8",
  "pcm_mulaw",
  "pcm_alaw",
];

/** Finds ffmpeg and ffprobe for this configuration; throws MediaError `tool_missing` naming what to install. */
export function resolveMediaTools(config: Config): MediaTools {
  const ffmpeg = findFfmpeg(config);
  const ffprobe = findFfprobe(config);
  if (!ffmpeg)
    throw new MediaError(
      "tool_missing",
      "ffmpeg was not found: install it (apt-get install ffmpeg) or set PLAUDIT_FFMPEG_PATH.",
    );
  if (!ffprobe)
    throw new MediaError(
      "tool_missing",
      "ffprobe was not found: install it (apt-get install ffmpeg) or set PLAUDIT_FFPROBE_PATH.",
    );
  return { ffmpeg: ffmpeg.path, ffprobe: ffprobe.path };
}

/** The arguments that open one untrusted input file: whitelists first, then `-i file:<absolute path>`. */
export function hardenedInput(path: string, extra: string[] = []): string[] {
  return [
    "-protocol_whitelist",
    "file,pipe",
    "-format_whitelist",
    INPUT_FORMATS.join(","),
    "-codec_whitelist",
    INPUT_DECODERS.join(","),
    ...extra,
    // `file:` keeps a name containing a colon from being read as a protocol.
    "-i",
    `file:${resolve(path)}`,
  ];
}

/** Progress of a running ffmpeg: output time reached, and the fraction of `durationMs` when it is known. */
export type ProgressFn = (p: { outTimeMs: number; fraction: number | null; done: boolean }) => void;

/** How to run ffmpeg or ffprobe. */
export interface FfmpegRunOptions {
  timeoutMs: number;
  signal?: AbortSignal;
  /** Adds `-progress pipe:1` and reports each block it prints. */
  onProgress?: ProgressFn;
  /** Total duration for the progress fraction. */
  durationMs?: number;
  /** Return the result instead of throwing when the exit code is not 0. */
  allowFailure?: boolean;
}

/** Parses `-progress` key=value lines and calls `onProgress` at each `progress=` line. */
export function progressParser(onProgress: ProgressFn, durationMs?: number): (line: string) => void {
  let outTimeMs = 0;
  return (line) => {
    const eq = line.indexOf("=");
    if (eq < 0) return;
    const key = line.slice(0, eq);
    const value = line.slice(eq + 1).trim();
    // Old builds print out_time_ms, which has always held microseconds, like out_time_us.
    if ((key === "out_time_us" || key === "out_time_ms") && /^-?\d+$/.test(value))
      outTimeMs = Math.max(0, Number(value) / 1000);
    if (key === "progress") {
      const done = value === "end";
      const fraction =
        durationMs && durationMs > 0 ? (done ? 1 : Math.min(1, outTimeMs / durationMs)) : done ? 1 : null;
      onProgress({ outTimeMs, fraction, done });
    }
  };
}

/** Runs ffmpeg with `-hide_banner -nostdin`; a non-zero exit becomes a MediaError whose reason is read from stderr. */
export async function runFfmpeg(tools: MediaTools, args: string[], opts: FfmpegRunOptions): Promise<RunResult> {
  const progress = opts.onProgress ? ["-progress", "pipe:1", "-nostats"] : ["-nostats"];
  const cmd = [tools.ffmpeg, "-hide_banner", "-nostdin", ...progress, ...args];
  const result = await runProcess(cmd, {
    timeoutMs: opts.timeoutMs,
    signal: opts.signal,
    onStdoutLine: opts.onProgress ? progressParser(opts.onProgress, opts.durationMs) : undefined,
  });
  if (result.code !== 0 && !opts.allowFailure) throw failureFrom(result.stderr, "ffmpeg");
  return result;
}

/** Runs ffprobe with `-hide_banner`; a non-zero exit becomes a MediaError. */
export async function runFfprobe(tools: MediaTools, args: string[], opts: FfmpegRunOptions): Promise<RunResult> {
  const result = await runProcess([tools.ffprobe, "-hide_banner", ...args], {
    timeoutMs: opts.timeoutMs,
    signal: opts.signal,
  });
  if (result.code !== 0 && !opts.allowFailure) throw failureFrom(result.stderr, "ffprobe");
  return result;
}

const RULES: [RegExp, MediaErrorReason, string][] = [
  [
    /Format (\S+ )?(is )?not on whitelist/i,
    "unsupported_format",
    "This kind of file is not supported. Please send an MP4, MOV, WebM, M4A, MP3, OGG, WAV or FLAC file.",
  ],
  [
    /Codec \(?\S+?\)? (is )?not on whitelist/i,
    "unsupported_format",
    "The file uses a video or audio format we do not accept.",
  ],
  [
    /Protocol '?\S+'? not on whitelist/i,
    "unsupported_format",
    "The file refers to other files or addresses instead of holding media.",
  ],
  [
    /No such filter|Error (initializing|reinitializing) (complex )?filter|Option \S+ not found|Unrecognized option|Unknown encoder/i,
    "tool_failed",
    "The media tools on this server could not run the processing step.",
  ],
  [/matches no streams|does not contain any stream/i, "no_audio", "The file holds no usable audio or video."],
  [
    /File ended prematurely|moov atom not found|Truncat|end of file|partial file/i,
    "corrupt",
    "The file is incomplete; the upload may have been cut short.",
  ],
  [
    /Invalid data found|error reading header|corrupt|Error while decoding|decode_slice|invalid/i,
    "corrupt",
    "The file is damaged and cannot be read.",
  ],
];

/** Turns a tool's stderr into a MediaError with the best matching reason. */
export function failureFrom(stderr: string, tool: string): MediaError {
  const detail = clipOutput(stderr);
  for (const [re, reason, message] of RULES) if (re.test(stderr)) return new MediaError(reason, message, detail);
  return new MediaError("tool_failed", `${tool} could not process the file.`, detail);
}
