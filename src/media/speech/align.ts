/**
 * Forced alignment of a known text (a corrected transcript, or what the person wrote) to its recording: a JSGF
 * grammar of exactly those words in order, decoded by pocketsphinx, so the recogniser only decides *when* each
 * word is said. The times are mapped back onto the ORIGINAL words, punctuation and case kept, so `text` is exactly
 * what the person wrote. Words the recogniser could not place, or placed out of order, get times interpolated between
 * their neighbours: times only ever move forward.
 */
import { mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findPocketsphinx } from "../binaries";
import { MediaError } from "../errors";
import { DEFAULT_SPHINX_MODEL_DIR, parseSphinxTimes, runSphinx, sphinxModel } from "./pocketsphinx";
import { frameEnergies, refineBoundaries } from "./refine";
import { spaceWords } from "./space";
import { loadDictionary, spokenTokens, type SpokenToken } from "./pronounce";
import { wavDurationMs, type TranscribeOptions, type Transcript, type Word } from "./types";

/** A transcript made by alignment, with how many of its words the recogniser placed (the rest are interpolated). */
export interface AlignedTranscript extends Transcript {
  alignedWords: number;
}

/** Where the aligner finds its program and model. */
export interface AlignerOptions {
  bin?: string | null;
  modelDir?: string;
  /** Sharpen edges with the recording's energy (default true). */
  refine?: boolean;
}

// Wider beams than free decoding: the grammar is a single path, and narrow beams lose it on long or odd speech.
// Language weight 1 (not 6.5): with the words fixed, the sound should decide where silence goes; the default
// weight lets silence swallow a whole short word ("a" said as "ey"). Dither (fixed seed, so results repeat) keeps
// stretches of digital silence, as in generated or gated audio, from throwing the features off.
const BEAMS = ["-beam", "1e-80", "-pbeam", "1e-80", "-wbeam", "1e-60", "-dither", "yes", "-seed", "1"];
// One utterance for the whole file: pauses shorter than 300 s do not end it (the grammar spans every pause).
const ONE_UTTERANCE = ["-vad_postspeech", "30000"];

function grammar(tokens: string[], optional: boolean): string {
  const body = tokens.map((t) => (optional ? `[ ${t} ]` : t)).join(" ");
  return `#JSGF V1.0;\ngrammar align;\npublic <utt> = ${body || "<VOID>"} ;\n`;
}

function dictionaryText(tokens: SpokenToken[]): string {
  const seen = new Map<string, string[]>();
  for (const t of tokens) if (!seen.has(t.word)) seen.set(t.word, t.prons);
  return [...seen].flatMap(([w, prons]) => prons.map((p, i) => `${i ? `${w}(${i + 1})` : w} ${p}`)).join("\n") + "\n";
}

/** Spreads untimed words over the gaps between timed ones, by length. */
export function interpolate(words: (Word | null)[], texts: string[], totalMs: number): Word[] {
  const out: Word[] = [];
  for (let i = 0; i < texts.length; ) {
    const w = words[i];
    if (w) {
      out.push(w);
      i++;
      continue;
    }
    let j = i;
    while (j < texts.length && !words[j]) j++;
    const from = out.length ? out[out.length - 1]!.end_ms : 0;
    const to = j < texts.length ? words[j]!.start_ms : Math.max(from, totalMs);
    const weights = texts.slice(i, j).map((t) => Math.max(1, t.replace(/[^\p{L}\p{N}]/gu, "").length));
    const sum = weights.reduce((a, b) => a + b, 0);
    let at = from;
    for (let k = i; k < j; k++) {
      const len = ((to - from) * weights[k - i]!) / sum;
      out.push({ text: texts[k]!, start_ms: Math.round(at), end_ms: Math.round(at + len) });
      at += len;
    }
    i = j;
  }
  return out;
}

/**
 * Words whose time runs backwards (starting before the previous placed word ended, e.g. several stacked at 0:00)
 * count as not placed, so `interpolate` spreads them between their neighbours instead.
 */
