/**
 * whisper.cpp through its CLI. It needs a ggml model, which cannot be downloaded on these machines: the real
 * transcription test runs only when PLAUDIT_WHISPER_MODEL (or data/models/ggml-base.en.bin) and whisper-cli
 * (PATH, PLAUDIT_WHISPER_BIN or dist/whisper-cli) exist, and is skipped with that reason otherwise. Without a
 * model the engine reports itself unavailable and refuses clearly.
 */
import { describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { loadConfig } from "../../src/config";
import { whisperEngine } from "../../src/media/speech/select";
import { WhisperEngine } from "../../src/media/speech/whisper";
import { wordErrorRate } from "../../src/media/speech/wer";
import { ensureMediaFixtures } from "../fixtures/media/make-fixtures";

const dist = resolve(import.meta.dir, "../../dist/whisper-cli");
const config = loadConfig({
  ...process.env,
  PLAUDIT_WHISPER_BIN: process.env.PLAUDIT_WHISPER_BIN ?? (existsSync(dist) ? dist : ""),
  PLAUDIT_DATA_DIR: process.env.PLAUDIT_DATA_DIR ?? resolve(import.meta.dir, "../../data"),
});
const engine = whisperEngine(config);
const why = !engine.bin
  ? "no whisper-cli (install.sh builds dist/whisper-cli)"
  : !engine.model
    ? "no ggml model (set PLAUDIT_WHISPER_MODEL)"
    : !engine.available()
      ? `missing ${engine.model}`
      : "";

describe("whisper.cpp", () => {
  test("without a model it is unavailable and says what to set", async () => {
    const none = new WhisperEngine(engine.bin ?? "/nonexistent/whisper-cli", null);
    expect(none.available()).toBe(false);
    const err = await none.transcribe("/dev/null").catch((e) => e);
    expect(err.reason).toBe("tool_missing");
    expect(err.message).toContain("PLAUDIT_WHISPER_MODEL");
  });

  test.skipIf(!!why)(
    `transcribes the fixture speech with word times${why ? ` (skipped: ${why})` : ""}`,
    async () => {
      const f = ensureMediaFixtures();
      const r = await engine.transcribe(join(f.dir, "speech.wav"));
      expect(r.engine).toBe("whisper.cpp");
      expect(r.words.length).toBeGreaterThan(10);
      for (let i = 1; i < r.words.length; i++)
        expect(r.words[i]!.start_ms).toBeGreaterThanOrEqual(r.words[i - 1]!.start_ms);
      expect(r.words.at(-1)!.end_ms).toBeLessThanOrEqual(f.speechDurationMs + 500);
      expect(wordErrorRate(f.speechText, r.text)).toBeLessThan(0.3);
    },
    300_000,
  );
});
