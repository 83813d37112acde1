/**
 * Lower thirds: one at the start of each clip whose speaker has a name (not again for the same person's next
 * clip), inside the clip; in every size above the captions' two lines, in the brand's colour, with the respondent's
 * own text unable to inject ASS codes.
 */
import { describe, expect, test } from "bun:test";
import { ASS_LAYOUT } from "../../src/media/captions";
import { detailLine, lowerThirdAss, lowerThirdBottom, lowerThirdCues } from "../../src/media/reel/lower-third";
import { ASPECTS, type Segment } from "../../src/media/reel/types";

const seg = (kind: Segment["kind"], start_ms: number, duration_ms: number, clip_index?: number): Segment => ({
  kind,
  start_ms,
  duration_ms,
  ...(clip_index === undefined ? {} : { clip_index }),
});
const ana = { key: "sub_1", name: "Ana Ruiz", title: "Head of Marketing", company: "Brightside Studio" };

describe("lower thirds", () => {
  test("one per speaker's first clip, inside the clip; nameless speakers and repeats get none", () => {
    const clips = [
      { speaker: ana },
      { speaker: ana },
      { speaker: { key: "sub_2", name: "  ", title: null, company: null } },
      { speaker: { key: "sub_3", name: "Bo", title: null, company: "Northwind" } },
      { speaker: null },
    ];
    const segments = [
      seg("intro", 0, 2500),
      seg("clip", 2500, 6000, 0),
      seg("clip", 8500, 3000, 1),
      seg("clip", 11500, 3000, 2),
      seg("clip", 14500, 1600, 3),
      seg("clip", 16100, 3000, 4),
    ];
    const cues = lowerThirdCues(clips, segments);
    expect(cues).toEqual([
      { start_ms: 2700, end_ms: 6200, name: "Ana Ruiz", detail: "Head of Marketing · Brightside Studio" },
      { start_ms: 14660, end_ms: 15950, name: "Bo", detail: "Northwind" },
    ]);
    expect(detailLine({ title: null, company: null })).toBeNull();
  });

  test("in every size it sits above the captions, in the brand's colour, and names cannot carry ASS codes", () => {
    const cues = [{ start_ms: 200, end_ms: 3700, name: "Dr {\\b1}Evil\\N", detail: "CEO · {Acme}" }];
    for (const aspect of ASPECTS) {
      const L = ASS_LAYOUT[aspect];
      // The captions' top: two lines of about 1.25 em above their bottom margin.
      expect(lowerThirdBottom(aspect)).toBeLessThan(L.h - L.marginV - L.size * 2.5);
      const ass = lowerThirdAss(cues, aspect, "#4f46e5")!;
      expect(ass).toContain(`PlayResX: ${L.w}`);
      expect(ass).toMatch(/Style: Name,[^,]+,\d+,&H00FFFFFF,&H000000FF,&H00E5464F,/);
      const dialogues = ass.split("\n").filter((l) => l.startsWith("Dialogue:"));
      expect(dialogues).toHaveLength(2);
      for (const d of dialogues) {
        const text = d.slice(d.indexOf("}") + 1);
        expect(text).not.toMatch(/[{}\\]/);
      }
    }
    // Light brand colours get dark text; no cues, no file.
    expect(lowerThirdAss(cues, "9:16", "#fde68a")).toMatch(/Style: Name,[^,]+,\d+,&H00202020,/);
    expect(lowerThirdAss([], "9:16", "#4f46e5")).toBeNull();
  });
});
