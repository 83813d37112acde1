/**
 * The media work the features need, behind one interface passed in as a dependency: probing, transcoding,
 * posters, speech recognition and forced alignment. `createMediaToolkit` wires the real ffmpeg and speech engines.
 */
import { rename } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { Config } from "../config";
import { extractSpeechWav } from "./audio";
import { toWebVtt } from "./captions";
import { resolveMediaTools, type MediaTools } from "./ffmpeg";
import { makePoster } from "./poster";
import { posterFocus, type Focus } from "./poster-focus";
import { createImages, type Images } from "./images";
import { probeMedia, TESTIMONIAL_LIMITS } from "./probe";
import { alignText } from "./speech/align";
import { chooseEngine } from "./speech/select";
import type { SpeechEngine } from "./speech/types";
import { transcode } from "./transcode";
import { trimMedia } from "./trim";
import { makeFilmstrip } from "./filmstrip";

/** One recognised or corrected word with its timing in the recording. */
export interface Word {
  text: string;
  start_ms: number;
  end_ms: number;
  confidence?: number;
}

/** What probing learned about a recording. */
export interface ProbeResult {
  hasVideo: boolean;
  hasAudio: boolean;
  durationMs: number;
  width: number | null;
  height: number | null;
}

/** A transcript from a speech engine. */
export interface SpeechResult {
  engine: string;
  language: string | null;
  words: Word[];
}

/** Options every long-running call takes. */
export interface RunOpts {
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
}

/** Options of a poster: the frame to take (a chosen cover), else one near the start. */
export interface PosterRunOpts extends RunOpts {
  atMs?: number;
}

/** Media operations. Errors a person should see are `MediaError`s (src/media/ffmpeg.ts). */
export interface MediaToolkit {
  probe(path: string, opts?: RunOpts): Promise<ProbeResult>;
  transcodeVideo(input: string, output: string, durationMs: number, opts?: RunOpts): Promise<void>;
  transcodeAudio(input: string, output: string, durationMs: number, opts?: RunOpts): Promise<void>;
  poster(
    input: string,
    durationMs: number,
    jpegOut: string,
    webpOut: string,
    opts?: PosterRunOpts,
  ): Promise<{ width: number; height: number }>;
  /** Writes the part `startMs`–`endMs` of a processed recording to `output`, re-encoded so the cut is exact. */
  trim(
    input: string,
    output: string,
    span: { startMs: number; endMs: number; video: boolean },
    opts?: RunOpts,
  ): Promise<void>;
  /** Writes small JPEG frames of a video at `filmstripTimes(durationMs, outputs.length)` to `outputs`, in order. */
  filmstrip(input: string, durationMs: number, outputs: string[], opts?: RunOpts): Promise<void>;
  /**
   * Where the face is around the poster frame of a processed `width`×`height` video, as fractions of the picture;
   * null without a face detector or a face (cards then crop around the centre).
   */
  posterFocus(
    video: string,
    size: { width: number; height: number; durationMs: number },
    opts?: RunOpts,
  ): Promise<Focus | null>;
  extractWav(input: string, output: string, opts?: RunOpts): Promise<void>;
  /**
   * Null when no speech engine is installed. `language` is the language the recording is expected in (ISO 639-1):
   * engines that know it use it; the result's `language` says what the words are in.
   */
  transcribe(wav: string, opts?: RunOpts & { language?: string | null }): Promise<SpeechResult | null>;
  /** Times the given text's words against the recording, keeping each word exactly as written. */
  align(wav: string, text: string, opts?: RunOpts): Promise<Word[]>;
  captionsVtt(words: Word[]): string;
}

/**
 * The real toolkit: hardened ffmpeg (tools found on first use), posters through `images` (the Deps' image operations;
 * default: sharp for this config), and the engine `chooseEngine` picks.
 */
export function createMediaToolkit(config: Config, opts: { images?: Images } = {}): MediaToolkit {
  const images = opts.images ?? createImages(config);
  let tools: MediaTools | null = null;
  const t = () => (tools ??= resolveMediaTools(config));
  let engine: SpeechEngine | null | undefined;
  const speech = () => {
    if (engine === undefined) {
      try {
        engine = chooseEngine(config);
      } catch {
        engine = null;
      }
    }
    return engine;
  };
  // Outputs are written to a temporary name beside `output` and renamed onto it, so `output` is never half-written.
  const into = async (tmp: string, output: string) => rename(tmp, output);
  const transcodeTo = async (input: string, output: string, opts: RunOpts = {}) => {
    const info = await probeMedia(t(), input, TESTIMONIAL_LIMITS, opts);
    const r = await transcode(t(), input, info, {
      outDir: dirname(output),
      signal: opts.signal,
      onProgress: opts.onProgress,
    });
    await into(r.path, output);
  };
  return {
    async probe(path, opts = {}) {
      const info = await probeMedia(t(), path, TESTIMONIAL_LIMITS, opts);
      return {
        hasVideo: !!info.video,
        hasAudio: !!info.audio,
        durationMs: info.duration_ms,
        width: info.video?.width ?? null,
        height: info.video?.height ?? null,
      };
    },
    transcodeVideo: (input, output, _durationMs, opts) => transcodeTo(input, output, opts),
    transcodeAudio: (input, output, _durationMs, opts) => transcodeTo(input, output, opts),
    async poster(input, durationMs, jpegOut, webpOut, opts = {}) {
      const p = await makePoster(
        t(),
        images,
        input,
        { duration_ms: durationMs },
        { outDir: dirname(jpegOut), signal: opts.signal, atMs: opts.atMs },
      );
      await into(p.posterPath, jpegOut);
      await into(p.thumbPath, webpOut);
      return { width: p.width, height: p.height };
    },
    async trim(input, output, span, opts = {}) {
      const tmp = await trimMedia(t(), input, { ...span, outDir: dirname(output), ...opts });
      await into(tmp, output);
    },
    filmstrip: (input, durationMs, outputs, opts = {}) => makeFilmstrip(t(), input, durationMs, outputs, opts),
    posterFocus: (video, size, opts = {}) =>
      posterFocus(t(), video, size, { tmpDir: join(config.dataDir, "tmp"), signal: opts.signal }),
    async extractWav(input, output, opts = {}) {
      await extractSpeechWav(t(), input, { outPath: output, signal: opts.signal });
    },
    async transcribe(wav, opts = {}) {
      const e = speech();
      return e ? e.transcribe(wav, { signal: opts.signal, language: opts.language ?? undefined }) : null;
    },
    async align(wav, text, opts = {}) {
      return (await alignText(wav, text, { signal: opts.signal })).words;
    },
    captionsVtt: (words) => toWebVtt(words),
  };
}
