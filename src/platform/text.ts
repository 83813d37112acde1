/**
 * Text as people type it, in one place: how characters are counted, and which characters display text may hold
 * (issue 30). The API's schemas (src/platform/http/text-schema.ts), imports, campaigns, the CLI's services and the
 * capture page all ask this file, so one rule holds everywhere.
 *
 * Counting: the contract's "characters" are Unicode code points, so an emoji or a letter outside the Basic
 * Multilingual Plane is one character, not the two UTF-16 units JavaScript's `length` counts.
 *
 * The rule (docs/design-decisions.md, "Display text holds no hidden characters"):
 * - One line of display text (`line`: names, titles, companies, labels, subjects) refuses control characters
 *   (C0, DEL, C1; a line break or tab among them), line and paragraph separators, bidirectional formatting
 *   characters (embeddings, overrides, isolates and the marks LRM, RLM, ALM) and zero-width characters (ZWSP, ZWNJ,
 *   ZWJ, word joiner, BOM). ZWJ stays allowed between emoji (👩‍💻), and ZWNJ/ZWJ between two letters of a script that
 *   spells words with them (Persian, Hindi…) or after a virama: there they are part of the spelling (they change
 *   how the letters are drawn), not a disguise.
 * - Text that may span lines (`text`: testimonials, prompts, messages, consent wording) keeps `\n` and `\t`,
 *   refuses the other control characters and the embeddings, overrides and isolates (they reorder what follows
 *   them); the marks and zero-width characters stay, as prose in right-to-left scripts uses them.
 * - Line breaks arrive as `\n`: `\r\n` and a lone `\r` in a request body are read as `\n` (`normaliseLineBreaksIn`).
 * Nothing is stripped silently: what is refused is named, so the sender can fix it and the stored text is exactly
 * what they sent.
 *
 * This file is also bundled into the capture page: no imports, nothing but string functions.
 */

/** Characters (code points) in a string. */
export function charCount(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** The two kinds of display text: one line (names, titles), or text that may span lines (testimonials, messages). */
export type TextKind = "line" | "text";

/** Why a character is refused. */
export type TextReason = "control_character" | "line_break" | "bidi_control" | "invisible_character";

/** The first refused character of a text. */
export interface TextProblem {
  reason: TextReason;
  /** The character as `U+202E`. */
  character: string;
  /** Its name for a person: "a right-to-left override". */
  name: string;
  /** Its 1-based position, in characters. */
  position: number;
}

/** Names of the characters a person may meet in a message; other control characters are "a control character". */
const NAMES: Record<number, string> = {
  0x00: "a NUL character",
  0x09: "a tab",
  0x0a: "a line break",
  0x0d: "a carriage return",
  0x1b: "an escape character",
  0x7f: "a delete character",
  0x85: "a next-line character",
  0x2028: "a line separator",
  0x2029: "a paragraph separator",
  0x202a: "a left-to-right embedding",
  0x202b: "a right-to-left embedding",
  0x202c: "a pop directional formatting character",
  0x202d: "a left-to-right override",
  0x202e: "a right-to-left override",
  0x2066: "a left-to-right isolate",
  0x2067: "a right-to-left isolate",
  0x2068: "a first-strong isolate",
  0x2069: "a pop directional isolate",
  0x200e: "a left-to-right mark",
  0x200f: "a right-to-left mark",
  0x061c: "an Arabic letter mark",
  0x200b: "a zero-width space",
  0x200c: "a zero-width non-joiner",
  0x200d: "a zero-width joiner",
  0x2060: "a word joiner",
  0xfeff: "a zero-width no-break space (byte order mark)",
};

const isControl = (cp: number) => cp <= 0x1f || (cp >= 0x7f && cp <= 0x9f);
/** Embeddings, overrides and isolates: they change the order of everything after them. */
const isBidiFormatting = (cp: number) => (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069);
const isBidiMark = (cp: number) => cp === 0x200e || cp === 0x200f || cp === 0x061c;
const isZeroWidth = (cp: number) => (cp >= 0x200b && cp <= 0x200d) || cp === 0x2060 || cp === 0xfeff;

/** Scripts that spell words with ZWNJ/ZWJ (Unicode 15, section 23.2), by script extension so their marks count. */
const JOINING_SCRIPT =
  /^[\p{scx=Arab}\p{scx=Syrc}\p{scx=Nkoo}\p{scx=Mong}\p{scx=Deva}\p{scx=Beng}\p{scx=Guru}\p{scx=Gujr}\p{scx=Orya}\p{scx=Taml}\p{scx=Telu}\p{scx=Knda}\p{scx=Mlym}\p{scx=Sinh}\p{scx=Mymr}\p{scx=Khmr}\p{scx=Tibt}]$/u;
const LETTER_OR_MARK = /^[\p{L}\p{M}]$/u;
const EMOJI = /^\p{Extended_Pictographic}$/u;
/** What may end the emoji before a ZWJ: the emoji itself, a skin tone, or the emoji presentation selector. */
const EMOJI_END = /^[\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE0F]$/u;

const MARK = /^\p{M}$/u;
const inJoiningScript = (c: string | undefined) => !!c && LETTER_OR_MARK.test(c) && JOINING_SCRIPT.test(c);

/** Between two letters of such a script, or after one of its marks (a virama: "ന്‍", the Malayalam chillu). */
const joinsLetters = (before: string | undefined, after: string | undefined) =>
  inJoiningScript(before) && (inJoiningScript(after) || MARK.test(before!));

/** True when a ZWNJ/ZWJ at `i` of `chars` is part of the spelling (see the file comment). */
function joinerBelongs(chars: string[], i: number): boolean {
  const cp = chars[i]!.codePointAt(0)!;
  if (cp !== 0x200c && cp !== 0x200d) return false;
  const before = chars[i - 1];
  const after = chars[i + 1];
  if (cp === 0x200d && before && after && EMOJI_END.test(before) && EMOJI.test(after)) return true;
  return joinsLetters(before, after);
}

const hex = (cp: number) => `U+${cp.toString(16).toUpperCase().padStart(4, "0")}`;

/** Why one character is refused in `kind` text, or null when it may stay. */
function reasonFor(chars: string[], i: number, kind: TextKind): TextReason | null {
  const cp = chars[i]!.codePointAt(0)!;
  if (kind === "text") {
    if (cp === 0x0a || cp === 0x09) return null;
    if (isControl(cp)) return "control_character";
    return isBidiFormatting(cp) ? "bidi_control" : null;
  }
  if (cp === 0x0a || cp === 0x0d || cp === 0x2028 || cp === 0x2029) return "line_break";
  if (isControl(cp)) return "control_character";
  if (isBidiFormatting(cp) || isBidiMark(cp)) return "bidi_control";
  if (isZeroWidth(cp) && !joinerBelongs(chars, i)) return "invisible_character";
  return null;
}

/** Characters the rule can refuse; a text with none of them is accepted without looking closer (the usual case). */
const SUSPECT = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060\u2066-\u2069\ufeff]/;

