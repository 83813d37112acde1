/**
 * The lower third: who is speaking, drawn by libass at the start of each clip. The respondent's name sits on a
 * tag in the brand's colour (dark or light text, whichever reads), their title and company on a dark tag beneath,
 * both sliding in and fading out within the clip's first seconds. It sits at the left, just above the captions'
 * two lines, so the two never cover each other. A clip by the same person as the one before shows no new one.
 */
import { ASS_LAYOUT, assTime, escapeAss } from "../captions";
import { assColor, isLight } from "./filter-text";
import { FRAME, type Aspect, type PlanClip, type Segment } from "./types";

/** Who speaks in a clip, as the lower third shows them. */
export interface Speaker {
  /** Same key for the same person (their testimonial): consecutive clips of one person show it once. */
  key: string;
  name: string;
  title: string | null;
  company: string | null;
}

/** One lower third on the reel's timeline. */
export interface LowerThirdCue {
  start_ms: number;
  end_ms: number;
  name: string;
  /** Title and company, or null. */
  detail: string | null;
}

/** How long a lower third stays (it leaves earlier when the clip ends first). */
export const LOWER_THIRD_MS = 3500;
const LEAD_MS = 200;
const TAIL_MS = 150;

/** Name and title sizes, the left margin, and where the lowest tag's bottom sits (above the captions' two lines). */
const LAYOUT: Record<Aspect, { name: number; detail: number; left: number; bottom: number }> = (() => {
  const out = {} as Record<Aspect, { name: number; detail: number; left: number; bottom: number }>;
  for (const a of ["9:16", "1:1", "16:9"] as Aspect[]) {
    const L = ASS_LAYOUT[a];
    // Two caption lines of ~1.25 em plus their box, then a gap.
    const captionTop = L.h - L.marginV - Math.round(L.size * 2.5) - 24;
    const name = Math.round(L.size * (a === "9:16" ? 0.9 : 0.85));
    out[a] = { name, detail: Math.round(name * 0.68), left: L.marginH, bottom: captionTop - 36 };
  }
  return out;
})();

/** The line under the name: title and company. */
export const detailLine = (s: Pick<Speaker, "title" | "company">) =>
  [s.title?.trim(), s.company?.trim()].filter((x): x is string => !!x).join(" · ") || null;

/** Lower thirds on the reel's timeline: one at the start of each clip whose speaker has a name. */
export function lowerThirdCues(clips: Pick<PlanClip, "speaker">[], segments: Segment[]): LowerThirdCue[] {
  const out: LowerThirdCue[] = [];
  let previous: string | null = null;
  for (const seg of segments) {
    if (seg.kind !== "clip") {
      previous = null;
      continue;
    }
    const speaker = clips[seg.clip_index!]?.speaker ?? null;
    const same = speaker !== null && speaker.key === previous;
    previous = speaker?.key ?? null;
    if (!speaker?.name.trim() || same) continue;
    const start = seg.start_ms + Math.min(LEAD_MS, seg.duration_ms / 10);
    const end = Math.min(seg.start_ms + LEAD_MS + LOWER_THIRD_MS, seg.start_ms + seg.duration_ms - TAIL_MS);
    if (end - start < 600) continue;
    out.push({
      start_ms: Math.round(start),
      end_ms: Math.round(end),
      name: speaker.name.trim(),
      detail: detailLine(speaker),
    });
  }
  return out;
}

/** `text` cut to `max` characters with an ellipsis (lower thirds never wrap). */
function fit(text: string, max: number): string {
  const chars = [...text.replace(/\s+/g, " ")];
  return chars.length <= max
    ? chars.join("")
    : `${chars
        .slice(0, max - 1)
        .join("")
        .trimEnd()}…`;
}

/** The ASS document of a size's lower thirds (null when there are none). */
export function lowerThirdAss(
  cues: LowerThirdCue[],
  aspect: Aspect,
  brandColor: string,
  font = "DejaVu Sans",
): string | null {
  if (!cues.length) return null;
  const { w, h } = FRAME[aspect];
  const L = LAYOUT[aspect];
  const nameText = isLight(brandColor) ? "&H00202020" : "&H00FFFFFF";
  const padName = Math.round(L.name * 0.28);
  const padDetail = Math.round(L.detail * 0.32);
  // Characters that fit the width (DejaVu Sans averages about 0.6 em a character, bold a little more).
  const room = w - 2 * L.left;
  const nameChars = Math.floor(room / (L.name * 0.66));
  const detailChars = Math.floor(room / (L.detail * 0.6));
  const x = L.left + padName;
  const detailY = L.bottom - padDetail;
  const nameY = (hasDetail: boolean) =>
    hasDetail ? detailY - Math.round(L.detail * 1.17) - padDetail - padName - 6 : L.bottom - padName;
  const slide = Math.round(L.name * 0.6);
  const line = (c: LowerThirdCue, style: string, y: number, text: string, delay: number) =>
    `Dialogue: 1,${assTime(c.start_ms + delay)},${assTime(c.end_ms)},${style},,0,0,0,,` +
    `{\\an1\\move(${x - slide},${y},${x},${y},0,260)\\fad(260,300)}${escapeAss(text)}`;
  return [
    "[Script Info]",
    "ScriptType: v4.00+",
    `PlayResX: ${w}`,
    `PlayResY: ${h}`,
    "WrapStyle: 2",
    "ScaledBorderAndShadow: yes",
    "",
    "[V4+ Styles]",
    "Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding",
    // BorderStyle 3: an opaque box (the outline colour) around the text, `Outline` pixels of padding.
    `Style: Name,${font},${L.name},${nameText},&H000000FF,${assColor(brandColor)},&H64000000,-1,0,0,0,100,100,0,0,3,${padName},0,1,0,0,0,1`,
    `Style: Detail,${font},${L.detail},&H00FFFFFF,&H000000FF,&H2E141414,&H64000000,0,0,0,0,100,100,0,0,3,${padDetail},0,1,0,0,0,1`,
    "",
    "[Events]",
    "Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text",
    ...cues.flatMap((c) => [
      line(c, "Name", nameY(!!c.detail), fit(c.name, nameChars), 0),
      ...(c.detail ? [line(c, "Detail", detailY, fit(c.detail, detailChars), 120)] : []),
    ]),
    "",
  ].join("\n");
}

/** Where the lowest tag's bottom edge is in a size (for tests: it must stay above the captions). */
export const lowerThirdBottom = (aspect: Aspect) => LAYOUT[aspect].bottom;
