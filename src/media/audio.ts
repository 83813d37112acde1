/**
 * The audio speech engines read: 16 kHz, mono, 16-bit PCM WAV with a plain 44-byte header (bitexact, no LIST
 * chunk, which pocketsphinx_continuous would read as samples).
 */
import { rm } from "node:fs/promises";
import { hardenedInput, runFfmpeg, type MediaTools } from "./ffmpeg";
import { tempOutput } from "./temp";

/** Options for extracting speech audio. */

/** Output options of the WAV speech engines read: mono 16 kHz 16-bit PCM, byte-for-byte repeatable; then the path. */
export const SPEECH_WAV_OUTPUT = [
  "-ac",
  "1",
  "-ar",
  "16000",
  "-c:a",
  "pcm_s16le",
  "-fflags",
  "+bitexact",
  "-flags:a",
  "+bitexact",
  "-f",
  "wav",
  "-y",
] as const;
export interface SpeechAudioOptions {
  /** Where to write; default a temp name beside the input. */
  outPath?: string;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** Writes the first audio stream of `input` as 16 kHz mono 16-bit WAV and returns its path. */
export async function extractSpeechWav(
  tools: MediaTools,
  input: string,
  opts: SpeechAudioOptions = {},
): Promise<string> {
  const out = opts.outPath ?? tempOutput(input, ".wav");
  try {
    await runFfmpeg(
      tools,
      [
        "-v",
        "error",
        ...hardenedInput(input),
        "-map",
        "0:a:0",
        "-vn",
        "-sn",
        "-dn",
        "-map_metadata",
        "-1",
        ...SPEECH_WAV_OUTPUT,
        out,
      ],
      { timeoutMs: opts.timeoutMs ?? 120_000, signal: opts.signal },
    );
  } catch (e) {
    await rm(out, { force: true });
    throw e;
  }
  return out;
}
