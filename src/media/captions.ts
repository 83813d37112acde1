/**
 * Caption cues from timed words, written as WebVTT (players, the widget) or ASS (burned into reels by libass).
 * A cue holds up to two lines of about 42 characters and at most 5 s; it breaks after a sentence ends and at
 * pauses. Cue text is the transcript's words exactly, joined by spaces.
 *
 * Timing rules (every cue): it lasts at least as long as its words are spoken and at least `readableMs`, held into
 * the following silence but never into the next cue nor past `untilMs` (a reel clip's end); a cue that still
 * cannot last that long is merged with its neighbour. So cues are ordered, never overlap, and none flashes by.
 */
import type { Word } from "./speech/types";

/** One caption: lines of words, shown from `start_ms` to `end_ms`. */
export interface Cue {
  start_ms: number;
  end_ms: number;
  lines: string[];
  words: Word[];
}

/** Limits for building cues. */
export interface CueOptions {
  maxLineChars: number;
  maxLines: number;
  maxDurationMs: number;
  /** A silence at least this long between words starts a new cue. */
  pauseMs: number;
  /** Short cues are held this long on screen when the next cue leaves room. */
  minDurationMs: number;
  /** No cue is shorter than this: a shorter one is held longer or merged with a neighbour. */
  readableMs: number;
  /** Cues end by then at the latest (a reel clip's end); none by default. */
  untilMs: number;
}

/** Defaults for web captions (BBC/Netflix-like: 42 characters, 2 lines). */
export const CUE_DEFAULTS: CueOptions = {
  maxLineChars: 42,
  maxLines: 2,
  maxDurationMs: 5000,
  pauseMs: 700,
  minDurationMs: 800,
  readableMs: 300,
  untilMs: Number.POSITIVE_INFINITY,
};

