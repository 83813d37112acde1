/**
 * The transcript engine is told the expected language (issue 26): whisper.cpp gets `-l <lang>` with a multilingual
 * model and `-l en` with an English-only one (`*.en.bin`); a transcript in English of a recording expected in
 * another language says why (pocketsphinx and English-only models know English only).
 */
import { afterAll, describe, expect, test } from "bun:test";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { WhisperEngine } from "../../src/media/speech/whisper";
import { presentTranscript } from "../../src/domains/submissions/present";

const dir = mkdtempSync(join(tmpdir(), "speech-language-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A stand-in whisper-cli that notes its arguments and writes an empty transcript where `-of` says. */
function fakeWhisper(): { bin: string; args: () => string[] } {
  const bin = join(dir, "whisper-cli");
  const log = join(dir, "args.txt");
  writeFileSync(
    bin,
    `#!/bin/sh\nprintf '%s\\n' "$@" > ${log}\nwhile [ $# -gt 0 ]; do if [ "$1" = "-of" ]; then out="$2"; fi; shift; done\necho '{"params":{"language":"auto"},"transcription":[]}' > "$out.json"\n`,
  );
  chmodSync(bin, 0o755);
  return { bin, args: () => readFileSync(log, "utf8").trim().split("\n") };
}

const wav = join(dir, "a.wav");
writeFileSync(wav, new Uint8Array(44 + 32000));

describe("whisper.cpp is told the language", () => {
  const fake = fakeWhisper();
  const model = (name: string) => {
    const path = join(dir, name);
    writeFileSync(path, "model");
    return path;
  };
  const languageArg = (args: string[]) => args[args.indexOf("-l") + 1];

  test("a multilingual model gets the expected language, or finds out itself", async () => {
    const engine = new WhisperEngine(fake.bin, model("ggml-base.bin"));
    expect(engine.multilingual).toBe(true);
    const fr = await engine.transcribe(wav, { language: "fr" });
    expect(languageArg(fake.args())).toBe("fr");
    expect(fr.language).toBe("fr");
    await engine.transcribe(wav);
    expect(languageArg(fake.args())).toBe("auto");
  });

  test("an English-only model is told English, and says so", async () => {
    const engine = new WhisperEngine(fake.bin, model("ggml-base.en.bin"));
    expect(engine.multilingual).toBe(false);
    const r = await engine.transcribe(wav, { language: "de" });
    expect(languageArg(fake.args())).toBe("en");
    expect(r.language).toBe("en");
  });
});

describe("the transcript says when its language is not the expected one", () => {
  const row = (engine: string, language: string) => ({
    submissionId: "sub_1",
    engine,
    language,
    words: [{ text: "hallo", start_ms: 0, end_ms: 400 }],
    originalWords: [{ text: "hallo", start_ms: 0, end_ms: 400 }],
    editedAt: null,
    editedBy: null,
    createdAt: 0,
  });

  test("pocketsphinx on a German recording: an English guess, said", () => {
    const t = presentTranscript(row("pocketsphinx", "en"), { wordsDraft: true, pageLanguage: "de" });
    expect(t.language).toBe("en");
    expect(t.expected_language).toBe("de");
    expect(t.language_note).toContain("recognises English only");
  });

  test("no note when the languages agree or nothing was expected", () => {
    expect(presentTranscript(row("whisper.cpp", "de"), { wordsDraft: false, pageLanguage: "de" }).language_note).toBe(
      null,
    );
    expect(presentTranscript(row("pocketsphinx", "en"), { wordsDraft: true, pageLanguage: null }).language_note).toBe(
      null,
    );
  });
});
