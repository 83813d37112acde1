/**
 * Picks the speech engine for this box: whisper.cpp when its program and a model are present, otherwise the
 * offline pocketsphinx engine; a clear error when neither is installed.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "../../config";
import { findPocketsphinx, findWhisper } from "../binaries";
import { MediaError } from "../errors";
import { PocketsphinxEngine } from "./pocketsphinx";
import type { SpeechEngine } from "./types";
import { WhisperEngine } from "./whisper";

/** The whisper model file: PLAUDIT_WHISPER_MODEL, else `<data dir>/models/ggml-base.en.bin` when it exists. */
export function whisperModelPath(config: Config): string | null {
  if (config.whisperModel) return config.whisperModel;
  const inData = join(config.dataDir, "models", "ggml-base.en.bin");
  return existsSync(inData) ? inData : null;
}

/** The whisper engine for this configuration (check `available()` before use). */
export function whisperEngine(config: Config): WhisperEngine {
  return new WhisperEngine(findWhisper(config)?.path ?? null, whisperModelPath(config));
}

/** whisper.cpp when binary + model exist, else pocketsphinx; throws MediaError `tool_missing` if neither is usable. */
export function chooseEngine(config: Config): SpeechEngine {
  const whisper = whisperEngine(config);
  if (whisper.available()) return whisper;
  const sphinx = new PocketsphinxEngine(findPocketsphinx()?.path ?? null);
  if (sphinx.available()) return sphinx;
  throw new MediaError(
    "tool_missing",
    "No speech recognition engine is installed. Either build whisper.cpp (install.sh) and set PLAUDIT_WHISPER_MODEL to a ggml model, " +
      "or install the offline engine: apt-get install pocketsphinx pocketsphinx-en-us.",
  );
}

/**
 * The speech engine this box uses, said for a person (`plaudit doctor`, the dashboard's health banner). Its words
 * name no path on the server: the dashboard shows them to the owners of every organisation the server hosts.
 * `plaudit doctor` adds where the model goes (`whisperModelHint`).
 */
export interface SpeechEngineInUse {
  engine: "whisper.cpp" | "pocketsphinx" | null;
  /** The model file's name (whisper.cpp) or pocketsphinx's bundled model. */
  model: string | null;
  /** Transcripts from this engine are rough drafts to check before publishing (pocketsphinx). */
  drafts: boolean;
  summary: string;
  /** How to get accurate transcripts (or any), when there is something to do. */
  fix: string | null;
}

/** How to get accurate transcripts, for the dashboard: whoever runs the server installs the model (no paths). */
const WHISPER_MODEL_ADVICE =
  "Whoever runs the server can install the Whisper model (ggml-base.en.bin): install.sh downloads it where there is internet, and `plaudit doctor` on the server says where to put a copy. Then restart Plaudit.";

/** How to install the Whisper model on this box, with where it goes (`plaudit doctor`, on the server itself). */
export function whisperModelHint(config: Config): string {
  return (
    `Install the Whisper model: run install.sh where there is internet (it downloads ggml-base.en.bin), ` +
    `or copy ggml-base.en.bin to ${join(config.dataDir, "models", "ggml-base.en.bin")} (or set PLAUDIT_WHISPER_MODEL to its path), then restart Plaudit.`
  );
}

/** Which engine transcribes recordings here, with its model, and whether its transcripts are drafts. */
export function speechEngineInUse(config: Config): SpeechEngineInUse {
  const whisper = whisperEngine(config);
  if (whisper.available()) {
    const model = whisper.model!.split(/[\\/]/).pop()!;
    return { engine: "whisper.cpp", model, drafts: false, summary: `whisper.cpp with the model ${model}`, fix: null };
  }
  if (new PocketsphinxEngine(findPocketsphinx()?.path ?? null).available()) {
    const missing = findWhisper(config) ? "the Whisper model is missing" : "whisper.cpp is not installed";
    return {
      engine: "pocketsphinx",
      model: "en-us",
      drafts: true,
      summary: `pocketsphinx (offline, en-us model; ${missing}): transcripts are rough drafts, marked for checking before publishing`,
      fix: WHISPER_MODEL_ADVICE,
    };
  }
  return {
    engine: null,
    model: null,
    drafts: false,
    summary: "no speech engine: recordings are not transcribed",
    fix: "apt-get install pocketsphinx pocketsphinx-en-us, and for accurate transcripts build whisper.cpp with install.sh and add its model.",
  };
}
