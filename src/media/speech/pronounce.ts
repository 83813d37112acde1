/**
 * Turning a written word into dictionary words the aligner can say: lookup in CMUdict, then numbers as words,
 * acronyms as letters, and for anything else (names like "Plaudit") a rough pronunciation from spelling rules.
 * A rough pronunciation aligns better than dropping the word, whose time would otherwise go to its neighbours.
 */
import { readFileSync } from "node:fs";

/** Word → its pronunciations (ARPAbet, space-separated phones). */
export type Dictionary = Map<string, string[]>;

const cache = new Map<string, Dictionary>();

/** Loads a CMUdict-format file once per path (`word(2)` lines become extra pronunciations of `word`). */
export function loadDictionary(path: string): Dictionary {
  const hit = cache.get(path);
  if (hit) return hit;
  const dict: Dictionary = new Map();
  for (const line of readFileSync(path, "utf8").split("\n")) {
    const sp = line.indexOf(" ");
    if (sp <= 0) continue;
    const word = line.slice(0, sp).replace(/\(\d+\)$/, "");
    const pron = line
      .slice(sp + 1)
      .replace(/#.*$/, "")
      .trim();
    if (!pron) continue;
    const list = dict.get(word);
    if (list) list.push(pron);
    else dict.set(word, [pron]);
  }
  cache.set(path, dict);
  return dict;
}

const ONES = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "eighteen",
  "nineteen",
];
const TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];

/** An integer (0 ≤ n < 10^12) in English words: 2024 → two thousand twenty four. */
export function numberWords(n: number): string[] {
  if (n < 20) return [ONES[n]!];
  if (n < 100) return [TENS[Math.floor(n / 10)]!, ...(n % 10 ? [ONES[n % 10]!] : [])];
  if (n < 1000) return [ONES[Math.floor(n / 100)]!, "hundred", ...(n % 100 ? numberWords(n % 100) : [])];
  for (const [size, name] of [
    [1e9, "billion"],
    [1e6, "million"],
    [1e3, "thousand"],
  ] as const) {
    if (n >= size) return [...numberWords(Math.floor(n / size)), name, ...(n % size ? numberWords(n % size) : [])];
  }
  return [];
}

// Longest spellings first; each maps to ARPAbet phones of the en-us model.
const RULES: [string, string][] = [
  ["tion", "SH AH N"],
  ["sion", "ZH AH N"],
  ["ough", "AO"],
  ["augh", "AO"],
  ["eigh", "EY"],
  ["igh", "AY"],
  ["tch", "CH"],
  ["sch", "S K"],
  ["ch", "CH"],
  ["sh", "SH"],
  ["th", "TH"],
  ["ph", "F"],
  ["wh", "W"],
  ["ck", "K"],
  ["ng", "NG"],
  ["qu", "K W"],
  ["ee", "IY"],
  ["ea", "IY"],
  ["oo", "UW"],
  ["ou", "AW"],
  ["ow", "OW"],
  ["oi", "OY"],
  ["oy", "OY"],
  ["ai", "EY"],
  ["ay", "EY"],
  ["au", "AO"],
  ["aw", "AO"],
  ["er", "ER"],
  ["ir", "ER"],
  ["ur", "ER"],
  ["ar", "AA R"],
  ["or", "AO R"],
  ["ie", "IY"],
  ["ei", "EY"],
  ["ey", "IY"],
  ["x", "K S"],
  ["a", "AE"],
  ["b", "B"],
  ["d", "D"],
  ["e", "EH"],
  ["f", "F"],
  ["g", "G"],
  ["h", "HH"],
  ["i", "IH"],
  ["j", "JH"],
  ["k", "K"],
  ["l", "L"],
  ["m", "M"],
  ["n", "N"],
  ["o", "AA"],
  ["p", "P"],
  ["q", "K"],
  ["r", "R"],
  ["s", "S"],
  ["t", "T"],
  ["u", "AH"],
  ["v", "V"],
  ["w", "W"],
  ["z", "Z"],
];

