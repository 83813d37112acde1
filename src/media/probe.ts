/**
 * Probing an uploaded file: sniff its first bytes, ask ffprobe for streams, then measure the real duration by
 * reading every packet (a stream copy into the null muxer), because WebM from MediaRecorder states none and a
 * hostile header can claim anything. Limits are enforced here, before any decoding work is spent on the file.
 */
import { MediaError } from "./errors";
import { hardenedInput, runFfmpeg, runFfprobe, type MediaTools } from "./ffmpeg";
import { sniffMedia, type Sniffed } from "./sniff";

/** What a file may be. */
export interface MediaLimits {
  maxDurationMs: number;
  /** Width × height of a frame. */
  maxPixels: number;
  /** Longest side of a frame, either orientation. */
  maxSide: number;
  maxBytes: number;
  /** Refuse files without an audio stream (a testimonial is spoken). */
  requireAudio: boolean;
}

/** Testimonials: 10 minutes, frames up to 4096×2304 (4K UHD, either orientation), 2 GiB, with sound. */
export const TESTIMONIAL_LIMITS: MediaLimits = {
  maxDurationMs: 10 * 60_000,
  maxPixels: 4096 * 2304,
  maxSide: 4096,
  maxBytes: 2 * 1024 ** 3,
  requireAudio: true,
};

/** A video stream as displayed (rotation applied to width/height). */
export interface VideoInfo {
  codec: string;
  width: number;
  height: number;
  fps: number | null;
  /** Clockwise degrees from the display matrix; width/height above already account for it. */
  rotation: number;
}

/** An audio stream. */
export interface AudioInfo {
  codec: string;
  sampleRate: number;
  channels: number;
}

/** A probed, accepted media file. */
export interface MediaInfo {
  /** Container by content: webm, mp4, mov, m4a, wav… */
  container: string;
  /** ffprobe's demuxer name, such as `matroska,webm`. */
  formatName: string;
  kind: "video" | "audio";
  video: VideoInfo | null;
  audio: AudioInfo | null;
  duration_ms: number;
  /** Where duration_ms came from: the header (confirmed by reading) or the packets alone. */
  durationSource: "container" | "measured";
  bytes: number;
  sniffed: Sniffed;
}

interface FfStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  sample_rate?: string;
  channels?: number;
  duration?: string;
  disposition?: { attached_pic?: number };
  tags?: Record<string, string>;
  side_data_list?: { rotation?: number }[];
}

function rate(r?: string): number | null {
  if (!r) return null;
  const [n, d] = r.split("/").map(Number);
  const v = d ? n! / d : n!;
  return Number.isFinite(v) && v > 0 ? Math.round(v * 1000) / 1000 : null;
}

function seconds(s?: string): number | null {
  const v = s === undefined ? NaN : Number(s);
  return Number.isFinite(v) && v > 0 ? Math.round(v * 1000) : null;
}

/** "3:00:00" / "0:05" for messages. */
export function formatDuration(ms: number): string {
  const t = Math.round(ms / 1000);
  const h = Math.floor(t / 3600),
    m = Math.floor((t % 3600) / 60),
    s = t % 60;
  const mm = h ? String(m).padStart(2, "0") : String(m);
  return `${h ? `${h}:` : ""}${mm}:${String(s).padStart(2, "0")}`;
}

/** Reads every packet (no decoding) up to `limitMs` and returns the last timestamp reached; refuses truncated files. */
export async function measureDuration(
  tools: MediaTools,
  path: string,
  opts: { limitMs: number; timeoutMs?: number; signal?: AbortSignal },
): Promise<number> {
  let last = 0;
  const result = await runFfmpeg(
    tools,
    [
      "-v",
      "warning",
      ...hardenedInput(path),
      "-map",
      "0:v:0?",
      "-map",
      "0:a:0?",
      "-c",
      "copy",
      "-t",
      String(opts.limitMs / 1000),
      "-f",
      "null",
      "-",
    ],
    {
      timeoutMs: opts.timeoutMs ?? 60_000,
      signal: opts.signal,
      onProgress: (p) => void (last = Math.max(last, p.outTimeMs)),
    },
  );
  // ffmpeg 5.1 says "File ended prematurely"; 4.1's matroska demuxer says "Read error" (at warning level).
  if (/File ended prematurely|partial file|Truncat|\] Read error/i.test(result.stderr)) {
    throw new MediaError(
      "corrupt",
      "The file is incomplete; the upload may have been cut short.",
      result.stderr.slice(-400),
    );
  }
  return Math.round(last);
}

