/**
 * The whisper.cpp path without a model: test/fixtures/media/whisper-cli-ojf.json is laid out exactly as
 * whisper-cli's `output_json` writes it with `-ml 1 -sow -oj -ojf` (tabs, field order, `timestamps` and `offsets`,
 * `[_BEG_]` and `[_TT_…]` tokens, a `[BLANK_AUDIO]` segment, punctuation in a segment of its own, a word split over
 * several tokens). Parsed, it gives the speech fixture's sentence word for word with ordered times and per-word
 * confidence; the engine runs a stand-in whisper-cli (a shell script that checks its arguments and writes the
 * fixture where `-of` says) and returns that transcript.
 */
import { describe, expect, test } from "bun:test";
import { chmodSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseWhisperJson, WhisperEngine, type WhisperJson } from "../../src/media/speech/whisper";
import { SPEECH_TEXT } from "../fixtures/media/make-fixtures";
import { writeWav } from "../fixtures/media/wav";
import { scratch } from "../fixtures/media/tools";

const FIXTURE = join(import.meta.dir, "../fixtures/media/whisper-cli-ojf.json");
const json = JSON.parse(readFileSync(FIXTURE, "utf8")) as WhisperJson;

describe("whisper.cpp JSON", () => {
  test("gives the sentence word for word, punctuation attached, non-speech dropped, times in order", () => {
    const words = parseWhisperJson(json);
    expect(words.map((w) => w.text)).toEqual(SPEECH_TEXT.split(/\s+/));
    expect(words[0]).toMatchObject({ text: "Honestly,", start_ms: 400, end_ms: 980 });
    // "." arrived as its own segment and extends "simple" to its end.
    expect(words[5]).toMatchObject({ text: "simple.", start_ms: 2140, end_ms: 2540 });
    for (let i = 1; i < words.length; i++) {
      expect(words[i]!.start_ms).toBeGreaterThanOrEqual(words[i - 1]!.end_ms);
      expect(words[i]!.end_ms).toBeGreaterThanOrEqual(words[i]!.start_ms);
    }
  });

  test("confidence is the mean of the word's own tokens (timestamp tokens left out)", () => {
    const words = parseWhisperJson(json);
    const plaudit = words.find((w) => w.text === "Plaudit")!;
    expect(plaudit.confidence!).toBeCloseTo((0.5123 + 0.6644 + 0.7012) / 3, 4);
    expect(words.find((w) => w.text === "team")!.confidence!).toBeCloseTo(0.9811, 4);
    for (const w of words) expect(w.confidence!).toBeGreaterThan(0);
  });

  test("the engine runs whisper-cli with word segments and full JSON, and reads what it wrote", async () => {
    const dir = scratch("whisper-cli");
    try {
      const bin = join(dir, "whisper-cli");
      const model = join(dir, "ggml-base.en.bin");
      writeFileSync(model, "not a real model: the stand-in never reads it");
      writeFileSync(
        bin,
        [
          "#!/bin/sh",
          'args=" $* "',
          'for want in " -ml 1 " " -sow " " -oj " " -ojf " " -l en " " -m ' + model + ' "; do',
          '  case "$args" in *"$want"*) ;; *) echo "missing$want" >&2; exit 2 ;; esac',
          "done",
          'while [ "$#" -gt 0 ]; do [ "$1" = "-of" ] && out="$2"; shift; done',
          `cp '${FIXTURE}' "$out.json"`,
          "",
        ].join("\n"),
      );
      chmodSync(bin, 0o755);
      const wav = join(dir, "speech.wav");
      writeFileSync(wav, writeWav({ rate: 16000, samples: new Int16Array(16000 * 8) }));
      const engine = new WhisperEngine(bin, model);
      expect(engine.available()).toBe(true);
      const t = await engine.transcribe(wav, { language: "en" });
      expect(t.engine).toBe("whisper.cpp");
      expect(t.language).toBe("en");
      expect(t.text).toBe(SPEECH_TEXT);
      expect(new WhisperEngine(bin, join(dir, "absent.bin")).available()).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
