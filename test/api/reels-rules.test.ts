/**
 * The reel rules that are plain functions: the deterministic suggestion rule, checking a model's answer, where a
 * cut falls (padding only in silence, clear of neighbours, whole frames), filter-graph escaping and download names.
 */
import { describe, expect, test } from "bun:test";
import { heuristicSpan, sentences, clipTarget } from "../../src/domains/reels/suggest-heuristic";
import { heuristicClips } from "../../src/domains/reels/suggest";
import { checkAnswer } from "../../src/domains/reels/suggest-model";
import { allowedPads, frameCut, soundPads } from "../../src/media/reel/pads";
import { filterValue } from "../../src/media/reel/filter-text";
import { contentDisposition, downloadName } from "../../src/domains/reels/files";
import { reelCues } from "../../src/media/reel/captions";
import type { Word } from "../../src/domains/submissions";

/** Words 400 ms apart (350 ms long), with extra pauses before the given indexes. */
function timed(text: string, pauses: Record<number, number> = {}): Word[] {
  let at = 0;
  return text.split(/\s+/).map((w, i) => {
    at += pauses[i] ?? 0;
    const word = { text: w, start_ms: at, end_ms: at + 350 };
    at += 400;
    return word;
  });
}

describe("deterministic suggestion", () => {
  test("sentences end at punctuation, or at a 600 ms pause when there is none", () => {
    expect(sentences(timed("One two. Three four! Five"))).toEqual([
      [0, 1],
      [2, 3],
      [4, 4],
    ]);
    expect(sentences(timed("one two three four five six", { 3: 700 }))).toEqual([
      [0, 2],
      [3, 5],
    ]);
  });

  test("the best run of whole sentences wins: positive words and a length near the target", () => {
    const w = timed("The product is okay I guess. We absolutely love the amazing support team here. It works.");
    const best = heuristicSpan(w, 3000)!;
    expect(best.text).toBe("We absolutely love the amazing support team here.");
    expect(best.score).toBeGreaterThan(1);
    // With a long target, more sentences fit better.
    expect(heuristicSpan(w, 8000)!.text.split(".").length).toBeGreaterThan(2);
  });

  test("one sentence over 30 s falls back to windows of words; under 1.5 s of words gives nothing", () => {
    const long = timed(Array.from({ length: 100 }, (_, i) => `great${i}`).join(" "));
    const span = heuristicSpan(long, 10_000)!;
    expect(span.end_ms - span.start_ms).toBeGreaterThanOrEqual(1500);
    expect(span.end_ms - span.start_ms).toBeLessThanOrEqual(10_000);
    expect(long.some((x) => x.start_ms === span.start_ms) && long.some((x) => x.end_ms === span.end_ms)).toBe(true);
    expect(heuristicSpan(timed("Too short."), 5000)).toBeNull();
  });

  test("auto orders the clips strongest first; manual keeps the given order; the target is shared", () => {
    const weak = { submission_id: "sub_weak", duration_ms: 4000, words: timed("It was fine I suppose.") };
    const strong = {
      submission_id: "sub_strong",
      duration_ms: 4000,
      words: timed("Brilliant, we love it, wonderful!"),
    };
    expect(
      heuristicClips({ candidates: [weak, strong], arrangement: "auto", clipTargetMs: 2000 }).map(
        (c) => c.submission_id,
      ),
    ).toEqual(["sub_strong", "sub_weak"]);
    expect(
      heuristicClips({ candidates: [weak, strong], arrangement: "manual", clipTargetMs: 2000 }).map(
        (c) => c.submission_id,
      ),
    ).toEqual(["sub_weak", "sub_strong"]);
    expect(clipTarget(45_000, 3, 5500)).toBe(13_167);
    expect(clipTarget(15_000, 12, 5500)).toBe(1500);
    expect(clipTarget(120_000, 1, 0)).toBe(30_000);
  });
});

describe("a model's answer", () => {
  const words = timed("We love it. Support was fast and kind.");
  const cand = [{ submission_id: "sub_a", duration_ms: 4000, words }];
  test("passes only with exact word edges, the transcript's words, inside the recording and the clip limits", () => {
    const ok = checkAnswer(
      JSON.stringify({ clips: [{ submission_id: "sub_a", start_ms: 1200, end_ms: 3150, reason: "kind" }] }),
      cand,
      "auto",
    );
    expect(ok).toEqual({
      spans: [
        { submission_id: "sub_a", start_ms: 1200, end_ms: 3150, text: "Support was fast and kind.", reason: "kind" },
      ],
    });
    const fenced = checkAnswer(
      "```json\n" +
        JSON.stringify({
          clips: [{ submission_id: "sub_a", start_ms: 1200, end_ms: 3150, text: "support was FAST and kind" }],
        }) +
        "\n```",
      cand,
      "auto",
    );
    expect("spans" in fenced).toBe(true);
    const problems = (answer: unknown) =>
      (checkAnswer(JSON.stringify(answer), cand, "auto") as { problems: string[] }).problems;
    expect(problems({ clips: [{ submission_id: "sub_a", start_ms: 1210, end_ms: 3150 }] })[0]).toContain(
      "does not start at a word's start_ms",
    );
    expect(
      problems({
        clips: [{ submission_id: "sub_a", start_ms: 1200, end_ms: 3150, text: "Support was the best ever." }],
      })[0],
    ).toContain("not the transcript's words");
    expect(problems({ clips: [{ submission_id: "sub_a", start_ms: 1200, end_ms: 9000 }] })[0]).toContain(
      "outside the recording",
    );
    expect(problems({ clips: [{ submission_id: "sub_a", start_ms: 0, end_ms: 350 }] })[0]).toContain("shorter than");
    expect(problems({ clips: [] })).toEqual(["no clip for sub_a."]);
    expect(
      problems({
        clips: [
          { submission_id: "sub_a", start_ms: 1200, end_ms: 3150 },
          { submission_id: "sub_a", start_ms: 1200, end_ms: 3150 },
        ],
      })[0],
    ).toContain("more than once");
    expect((checkAnswer("no json here", cand, "auto") as { problems: string[] }).problems[0]).toContain("not JSON");
  });
});

