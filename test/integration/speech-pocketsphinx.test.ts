/**
 * Real speech through the offline engine: pocketsphinx on the read-speech recordings of Debian's
 * `pocketsphinx-testdata` (LibriVox, with reference transcripts) gives words whose times lie inside each
 * recording, in order, at under 40% word error rate over the set. `chooseEngine` falls back to pocketsphinx
 * when no whisper model is configured, and whisper reports itself unavailable without a model.
 */
import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { loadConfig } from "../../src/config";
import { PocketsphinxEngine } from "../../src/media/speech/pocketsphinx";
import { chooseEngine } from "../../src/media/speech/select";
import { wavDurationMs, type Transcript } from "../../src/media/speech/types";
import { wordErrorRate } from "../../src/media/speech/wer";
import { scratch } from "../fixtures/media/tools";

const LIBRIVOX = "/usr/share/pocketsphinx/test/data/librivox";
const engine = new PocketsphinxEngine();
const haveData = existsSync(join(LIBRIVOX, "transcription"));
const why = !engine.available()
  ? " (skipped: apt-get install pocketsphinx pocketsphinx-en-us)"
  : !haveData
    ? " (skipped: apt-get install pocketsphinx-testdata)"
    : "";

/** id → reference text, from the package's `transcription` file (`<s> words </s> (id)`). */
function references(): [string, string][] {
  return readFileSync(join(LIBRIVOX, "transcription"), "utf8")
    .trim()
    .split("\n")
    .map((l) => /^<s> (.*) <\/s> \((.*)\)$/.exec(l.trim())!)
    .map((m) => [m[2]!, m[1]!]);
}

describe("pocketsphinx on real recordings", () => {
  test.skipIf(!!why)(
    `words inside each recording, in order, WER under 40%${why}`,
    async () => {
      const refs = references();
      expect(refs.length).toBe(5);
      // Two at a time: the machine has two cores.
      const results: Transcript[] = [];
      for (let i = 0; i < refs.length; i += 2) {
        results.push(
          ...(await Promise.all(refs.slice(i, i + 2).map(([id]) => engine.transcribe(join(LIBRIVOX, `${id}.wav`))))),
        );
      }
      refs.forEach(([id], i) => {
        const duration = wavDurationMs(statSync(join(LIBRIVOX, `${id}.wav`)).size);
        const words = results[i]!.words;
        expect(words.length).toBeGreaterThan(3);
        for (let k = 0; k < words.length; k++) {
          const w = words[k]!;
          expect(w.start_ms).toBeGreaterThanOrEqual(0);
          expect(w.end_ms).toBeGreaterThan(w.start_ms);
          expect(w.end_ms).toBeLessThanOrEqual(duration + 20);
          if (k) expect(w.start_ms).toBeGreaterThanOrEqual(words[k - 1]!.end_ms);
          expect(w.text).toMatch(/^[a-z']+$/);
        }
        expect(results[i]!.engine).toBe("pocketsphinx");
        expect(results[i]!.language).toBe("en");
      });
      const wer = wordErrorRate(
        refs.map(([, r]) => r),
        results.map((r) => r.text),
      );
      console.log(`pocketsphinx WER over ${refs.length} LibriVox recordings: ${(wer * 100).toFixed(1)}%`);
      expect(wer).toBeLessThan(0.4);
    },
    60_000,
  );

  test.skipIf(!engine.available())("a file that is not 16 kHz mono 16-bit is refused with a reason", async () => {
    const dir = scratch("sphinx");
    const wav = join(dir, "stereo.wav");
    Bun.spawnSync(["sox", "-n", "-r", "44100", "-b", "32", "-c", "2", wav, "synth", "0.5", "sine", "440"]);
    const err = await engine.transcribe(wav).catch((e) => e);
    expect(err.reason).toBe("unsupported_format");
  });
});

describe("engine choice", () => {
  test("without a whisper model the offline engine is chosen", () => {
    const config = loadConfig({ PLAUDIT_DATA_DIR: scratch("nomodel"), PLAUDIT_WHISPER_BIN: "/bin/true" });
    if (!engine.available()) {
      expect(() => chooseEngine(config)).toThrow(/No speech recognition engine/);
      return;
    }
    expect(chooseEngine(config).name).toBe("pocketsphinx");
  });
});
