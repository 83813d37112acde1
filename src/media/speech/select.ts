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
