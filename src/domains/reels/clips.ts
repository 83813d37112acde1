/**
 * Clips of a reel: checking spans sent by the operator (each refusal a 422 naming the clip, its testimonial and
 * the reason), and suggesting spans for testimonials through suggest.ts.
 */
import type { Ctx } from "../../platform/context";
import type { Deps } from "../../platform/deps";
import type { Db } from "../../platform/db/client";
import { unprocessable } from "../../platform/errors";
import { requireUsable, unusableError, type Usable } from "./eligibility";
import { cardsMs } from "./config";
import { REEL_LIMITS, type ClipInput, type ReelClip, type ReelConfig } from "./model";
import { checkSpan, nearestEdges, type SpanProblem } from "./spans";
import { clipTarget } from "./suggest-heuristic";
import { suggestClips } from "./suggest";
import type { Candidate } from "./suggest-model";

const CODES: Record<SpanProblem, [string, (n: string) => string]> = {
  off_word_boundary: [
    "clip_off_word_boundary",
    (n) => `${n} must start exactly at a word's start_ms and end exactly at a word's end_ms of its transcript.`,
  ],
  outside_recording: [
    "clip_outside_recording",
    (n) => `${n} lies outside its recording (start_ms must be before end_ms, both within the recording).`,
  ],
  too_short: ["clip_length_out_of_range", (n) => `${n} is shorter than ${REEL_LIMITS.clipMinMs / 1000} seconds.`],
  too_long: ["clip_length_out_of_range", (n) => `${n} is longer than ${REEL_LIMITS.clipMaxMs / 1000} seconds.`],
};

/** Checks clips sent by the operator; a clip equal to an existing one keeps its source and reason. */
export function checkClips(db: Db, ctx: Ctx, brandId: string, inputs: ClipInput[], existing: ReelClip[]): ReelClip[] {
  const usable = requireUsable(
    db,
    ctx,
    brandId,
    inputs.map((c) => c.submission_id),
  );
  return inputs.map((c, i) => {
    const u = usable.get(c.submission_id)!;
    const trim = u.row.mediaEdit?.trim;
    if (trim && (c.start_ms < trim.start_ms || c.end_ms > trim.end_ms))
      throw unprocessable(
        "clip_outside_trim",
        `Clip ${i + 1} (testimonial ${c.submission_id}, ${c.start_ms}–${c.end_ms} ms) lies outside the part of the recording kept by its trim (${trim.start_ms}–${trim.end_ms} ms).`,
        {
          index: i,
          submission_id: c.submission_id,
          start_ms: c.start_ms,
          end_ms: c.end_ms,
          reason: "outside_trim",
          trim,
        },
      );
    const checked = checkSpan(u.words, u.row.durationMs!, c.start_ms, c.end_ms);
    if ("problem" in checked) {
      const [code, sentence] = CODES[checked.problem];
      throw unprocessable(
        code,
        sentence(`Clip ${i + 1} (testimonial ${c.submission_id}, ${c.start_ms}–${c.end_ms} ms)`),
        {
          index: i,
          submission_id: c.submission_id,
          start_ms: c.start_ms,
          end_ms: c.end_ms,
          reason: checked.problem,
          ...nearestEdges(u.words, c.start_ms, c.end_ms),
        },
      );
    }
    const same = existing.find(
      (e) => e.submission_id === c.submission_id && e.start_ms === c.start_ms && e.end_ms === c.end_ms,
    );
    return {
      submission_id: c.submission_id,
      start_ms: c.start_ms,
      end_ms: c.end_ms,
      text: checked.text,
      source: same?.source ?? "operator",
      reason: same?.reason ?? null,
    };
  });
}

/** The testimonials as suggestion candidates; 422 for one whose words last less than a clip's minimum. */
export function candidatesOf(ids: string[], usable: Map<string, Usable>): Candidate[] {
  const short = ids.filter((id) => {
    const w = usable.get(id)!.words;
    return w[w.length - 1]!.end_ms - w[0]!.start_ms < REEL_LIMITS.clipMinMs;
  });
  if (short.length)
    throw unusableError(short.map((submission_id) => ({ submission_id, reason: "too_short" as const })));
  return ids.map((id) => ({
    submission_id: id,
    duration_ms: usable.get(id)!.row.durationMs!,
    words: usable.get(id)!.words,
  }));
}

/** Suggests one clip for each testimonial, logging how the suggestion was reached. */
export async function suggestFor(
  deps: Deps,
  ctx: Ctx,
  brandId: string,
  ids: string[],
  arrangement: "auto" | "manual",
  config: ReelConfig,
  clipCount: number,
): Promise<ReelClip[]> {
  const usable = requireUsable(deps.db, ctx, brandId, ids);
  const candidates = candidatesOf(ids, usable);
  const result = await suggestClips(deps.http, deps.config.llm, {
    candidates,
    arrangement,
    clipTargetMs: clipTarget(config.target_duration_ms, clipCount, cardsMs(config)),
  });
  if (result.problems.length)
    deps.log.info("reel clip suggestion", {
      via: result.via,
      asked: result.asked,
      problems: result.problems.slice(0, 10),
    });
  return result.clips;
}