/** The first character `value` may not hold as `kind` text, or null when it is clean. */
export function textProblem(value: string, kind: TextKind): TextProblem | null {
  if (!SUSPECT.test(value)) return null;
  const chars = [...value];
  for (let i = 0; i < chars.length; i++) {
    const reason = reasonFor(chars, i, kind);
    if (!reason) continue;
    const cp = chars[i]!.codePointAt(0)!;
    return { reason, character: hex(cp), name: NAMES[cp] ?? "a control character", position: i + 1 };
  }
  return null;
}

/** True when `value` may be stored as `kind` text. */
export const isCleanText = (value: string, kind: TextKind): boolean => textProblem(value, kind) === null;

/**
 * What is wrong, for a message that starts with the field: "contains a right-to-left override (U+202E), an
 * invisible character that changes the direction text is shown in".
 */
export function describeTextProblem(p: TextProblem): string {
  switch (p.reason) {
    case "line_break":
      return `contains ${p.name} (${p.character}); it must be one line`;
    case "control_character":
      return `contains ${p.name} (${p.character}), a control character that is not text`;
    case "bidi_control":
      return `contains ${p.name} (${p.character}), an invisible character that changes the direction text is shown in and can disguise it`;
    case "invisible_character":
      return `contains ${p.name} (${p.character}), an invisible character that can make one name look like another`;
  }
}

/** `\r\n` and a lone `\r` as `\n`. */
export const normaliseLineBreaks = (s: string): string => (s.includes("\r") ? s.replace(/\r\n?/g, "\n") : s);

/**
 * Every string in a parsed JSON value (or form) with its line breaks normalised, in place; a string is returned
 * normalised. Only a string holding `\r` is written back, so nothing else of the value changes.
 */
export function normaliseLineBreaksIn<T>(value: T): T {
  if (typeof value === "string") return normaliseLineBreaks(value) as T;
  if (value === null || typeof value !== "object") return value;
  const o = value as Record<string, unknown>;
  for (const k of Object.keys(o)) {
    const v = o[k];
    if (typeof v === "string") {
      if (v.includes("\r")) o[k] = normaliseLineBreaks(v);
    } else if (v !== null && typeof v === "object") normaliseLineBreaksIn(v);
  }
  return value;
}
