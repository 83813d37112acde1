/** WebVTT captions from the document's cues, for the player's `<track>`. */
import type { CaptionCue } from "../../src/domains/widgets/format";

const stamp = (ms: number) => {
  const t = Math.max(0, Math.round(ms));
  const p = (n: number, w = 2) => String(n).padStart(w, "0");
  return `${p(Math.floor(t / 3600000))}:${p(Math.floor(t / 60000) % 60)}:${p(Math.floor(t / 1000) % 60)}.${p(t % 1000, 3)}`;
};

/** Cue text is markup in WebVTT: escape it so words stay words, and keep each cue on one line. */
const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/\s+/g, " ");

/** A WebVTT file for the cues. */
export function toVtt(cues: CaptionCue[]): string {
  return `WEBVTT\n\n${cues.map((c) => `${stamp(c.start_ms)} --> ${stamp(Math.max(c.end_ms, c.start_ms + 1))}\n${escape(c.text)}`).join("\n\n")}\n`;
}
