/**
 * Word error rate of the speech engine in use (whisper.cpp when its program and model are here, else the
 * offline pocketsphinx) on recordings with known words:
 * 1. pocketsphinx's own test recordings (Debian's pocketsphinx-testdata): five LibriVox read-speech sentences
 *    and five spoken card names, with their reference transcriptions;
 * 2. the repository's speech fixture (test/fixtures/media: espeak-ng saying a testimonial), converted to the
 *    16 kHz mono WAV processing uses.
 * WER = (substitutions + deletions + insertions) / reference words, after lowercasing and dropping punctuation
 * (src/media/speech/wer.ts), summed over each set's files. Prints one line per set and the total.
 * Run: bun bench/speech-wer.ts [--smoke]   (smoke: the shortest file of each set, and only the fixture's first
 * sentence: the same steps on about a third of the speech)
 */
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { loadConfig } from "../src/config";
import { extractSpeechWav } from "../src/media/audio";
import { resolveMediaTools } from "../src/media/ffmpeg";
import { chooseEngine, speechEngineInUse } from "../src/media/speech/select";
import { normaliseWords, wordErrorRate } from "../src/media/speech/wer";
import { ensureMediaFixtures } from "../test/fixtures/media/make-fixtures";
import { scratch } from "../test/fixtures/media/tools";
import { SMOKE } from "./_harness";

const TESTDATA = "/usr/share/pocketsphinx/test/data";
const dataDir = scratch("bench-wer-data");
const config = loadConfig({ ...process.env, PLAUDIT_DATA_DIR: dataDir });
const dir = scratch("bench-wer");

interface Item {
  wav: string;
  reference: string;
}

/** `<s> words </s> (id)` lines of a pocketsphinx transcription file, by id. */
function transcriptions(file: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const m = /^<s>(.*)<\/s>\s*\(([^)]+)\)/.exec(line.trim());
    if (m) out.set(m[2]!.trim(), m[1]!.trim());
  }
  return out;
}

function testdataSet(folder: string, file: string): Item[] {
  const refs = transcriptions(join(TESTDATA, folder, file));
  return [...refs].map(([id, reference]) => ({ wav: join(TESTDATA, folder, `${id}.wav`), reference }));
}

const engine = chooseEngine(config);
const inUse = speechEngineInUse(config);
const sets: [string, Item[]][] = [];
if (existsSync(join(TESTDATA, "librivox/transcription"))) {
  sets.push(["pocketsphinx-testdata librivox (read speech)", testdataSet("librivox", "transcription")]);
  sets.push(["pocketsphinx-testdata cards (short commands)", testdataSet("cards", "cards.transcription")]);
} else
  console.log("pocketsphinx-testdata is not installed (apt-get install pocketsphinx-testdata): its sets are skipped");
const fx = ensureMediaFixtures();
const tools = resolveMediaTools(config);
let fixtureWav = join(dir, "speech-16k.wav");
let fixtureText = fx.speechText;
await extractSpeechWav(tools, fx.speechWav, { outPath: fixtureWav });
if (SMOKE) {
  // The first sentence alone, cut in the pause after it.
  const end = fx.speechWords.findIndex((w) => /[.!?]$/.test(w.text));
  const cutMs = (fx.speechWords[end]!.end_ms + fx.speechWords[end + 1]!.start_ms) / 2;
  const first = join(dir, "speech-16k-first.wav");
  const r = Bun.spawnSync([tools.ffmpeg, "-v", "error", "-i", fixtureWav, "-t", String(cutMs / 1000), first]);
  if (r.exitCode !== 0) throw new Error(`cutting the fixture's first sentence failed: ${r.stderr.toString()}`);
  fixtureWav = first;
  fixtureText = fx.speechWords
    .slice(0, end + 1)
    .map((w) => w.text)
    .join(" ");
}
sets.push(["repository fixture (espeak-ng testimonial)", [{ wav: fixtureWav, reference: fixtureText }]]);

console.log(`engine: ${inUse.summary}`);
let allErrors = 0,
  allWords = 0,
  audioSeconds = 0,
  workSeconds = 0;
try {
  for (const [name, items] of sets) {
    let errors = 0,
      words = 0;
    const shortest = () => [...items].sort((a, b) => Bun.file(a.wav).size - Bun.file(b.wav).size).slice(0, 1);
    for (const item of SMOKE ? shortest() : items) {
      const started = performance.now();
      const t = await engine.transcribe(item.wav, { language: "en" });
      workSeconds += (performance.now() - started) / 1000;
      audioSeconds += Bun.file(item.wav).size / (16_000 * 2); // 16 kHz, 16-bit mono PCM (WAV header ignored)
      const n = normaliseWords(item.reference).length;
      errors += wordErrorRate(item.reference, t.text) * n;
      words += n;
      if (!SMOKE) console.log(`  ${item.wav.split("/").pop()}: "${t.text}"`);
    }
    allErrors += errors;
    allWords += words;
    console.log(
      `${name}: WER ${((errors / words) * 100).toFixed(1)}% (${Math.round(errors)} errors in ${words} words)`,
    );
  }
  console.log(
    `total (${engine.name}): WER ${((allErrors / allWords) * 100).toFixed(1)}% over ${allWords} reference words`,
  );
  // The baseline measured in the same run is the audio's own length: below 1.0 the engine keeps up with speech.
  console.log(
    `ratio transcription time / audio length (real-time factor): ${(workSeconds / audioSeconds).toFixed(2)} (${workSeconds.toFixed(1)} s for ${audioSeconds.toFixed(1)} s of speech)`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
}
