/**
 * Caption building: cue limits (42 characters × 2 lines, 5 s), breaks at sentence ends and pauses, cue text made
 * of the transcript's words exactly; WebVTT that webvtt-parser reads without errors and whose decoded text is the
 * original (escaping of &, <, >, "-->"); ASS documents per style and frame shape, with override characters escaped.
 */
import { describe, expect, test } from "bun:test";
// @ts-expect-error webvtt-parser ships no types
import { WebVTTParser } from "webvtt-parser";
// Without the full table the parser knows only "&amp" without its semicolon.
import entities from "webvtt-parser/html-entities.json";
import { ASS_LAYOUT, assTime, buildCues, escapeAss, toAss, toWebVtt, vttTime } from "../../src/media/captions";
import type { Word } from "../../src/media/speech/types";

/** Words of `text` at a steady pace (300 ms a word, 100 ms apart), with extra pauses after the given indexes. */
function timed(text: string, pauses: Record<number, number> = {}): Word[] {
  let t = 0;
  return text.split(" ").map((w, i) => {
    const word = { text: w, start_ms: t, end_ms: t + 300 };
    t += 400 + (pauses[i] ?? 0);
    return word;
  });
}

function decodedCueTexts(vtt: string): string[] {
  const parsed = new WebVTTParser(entities).parse(vtt, "metadata");
  expect(parsed.errors).toEqual([]);
  const flat = (nodes: { type: string; value?: string; children?: unknown[] }[]): string =>
    nodes.map((n) => (n.type === "text" ? n.value! : flat((n.children ?? []) as never))).join("");
  return parsed.cues.map((c: { tree: { children: never[] } }) => flat(c.tree.children));
}

const LONG =
  "Working with this team was honestly the best decision we made all year, because they listened carefully, shipped on time and kept every promise they made to our customers.";

describe("buildCues", () => {
  test("keeps lines within 42 characters, two lines and five seconds", () => {
    const cues = buildCues(timed(LONG));
    expect(cues.length).toBeGreaterThan(2);
    for (const c of cues) {
      expect(c.lines.length).toBeLessThanOrEqual(2);
      for (const l of c.lines) expect(l.length).toBeLessThanOrEqual(42);
      expect(c.words.at(-1)!.end_ms - c.start_ms).toBeLessThanOrEqual(5000);
    }
  });

  test("cue text is the words exactly as written, joined by spaces, in order, each word once", () => {
    const words = timed(`"Great" service & <fast> delivery -- 10/10, would buy again! Thanks, Zoë.`);
    const cues = buildCues(words);
    expect(cues.map((c) => c.lines.join(" ")).join(" ")).toBe(words.map((w) => w.text).join(" "));
  });

  test("breaks after a sentence end and at a pause", () => {
    const cues = buildCues(timed("It works. We love it and so do our clients", { 5: 1500 }));
    expect(cues.map((c) => c.lines.join(" "))).toEqual(["It works.", "We love it and", "so do our clients"]);
  });

  test("a very short cue is held longer but never overlaps the next", () => {
    const cues = buildCues([
      { text: "Wow!", start_ms: 0, end_ms: 200 },
      { text: "Really", start_ms: 500, end_ms: 800 },
    ]);
    expect(cues[0]!.end_ms).toBe(500);
    expect(cues[1]!.end_ms).toBe(1300);
  });
});

describe("WebVTT", () => {
  test("times are HH:MM:SS.mmm", () => {
    expect(vttTime(0)).toBe("00:00:00.000");
    expect(vttTime(3_723_456)).toBe("01:02:03.456");
  });

  test("parses cleanly and decodes back to the original text", () => {
    const words = timed("Tom & Jerry said <b>hi</b> --> then 5 > 3 & 2 < 4. Done");
    const vtt = toWebVtt(words);
    expect(vtt.startsWith("WEBVTT\n\n1\n00:00:00.000 --> ")).toBe(true);
    expect(vtt).not.toContain("<b>");
    expect(vtt.split("\n").filter((l) => l.includes("-->")).length).toBe(buildCues(words).length);
    expect(decodedCueTexts(vtt).join(" ").replace(/\n/g, " ")).toBe(words.map((w) => w.text).join(" "));
  });

  test("a long transcript parses with cues in order", () => {
    const text = Array.from({ length: 12 }, () => LONG).join(" ");
    const parsed = new WebVTTParser(entities).parse(toWebVtt(timed(text)), "metadata");
    expect(parsed.errors).toEqual([]);
    for (let i = 1; i < parsed.cues.length; i++)
      expect(parsed.cues[i].startTime).toBeGreaterThanOrEqual(parsed.cues[i - 1].endTime);
  });
});

describe("ASS", () => {
  test("escapes override blocks and backslash codes", () => {
    expect(escapeAss("a {\\b1} b \\N c")).toBe("a ｛＼b1｝ b ＼N c");
    const doc = toAss(timed("evil {\\pos(0,0)} text"), { style: "bold", aspect: "16:9" });
    const dialogue = doc.split("\n").filter((l) => l.startsWith("Dialogue:"));
    for (const d of dialogue) expect(d.split(",,").slice(2).join(",,")).not.toMatch(/[{}]|\\(?!N)/);
  });

  test("times are H:MM:SS.cc", () => {
    expect(assTime(3_723_456)).toBe("1:02:03.46");
  });

  for (const aspect of ["9:16", "1:1", "16:9"] as const) {
    for (const style of ["bold", "boxed", "minimal"] as const) {
      test(`${style} captions for ${aspect}`, () => {
        const doc = toAss(timed(LONG), { style, aspect });
        const L = ASS_LAYOUT[aspect];
        expect(doc).toContain(`PlayResX: ${L.w}\nPlayResY: ${L.h}`);
        const styleLine = doc.split("\n").find((l) => l.startsWith("Style: Caption,"))!;
        const fields = styleLine.slice(7).split(",");
        expect(fields.length).toBe(23);
        expect(fields[15]).toBe(style === "boxed" ? "3" : "1"); // BorderStyle: 3 = opaque box
        expect(fields[18]).toBe("2"); // bottom centre
        expect(Number(fields[21])).toBe(L.marginV);
        const events = doc.split("\n").filter((l) => l.startsWith("Dialogue:"));
        const chars = aspect === "9:16" ? 26 : aspect === "1:1" ? 32 : 42;
        for (const e of events) {
          const text = e.split(",").slice(9).join(",");
          for (const line of text.split("\\N")) expect(line.length).toBeLessThanOrEqual(chars);
        }
        expect(events.map((e) => e.split(",").slice(9).join(",").replace(/\\N/g, " ")).join(" ")).toBe(LONG);
      });
    }
  }
});
