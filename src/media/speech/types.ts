/**
 * What every speech engine returns: words with their times in the recording, and the whole text.
 */

/** One recognised (or aligned) word. `text` keeps the writer's punctuation and case where known. */
export interface Word {
  text: string;
  start_ms: number;
  end_ms: number;
  /** 0..1 where the engine gives one. */
  confidence?: number;
}

/** A transcript of one recording. */
export interface Transcript {
  /** Which engine made it: `whisper.cpp`, `pocketsphinx`, `pocketsphinx-align`, `interpolated`. */
  engine: string;
  /** ISO 639-1. */
  language: string;
  words: Word[];
  text: string;
}

/** Options every engine takes. */
export interface TranscribeOptions {
  signal?: AbortSignal;
  /** ISO 639-1 hint ("en"); engines that know only one language ignore it. */
  language?: string;
  /** Wall-clock limit; by default a multiple of the recording's length. */
  timeoutMs?: number;
}

/** A speech-to-text engine working on 16 kHz mono 16-bit WAV files (see `extractSpeechWav`). */
export interface SpeechEngine {
  readonly name: string;
  /** Whether the engine's program and model are present. */
  available(): boolean;
  transcribe(wavPath: string, opts?: TranscribeOptions): Promise<Transcript>;
}

/** Length in ms of a 16-bit mono 16 kHz WAV from its size (header of 44 bytes). */
export function wavDurationMs(bytes: number, rate = 16000): number {
  return Math.max(0, Math.round(((bytes - 44) / 2 / rate) * 1000));
}

/** A time limit for recognising `durationMs` of audio: 30 s plus three times the audio's length. */
export function speechTimeout(durationMs: number): number {
  return 30_000 + durationMs * 3;
}