/** Sniffs, probes and measures a file; throws MediaError with a reason when it breaks a limit or is not media. */
export async function probeMedia(
  tools: MediaTools,
  path: string,
  limits: MediaLimits = TESTIMONIAL_LIMITS,
  opts: { signal?: AbortSignal } = {},
): Promise<MediaInfo> {
  const sniffed = await sniffMedia(path, limits.maxBytes);
  const probe = await runFfprobe(
    tools,
    ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", ...hardenedInput(path)],
    {
      timeoutMs: 30_000,
      signal: opts.signal,
    },
  );
  let parsed: { streams?: FfStream[]; format?: { format_name?: string; duration?: string } };
  try {
    parsed = JSON.parse(probe.stdout);
  } catch {
    throw new MediaError("corrupt", "The file could not be read.", probe.stderr.slice(-400));
  }
  const streams = parsed.streams ?? [];
  const v = streams.find((s) => s.codec_type === "video" && !s.disposition?.attached_pic);
  const a = streams.find((s) => s.codec_type === "audio");
  if (!v && !a) throw new MediaError("no_audio", "The file holds no audio or video.");

  let video: VideoInfo | null = null;
  if (v) {
    const w = v.width ?? 0,
      h = v.height ?? 0;
    if (!w || !h) throw new MediaError("corrupt", "The video's frame size could not be read.");
    if (w * h > limits.maxPixels || Math.max(w, h) > limits.maxSide) {
      throw new MediaError(
        "too_large_frame",
        `The video is ${w}×${h}; the largest accepted is ${limits.maxSide} pixels on the long side (4K).`,
      );
    }
    const raw = v.side_data_list?.find((d) => typeof d.rotation === "number")?.rotation ?? Number(v.tags?.rotate ?? 0);
    const rotation = (((-raw % 360) + 360) % 360) | 0;
    const turned = rotation === 90 || rotation === 270;
    video = {
      codec: v.codec_name ?? "unknown",
      width: turned ? h : w,
      height: turned ? w : h,
      fps: rate(v.avg_frame_rate) ?? rate(v.r_frame_rate),
      rotation,
    };
  }
  if (!a && limits.requireAudio) throw new MediaError("no_audio", "The recording has no sound.");
  const audio: AudioInfo | null = a
    ? { codec: a.codec_name ?? "unknown", sampleRate: Number(a.sample_rate ?? 0), channels: a.channels ?? 0 }
    : null;

  const claimed = seconds(parsed.format?.duration) ?? Math.max(0, ...streams.map((s) => seconds(s.duration) ?? 0));
  const measured = await measureDuration(tools, path, { limitMs: limits.maxDurationMs + 1000, signal: opts.signal });
  if (measured <= 0) throw new MediaError("corrupt", "The file holds no playable media.");
  if (measured > limits.maxDurationMs) {
    throw new MediaError(
      "too_long",
      `The recording is longer than ${formatDuration(limits.maxDurationMs)}, the longest accepted.`,
    );
  }
  if (claimed && claimed > measured * 1.5 + 2000) {
    throw new MediaError(
      "corrupt",
      `The file claims to last ${formatDuration(claimed)} but holds only ${formatDuration(measured)} of media; its header is inconsistent.`,
    );
  }
  const trustClaim = !!claimed && Math.abs(claimed - measured) <= Math.max(1000, measured * 0.05);
  return {
    container: sniffed.ext,
    formatName: parsed.format?.format_name ?? "",
    kind: video ? "video" : "audio",
    video,
    audio,
    duration_ms: trustClaim ? claimed : measured,
    durationSource: trustClaim ? "container" : "measured",
    bytes: sniffed.bytes,
    sniffed,
  };
}