/** A rough pronunciation of an unknown lowercase word from its spelling (never empty for a word with letters). */
export function guessPronunciation(word: string): string {
  let w = word.replace(/[^a-z]/g, "").replace(/([bcdfgklmnprstvz])\1/g, "$1");
  if (w.length > 2 && /[^aeiou]e$/.test(w)) w = w.slice(0, -1);
  const phones: string[] = [];
  for (let i = 0; i < w.length; ) {
    const c = w[i]!;
    if (c === "c") phones.push(/[eiy]/.test(w[i + 1] ?? "") ? "S" : "K"), i++;
    else if (c === "y") phones.push(i === 0 ? "Y" : "IY"), i++;
    else {
      const rule = RULES.find(([s]) => w.startsWith(s, i));
      if (!rule) {
        i++;
        continue;
      }
      phones.push(rule[1]);
      i += rule[0].length;
    }
  }
  return phones.join(" ") || "AH";
}

/** A dictionary word to put in the grammar, with the pronunciations to write for it. */
export interface SpokenToken {
  word: string;
  prons: string[];
}

function lookup(dict: Dictionary, word: string): SpokenToken | null {
  const p = dict.get(word);
  return p ? { word, prons: p } : null;
}

function partTokens(dict: Dictionary, part: string, original: string): SpokenToken[] {
  const known = lookup(dict, part);
  if (known) return [known];
  if (/^\d+$/.test(part) && part.length <= 12) return numberWords(Number(part)).flatMap((w) => lookup(dict, w) ?? []);
  if (/^\d+(\.\d+)?$/.test(part)) {
    const [a, b] = part.split(".");
    return [
      ...partTokens(dict, a!, a!),
      ...(lookup(dict, "point") ? [lookup(dict, "point")!] : []),
      ...[...b!].flatMap((d) => partTokens(dict, d, d)),
    ];
  }
  if (part.endsWith("'s") && lookup(dict, part.slice(0, -2))) {
    const base = lookup(dict, part.slice(0, -2))!;
    return [{ word: part, prons: base.prons.map((p) => `${p} Z`) }];
  }
  const letters = part.replace(/[^a-z]/g, "");
  if (!letters) return [];
  // Short all-capital words (CEO, API) are said letter by letter.
  if (letters.length <= 5 && /^[A-Z]{2,}$/.test(original.replace(/[^A-Za-z]/g, ""))) {
    const spelled = [...letters].map((c) => lookup(dict, c));
    if (spelled.every(Boolean)) return spelled as SpokenToken[];
  }
  return [{ word: letters, prons: [guessPronunciation(letters)] }];
}

/** The dictionary words for one written word ("Honestly," → honestly; "24/7" → twenty four seven; "—" → none). */
export function spokenTokens(dict: Dictionary, written: string): SpokenToken[] {
  const plain = written.normalize("NFKD").replace(/\p{M}/gu, "").replace(/[’‘`]/g, "'");
  const trimmed = plain.replace(/^[^A-Za-z0-9]+|[^A-Za-z0-9%]+$/g, "");
  const whole = lookup(dict, trimmed.toLowerCase());
  if (whole) return [whole];
  if (!trimmed) return /&/.test(plain) ? [lookup(dict, "and")].filter((t): t is SpokenToken => !!t) : [];
  const out: SpokenToken[] = [];
  for (const original of trimmed.split(/[-/&+]+/)) {
    const percent = original.includes("%");
    const part = original
      .toLowerCase()
      .replace(/[^a-z0-9'.]/g, "")
      .replace(/^[.']+|[.']+$/g, "");
    if (part) out.push(...partTokens(dict, part, original));
    if (percent && lookup(dict, "percent")) out.push(lookup(dict, "percent")!);
  }
  return out;
}
