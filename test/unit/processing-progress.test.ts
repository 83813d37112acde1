/**
 * Where a recording is in its processing (src/domains/submissions/processing-progress.ts): a row no job has reported
 * on is waiting its turn; each stage the job reports shows with its fraction, and the time left is the stage's own
 * share (by its fraction, else by the time it usually takes) plus the later stages at this box's pace; the stages
 * the job leaves teach the pace; a finished job is forgotten.
 */
import { beforeEach, describe, expect, test } from "bun:test";
import {
  forgetProcessingPace,
  processingProgress,
  reportDone,
  reportFraction,
  reportStage,
} from "../../src/domains/submissions/processing-progress";
import type { SubmissionRow } from "../../src/domains/submissions/present";

const T0 = Date.UTC(2026, 10, 27, 9);
const row = (id: string, over: Partial<SubmissionRow> = {}) =>
  ({ id, status: "processing", receivedAt: T0, updatedAt: T0, durationMs: null, ...over }) as SubmissionRow;
const at = (r: SubmissionRow, now: number) => processingProgress([r], now).get(r.id)!;

describe("processing progress", () => {
  // Other test files in this process processed recordings and taught the pace: start from the starting rates.
  beforeEach(() => forgetProcessingPace());

  test("a row no job has taken is waiting; its estimate needs the recording's length", () => {
    expect(at(row("sub_wait"), T0 + 5000)).toEqual({
      stage: "waiting",
      stage_fraction: null,
      stage_started_at: new Date(T0).toISOString(),
      estimated_ms_left: null,
    });
    // 10 s of recording: converting 0.8 + 2.6 s, poster 0.6 s, transcribing 1.5 + 3.5 s, finishing 0.3 s.
    expect(at(row("sub_wait10", { durationMs: 10_000 }), T0).estimated_ms_left).toBe(9300);
    expect(processingProgress([row("sub_ready", { status: "ready" })], T0).size).toBe(0);
  });

  test("a stage with a fraction estimates its own rest from it, then adds the later stages", () => {
    const r = row("sub_run");
    reportStage(r.id, "converting", T0, 10_000);
    expect(at(r, T0 + 500)).toMatchObject({ stage: "converting", stage_fraction: null, estimated_ms_left: 8800 });
    reportFraction(r.id, 0.5);
    // 1 s for the first half: 1 s for the second, then 0.6 + 5 + 0.3 s.
    expect(at(r, T0 + 1000)).toEqual({
      stage: "converting",
      stage_fraction: 0.5,
      stage_started_at: new Date(T0).toISOString(),
      estimated_ms_left: 6900,
    });
    reportStage(r.id, "transcribing", T0 + 2000);
    expect(at(r, T0 + 2000)).toMatchObject({ stage: "transcribing", stage_fraction: null });
    reportDone(r.id);
    expect(at(r, T0 + 3000).stage).toBe("waiting");
  });

  test("a stage that ran faster than expected teaches the pace: later estimates are shorter", () => {
    const before = at(row("sub_before", { durationMs: 10_000 }), T0).estimated_ms_left!;
    // Converting 10 s of recording took 1.3 s (0.8 s fixed + 0.05 per ms) instead of 3.4 s.
    reportStage("sub_fast", "converting", T0, 10_000);
    reportStage("sub_fast", "poster", T0 + 1300);
    reportDone("sub_fast");
    const after = at(row("sub_after", { durationMs: 10_000 }), T0).estimated_ms_left!;
    expect(after).toBeLessThan(before);
  });
});
