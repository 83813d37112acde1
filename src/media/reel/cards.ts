/**
 * Intro and outro cards: the brand's colour, its logo, and one line of text (the intro's title or the outro's call
 * to action) drawn by libass, fading in from and out to black. One short near-lossless file per size, read by
 * that size's final encode.
 */
import { rename, rm, writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { escapeAss, assTime } from "../captions";
import { runFfmpeg, type MediaTools } from "../ffmpeg";
import { tempOutput } from "../temp";
import { assColor, ffColor, filterValue, isLight } from "./filter-text";
import { FPS, FRAME, type Aspect } from "./types";

/** Where the logo and the text sit, as fractions of the frame, and the text size. */
const LAYOUT: Record<Aspect, { logoW: number; logoH: number; logoY: number; textY: number; size: number }> = {
  "9:16": { logoW: 0.5, logoH: 0.2, logoY: 0.38, textY: 0.54, size: 78 },
  "1:1": { logoW: 0.4, logoH: 0.26, logoY: 0.34, textY: 0.56, size: 68 },
  "16:9": { logoW: 0.26, logoH: 0.3, logoY: 0.33, textY: 0.58, size: 72 },
};

/** What one card shows. */
export interface CardSpec {
  aspect: Aspect;
  text: string;
  brandColor: string;
  logoPath: string;
  durationMs: number;
}

/** The ASS document that draws a card's text, centred, wrapped within the side margins. */
export function cardAss(spec: CardSpec, font = "DejaVu Sans"): string {
  const { w, h } = FRAME[spec.aspect];
  const L = LAYOUT[spec.aspect];
  const colour = isLight(spec.brandColor) ? "&H00202020" : "&H00FFFFFF";
  const margin = Math.round(w * 0.1);
  return [
    "[Script Info]",
    "ScriptType: v4.00+",
    `PlayResX: ${w}`,
    `PlayResY: ${h}`,
    "WrapStyle: 0",
    "ScaledBorderAndShadow: yes",
    "",
    "[V4+ Styles]",
    "Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding",
    `Style: Card,${font},${L.size},${colour},&H000000FF,${assColor(spec.brandColor)},&H00000000,-1,0,0,0,100,100,0,0,1,0,0,8,${margin},${margin},0,1`,
    "",
    "[Events]",
    "Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text",
    `Dialogue: 0,${assTime(0)},${assTime(spec.durationMs + 1000)},Card,,0,0,0,,{\\pos(${Math.round(w / 2)},${Math.round(h * L.textY)})}${escapeAss(spec.text)}`,
    "",
  ].join("\n");
}

/** Makes one card file (video only, whole frames) at `out`. */
export async function makeCard(
  tools: MediaTools,
  spec: CardSpec,
  out: string,
  o: { timeoutMs: number; signal?: AbortSignal },
): Promise<void> {
  const { w, h } = FRAME[spec.aspect];
  const L = LAYOUT[spec.aspect];
  const frames = Math.round((spec.durationMs * FPS) / 1000);
  const ass = tempOutput(out, ".ass");
  const tmp = tempOutput(out, ".mkv");
  const fade = 0.35;
  const d = frames / FPS;
  await writeFile(ass, cardAss(spec));
  const graph = [
    `color=c=${ffColor(spec.brandColor)}:s=${w}x${h}:r=${FPS}:d=${d.toFixed(3)}[bg]`,
    `[0:v]scale=w=${Math.round(w * L.logoW)}:h=${Math.round(h * L.logoH)}:force_original_aspect_ratio=decrease,format=rgba[logo]`,
    `[bg][logo]overlay=x=(W-w)/2:y=${Math.round(h * L.logoY)}-h/2:eof_action=repeat,subtitles=filename=${filterValue(resolve(ass))},` +
      `fade=t=in:st=0:d=${fade},fade=t=out:st=${(d - fade).toFixed(3)}:d=${fade},format=yuv420p,setsar=1[v]`,
  ].join(";");
  try {
    // The logo is our own re-encoded PNG (brands/logo.ts) or the built-in one: read as one image, never a pattern.
    await runFfmpeg(
      tools,
      [
        "-v",
        "error",
        "-protocol_whitelist",
        "file",
        "-f",
        "image2",
        "-pattern_type",
        "none",
        "-i",
        `file:${resolve(spec.logoPath)}`,
        "-filter_complex",
        graph,
        "-map",
        "[v]",
        "-frames:v",
        String(frames),
        "-r",
        String(FPS),
        "-c:v",
        "libx264",
        "-preset",
        "ultrafast",
        "-crf",
        "12",
        "-g",
        String(FPS),
        "-an",
        "-f",
        "matroska",
        "-y",
        tmp,
      ],
      { timeoutMs: o.timeoutMs, signal: o.signal },
    );
    await rename(tmp, out);
  } finally {
    await rm(ass, { force: true });
    await rm(tmp, { force: true });
  }
}

/** Length of a card in milliseconds once rounded to whole frames. */
export const cardMs = (ms: number) => (Math.round((ms * FPS) / 1000) * 1000) / FPS;