export function dropOutOfOrder(words: (Word | null)[]): (Word | null)[] {
  let lastEnd = -1;
  return words.map((w) => {
    if (!w) return null;
    if (w.start_ms < lastEnd || w.end_ms <= w.start_ms) return null;
    lastEnd = w.end_ms;
    return w;
  });
}

/** Aligns `text` to the speech in a 16 kHz mono WAV and returns the original words with times. */
export async function alignText(
  wavPath: string,
  text: string,
  opts: TranscribeOptions & AlignerOptions = {},
): Promise<AlignedTranscript> {
  const bin = opts.bin === undefined ? (findPocketsphinx()?.path ?? null) : opts.bin;
  const model = sphinxModel(opts.modelDir ?? DEFAULT_SPHINX_MODEL_DIR);
  if (!bin)
    throw new MediaError(
      "tool_missing",
      "pocketsphinx is not installed: apt-get install pocketsphinx pocketsphinx-en-us.",
    );
  const originals = text.split(/\s+/).filter(Boolean);
  const dict = loadDictionary(model.dict);
  const perWord = originals.map((w) => spokenTokens(dict, w).filter((t) => /^[a-z0-9'.-]+$/.test(t.word)));
  const flat = perWord.flatMap((tokens, owner) => tokens.map((t) => ({ ...t, owner })));
  const totalMs = wavDurationMs((await stat(wavPath)).size);
  let timed: (Word | null)[] = originals.map(() => null);
  if (flat.length) {
    const dir = await mkdtemp(join(tmpdir(), "plaudit-align-"));
    try {
      await writeFile(join(dir, "words.dict"), dictionaryText(flat));
      for (const optional of [false, true]) {
        await writeFile(
          join(dir, "align.jsgf"),
          grammar(
            flat.map((t) => t.word),
            optional,
          ),
        );
        // With every word optional, the default language weight is what makes saying a word cheaper than silence.
        const weight = optional ? [] : ["-lw", "1"];
        const stdout = await runSphinx(
          bin,
          wavPath,
          [
            "-hmm",
            model.hmm,
            "-jsgf",
            join(dir, "align.jsgf"),
            "-dict",
            join(dir, "words.dict"),
            ...BEAMS,
            ...weight,
            ...ONE_UTTERANCE,
          ],
          opts,
        );
        const recognised = parseSphinxTimes(stdout);
        if (!recognised.length) continue;
        // The grammar fixes the order, so the recognised words are the tokens (strict) or a subsequence (optional).
        const spans: { start: number; end: number }[][] = originals.map(() => []);
        let cursor = 0;
        for (const r of recognised) {
          while (cursor < flat.length && flat[cursor]!.word !== r.text) cursor++;
          if (cursor >= flat.length) break;
          spans[flat[cursor]!.owner]!.push({ start: r.start_ms, end: r.end_ms });
          cursor++;
        }
        const attempt = spans.map((s, i) =>
          s.length ? { text: originals[i]!, start_ms: s[0]!.start, end_ms: s[s.length - 1]!.end } : null,
        );
        if (attempt.filter(Boolean).length > timed.filter(Boolean).length) timed = attempt;
        if (optional || recognised.length === flat.length) break;
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  const alignedWords = timed.filter(Boolean).length;
  if (alignedWords && opts.refine !== false) {
    const refined = refineBoundaries(
      timed.filter((w): w is Word => !!w),
      await frameEnergies(wavPath),
    );
    let k = 0;
    timed = timed.map((w) => (w ? refined[k++]! : null));
  }
  // Never stacked: strictly increasing starts, a frame each at least (space.ts).
  const words = spaceWords(interpolate(dropOutOfOrder(timed), originals, totalMs), totalMs);
  return {
    engine: alignedWords ? "pocketsphinx-align" : "interpolated",
    language: opts.language ?? "en",
    words,
    text,
    alignedWords,
  };
}