const SENTENCE_END = /[.!?…]["'”’)\]]*$/;

function wrap(words: string[], max: number): string[] {
  const lines: string[] = [];
  for (const w of words) {
    const last = lines[lines.length - 1];
    if (last !== undefined && last.length + 1 + w.length <= max) lines[lines.length - 1] = `${last} ${w}`;
    else lines.push(w);
  }
  return lines;
}

/** Groups words into cues (see CueOptions); words with empty text are skipped. */
export function buildCues(words: Word[], options: Partial<CueOptions> = {}): Cue[] {
  const o = { ...CUE_DEFAULTS, ...options };
  const cues: Cue[] = [];
  let current: Word[] = [];
  const flush = () => {
    if (!current.length) return;
    cues.push({
      start_ms: current[0]!.start_ms,
      end_ms: Math.max(...current.map((w) => w.end_ms)),
      lines: wrap(
        current.map((w) => w.text),
        o.maxLineChars,
      ),
      words: current,
    });
    current = [];
  };
  for (const w of words) {
    if (!w.text.trim()) continue;
    const prev = current[current.length - 1];
    if (prev) {
      const fits =
        wrap(
          [...current, w].map((x) => x.text),
          o.maxLineChars,
        ).length <= o.maxLines;
      const tooLong = w.end_ms - current[0]!.start_ms > o.maxDurationMs;
      const pause = w.start_ms - prev.end_ms >= o.pauseMs;
      if (!fits || tooLong || pause || SENTENCE_END.test(prev.text)) flush();
    }
    current.push(w);
  }
  flush();
  return settleTimes(cues, o);
}

function merged(a: Cue, b: Cue, o: CueOptions): Cue {
  const words = [...a.words, ...b.words];
  return {
    start_ms: a.start_ms,
    end_ms: Math.max(a.end_ms, b.end_ms),
    lines: wrap(
      words.map((w) => w.text),
      o.maxLineChars,
    ),
    words,
  };
}

/** Applies the timing rules of the file comment: spoken time, readable minimum, no overlap, nothing past `untilMs`. */
function settleTimes(input: Cue[], o: CueOptions): Cue[] {
  const cues = input.map((c) => ({
    ...c,
    start_ms: Math.min(c.start_ms, o.untilMs),
    end_ms: Math.min(c.end_ms, o.untilMs),
  }));
  for (let i = 0; i < cues.length; ) {
    const c = cues[i]!;
    const limit = Math.min(cues[i + 1]?.start_ms ?? Number.POSITIVE_INFINITY, o.untilMs);
    // Held a little longer when short (the comfortable minimum if there is room, at least the readable one).
    if (c.end_ms - c.start_ms < o.minDurationMs)
      c.end_ms = Math.max(c.end_ms, Math.min(c.start_ms + o.minDurationMs, limit));
    c.end_ms = Math.min(c.end_ms, limit);
    if (c.end_ms - c.start_ms >= o.readableMs || cues.length === 1) {
      i++;
      continue;
    }
    // Too short even held into the silence: join the next cue, or (the last one) the previous.
    if (i + 1 < cues.length) cues.splice(i, 2, merged(c, cues[i + 1]!, o));
    else {
      cues.splice(i - 1, 2, merged(cues[i - 1]!, c, o));
      i--;
    }
  }
  // A last cue with no time left (its words start where the clip ends: a zero-length word at the cut) starts earlier,
  // in the silence before it, so it is still shown for a moment rather than never.
  const last = cues[cues.length - 1];
  if (last && last.end_ms <= last.start_ms) {
    const before = cues[cues.length - 2]?.end_ms ?? 0;
    last.start_ms = Math.max(before, Math.min(last.start_ms, last.end_ms - o.minDurationMs));
  }
  return cues;
}

/** `HH:MM:SS.mmm` as WebVTT wants it. */
export function vttTime(ms: number): string {
  const t = Math.max(0, Math.round(ms));
  const h = Math.floor(t / 3_600_000),
    m = Math.floor(t / 60_000) % 60,
    s = Math.floor(t / 1000) % 60;
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}.${String(t % 1000).padStart(3, "0")}`;
}

/** Escapes cue text for WebVTT: `&`, `<`, `>` (so "-->" can never appear, and no tag is ever opened). */
export function escapeVtt(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/[\r\n]+/g, " ");
}

/** A WebVTT document from cues (or straight from words with the default cue options). */
export function toWebVtt(input: Cue[] | Word[], options: Partial<CueOptions> = {}): string {
  const cues = input.length && "lines" in input[0]! ? (input as Cue[]) : buildCues(input as Word[], options);
  const body = cues.map(
    (c, i) => `${i + 1}\n${vttTime(c.start_ms)} --> ${vttTime(c.end_ms)}\n${c.lines.map(escapeVtt).join("\n")}`,
  );
  return ["WEBVTT", ...body].join("\n\n") + "\n";
}

/** Look of burned-in captions. */
export type AssStyle = "bold" | "boxed" | "minimal";
/** Frame shape of the reel. */
export type AssAspect = "9:16" | "1:1" | "16:9";

/** Canvas size, font size and bottom margin for each frame shape (margin clears phone app buttons on 9:16). */
export const ASS_LAYOUT: Record<AssAspect, { w: number; h: number; size: number; marginV: number; marginH: number }> = {
  "9:16": { w: 1080, h: 1920, size: 64, marginV: 360, marginH: 80 },
  "1:1": { w: 1080, h: 1080, size: 56, marginV: 110, marginH: 70 },
  "16:9": { w: 1920, h: 1080, size: 56, marginV: 80, marginH: 160 },
};

/** `H:MM:SS.cc` as ASS wants it. */
export function assTime(ms: number): string {
  const cs = Math.max(0, Math.round(ms / 10));
  const h = Math.floor(cs / 360_000),
    m = Math.floor(cs / 6000) % 60,
    s = Math.floor(cs / 100) % 60;
  return `${h}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}.${String(cs % 100).padStart(2, "0")}`;
}

/**
 * Escapes text for an ASS Dialogue line: `{`/`}` would open override blocks and `\` starts codes such as `\N`,
 * so they become look-alike full-width characters; line breaks become spaces (our own breaks are `\N`).
 */
export function escapeAss(text: string): string {
  return text
    .replace(/\\/g, "＼")
    .replace(/\{/g, "｛")
    .replace(/\}/g, "｝")
    .replace(/[\r\n]+/g, " ");
}

/** Colours are &HAABBGGRR (alpha 00 = opaque). */
function styleLine(style: AssStyle, aspect: AssAspect, font: string, colour: string): string {
  const L = ASS_LAYOUT[aspect];
  const size = style === "minimal" ? Math.round(L.size * 0.85) : L.size;
  // Name, Fontname, Fontsize, Primary, Secondary, Outline, Back, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY,
  // Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
  const look = {
    bold: { bold: -1, border: 1, outline: 4, shadow: 2, outlineColour: "&H00000000", back: "&H80000000" },
    boxed: { bold: -1, border: 3, outline: 14, shadow: 0, outlineColour: "&H60000000", back: "&H60000000" },
    minimal: { bold: 0, border: 1, outline: 1.5, shadow: 0, outlineColour: "&H80000000", back: "&H00000000" },
  }[style];
  return `Style: Caption,${font},${size},${colour},&H000000FF,${look.outlineColour},${look.back},${look.bold},0,0,0,100,100,0,0,${look.border},${look.outline},${look.shadow},2,${L.marginH},${L.marginH},${L.marginV},1`;
}

/** Options for ASS captions. */
export interface AssOptions {
  style: AssStyle;
  aspect: AssAspect;
  font?: string;
  /** Text colour as &HAABBGGRR; default white. */
  colour?: string;
  cue?: Partial<CueOptions>;
}

/** An ASS subtitle document for burning captions into a reel (ffmpeg `subtitles=` / libass). */
export function toAss(input: Cue[] | Word[], o: AssOptions): string {
  const L = ASS_LAYOUT[o.aspect];
  // Narrower frames hold fewer characters a line.
  const chars = o.aspect === "9:16" ? 26 : o.aspect === "1:1" ? 32 : 42;
  const cues =
    input.length && "lines" in input[0]!
      ? (input as Cue[])
      : buildCues(input as Word[], { maxLineChars: chars, ...o.cue });
  const head = [
    "[Script Info]",
    "ScriptType: v4.00+",
    `PlayResX: ${L.w}`,
    `PlayResY: ${L.h}`,
    "WrapStyle: 2",
    "ScaledBorderAndShadow: yes",
    "",
    "[V4+ Styles]",
    "Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding",
    styleLine(o.style, o.aspect, (o.font ?? "DejaVu Sans").replace(/,/g, " "), o.colour ?? "&H00FFFFFF"),
    "",
    "[Events]",
    "Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text",
  ];
  const events = cues.map(
    (c) =>
      `Dialogue: 0,${assTime(c.start_ms)},${assTime(c.end_ms)},Caption,,0,0,0,,${c.lines.map(escapeAss).join("\\N")}`,
  );
  return [...head, ...events].join("\n") + "\n";
}