describe("where a cut falls", () => {
  const words: Word[] = [
    { text: "before", start_ms: 0, end_ms: 900 },
    { text: "first", start_ms: 960, end_ms: 1400 },
    { text: "last", start_ms: 1500, end_ms: 3000 },
    { text: "after", start_ms: 3300, end_ms: 3800 },
  ];
  test("padding stays clear of the neighbours by a guard and inside the recording", () => {
    expect(allowedPads(words, 960, 3000, 4000)).toEqual({ before: 30, after: 120 });
    expect(allowedPads(words, 0, 900, 4000)).toEqual({ before: 0, after: 30 });
    expect(allowedPads(words, 3300, 3800, 3850)).toEqual({ before: 120, after: 50 });
  });

  test("the sound decides: the word's own onset, then silence, never a neighbour's sound", () => {
    // 10 ms frames from 500 ms: loud until 900 (a neighbour), quiet, a soft onset from 930, loud words.
    const e = new Float64Array(300).map((_, f) => {
      const ms = 500 + f * 10;
      return ms < 900 ? 70 : ms < 930 ? 20 : ms < 960 ? 60 : ms < 3000 ? 72 : ms < 3100 ? 20 : 70;
    });
    const pads = soundPads(e, 500, 960, 3000, { before: 120, after: 120 });
    // 30 ms of onset + 30 ms of quiet, less 20 ms kept from the neighbour; after: 100 ms quiet less 20.
    expect(pads).toEqual({ before: 40, after: 80 });
  });

  test("a cut lasts whole frames, trimming padding (the tail first) and never the words", () => {
    const c = frameCut(1000, 3000, { before: 100, after: 100 });
    expect(c.frames).toBe(66);
    expect(c.durationMs).toBeCloseTo(2200, 0);
    expect(c.fromMs + c.padBeforeMs).toBe(1000);
    expect(c.padBeforeMs).toBe(100);
    expect(c.padAfterMs).toBe(100);
    const d = frameCut(1000, 3010, { before: 0, after: 5 });
    expect(d.audioMs).toBe(2015);
    expect(d.durationMs).toBeGreaterThanOrEqual(2015);
    expect(d.padAfterMs).toBe(5);
  });

  test("captions of a clip never run past its cut", () => {
    const cues = reelCues(
      [{ sourcePath: "", sourceDurationMs: 4000, startMs: 960, endMs: 3000, words }],
      [{ kind: "clip", start_ms: 2500, duration_ms: 2100, clip_index: 0, pad_before_ms: 40, pad_after_ms: 20 }],
      42,
    );
    expect(cues.map((c) => c.lines.join(" "))).toEqual(["first last"]);
    expect(cues[0]!.start_ms).toBe(2540);
    expect(cues[0]!.end_ms).toBeLessThanOrEqual(4600);
  });
});

describe("names and escaping", () => {
  test("file names in filter graphs survive both parsing levels", () => {
    expect(filterValue("/data/x.ass")).toBe("/data/x.ass");
    // Checked against ffmpeg 5.1 and 4.1 with a real folder of that name.
    expect(filterValue("/d/a:b,c[1]'q'.ass")).toBe("/d/a\\\\:b\\,c\\[1\\]\\\\\\'q\\\\\\'.ass");
  });

  test("downloads are named after the reel and the size; odd characters cannot break the header", () => {
    expect(downloadName("Spring launch", "-9x16.mp4")).toBe("Spring launch-9x16.mp4");
    expect(downloadName('a/b\\c"d\r\ne', ".vtt")).toBe("a-b-c-d-e.vtt");
    expect(downloadName("   ", "-1x1.mp4")).toBe("reel-1x1.mp4");
    expect(contentDisposition("attachment", "Café-9x16.mp4")).toBe(
      `attachment; filename="Caf_-9x16.mp4"; filename*=UTF-8''Caf%C3%A9-9x16.mp4`,
    );
  });
});
