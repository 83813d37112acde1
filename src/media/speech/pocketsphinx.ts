/**
 * The offline engine: Debian's `pocketsphinx_continuous` with the en-us model, free decoding with word times
 * (`-time yes`). Roughly 30% word error rate on real read speech; used when no whisper model is present.
 */
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { findPocketsphinx } from "../binaries";
import { MediaError } from "../errors";
import { clipOutput, runProcess } from "../process";
import {
  speechTimeout,
  wavDurationMs,
  type SpeechEngine,
  type TranscribeOptions,
  type Transcript,
  type Word,
} from "./types";

/** Where Debian's `pocketsphinx-en-us` puts the US English model. */
export const DEFAULT_SPHINX_MODEL_DIR = "/usr/share/pocketsphinx/model/en-us";

/** Model files inside a model folder: acoustic model, language model, pronunciation dictionary. */
export function sphinxModel(dir = DEFAULT_SPHINX_MODEL_DIR) {
  return { hmm: join(dir, "en-us"), lm: join(dir, "en-us.lm.bin"), dict: join(dir, "cmudict-en-us.dict") };
}

/**
 * Parses `-time yes` output: lines of `word start end confidence` (seconds). Drops sentence markers (`<s>`,
 * `</s>`), silence (`<sil>`), fillers (`[NOISE]`, `[SPEECH]`…), grammar null
 * transitions (`(NULL)`) and the `(2)` marking alternate pronunciations.
 * The end frame is inclusive, so one 10 ms frame is added to it.
 */
export function parseSphinxTimes(stdout: string): Word[] {
  const words: Word[] = [];
  for (const line of stdout.split("\n")) {
    const m = /^(\S+) (-?\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?)$/.exec(line.trim());
    if (!m) continue;
    const raw = m[1]!;
    // `(NULL)` marks a grammar's empty transitions (optional words not taken).
    if (/^[<[(]/.test(raw) || /^\+\+.*\+\+$/.test(raw)) continue;
    const text = raw.replace(/\(\d+\)$/, "");
    if (!text) continue;
    const start_ms = Math.round(Number(m[2]) * 1000);
    const end_ms = Math.round(Number(m[3]) * 1000) + 10;
    const confidence = Math.min(1, Math.max(0, Number(m[4])));
    words.push({ text, start_ms, end_ms, confidence });
  }
  return words;
}

/** Runs pocketsphinx_continuous on a 16 kHz mono WAV with extra arguments; returns stdout. */
export async function runSphinx(
  bin: string,
  wavPath: string,
  args: string[],
  opts: TranscribeOptions,
): Promise<string> {
  if (!existsSync(wavPath)) throw new MediaError("not_media", "The audio to recognise is missing.");
  const timeoutMs = opts.timeoutMs ?? speechTimeout(wavDurationMs(statSync(wavPath).size));
  const result = await runProcess([bin, "-infile", wavPath, "-time", "yes", ...args], {
    timeoutMs,
    signal: opts.signal,
  });
  if (result.code !== 0) {
    const bad = /format mismatch|bits per sample|sampling rate|not a WAV/i.test(result.stderr);
    throw new MediaError(
      bad ? "unsupported_format" : "tool_failed",
      bad ? "Speech recognition needs 16 kHz mono 16-bit WAV audio." : "Speech recognition failed.",
      clipOutput(result.stderr),
    );
  }
  return result.stdout;
}

/** Free decoding with pocketsphinx. `modelDir` holds `en-us/`, `en-us.lm.bin` and `cmudict-en-us.dict`. */
export class PocketsphinxEngine implements SpeechEngine {
  readonly name = "pocketsphinx";
  constructor(
    readonly bin: string | null = findPocketsphinx()?.path ?? null,
    readonly modelDir: string = DEFAULT_SPHINX_MODEL_DIR,
  ) {}

  /** The program and the model folder both exist. */
  available(): boolean {
    const m = sphinxModel(this.modelDir);
    return !!this.bin && existsSync(this.bin) && existsSync(m.hmm) && existsSync(m.lm) && existsSync(m.dict);
  }

  /** Recognises English speech; words come back lowercase, without punctuation. */
  async transcribe(wavPath: string, opts: TranscribeOptions = {}): Promise<Transcript> {
    if (!this.available())
      throw new MediaError(
        "tool_missing",
        "pocketsphinx is not installed: apt-get install pocketsphinx pocketsphinx-en-us.",
      );
    const m = sphinxModel(this.modelDir);
    const stdout = await runSphinx(this.bin!, wavPath, ["-hmm", m.hmm, "-lm", m.lm, "-dict", m.dict], opts);
    const words = parseSphinxTimes(stdout);
    return { engine: this.name, language: "en", words, text: words.map((w) => w.text).join(" ") };
  }
}
