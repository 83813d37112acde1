/**
 * Which testimonials can go in a reel: a processed video of the reel's brand, not rejected, with a transcript; a
 * trimmed one offers only its words inside the trim (clips outside it are refused: clips.ts).
 * A refusal is 422 `testimonial_not_usable` naming the testimonial and the reason (every failing one is listed in
 * `details.problems`, the first also in `details.submission_id` / `details.reason`).
 */
import { and, inArray, isNull } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import type { Ctx } from "../../platform/context";
import { unprocessable } from "../../platform/errors";
import { submissions, transcripts, wordsWithin, type SubmissionRow, type Word } from "../submissions";
import {} from "../../platform/db/brand-scope";
import { scoped } from "../../platform/db/tenancy";

/** Why a testimonial cannot go in. */
export type UnusableReason =
  | "not_found"
  | "not_a_video"
  | "still_processing"
  | "not_processed"
  | "rejected"
  | "other_brand"
  | "not_transcribed"
  | "too_short";

const SENTENCE: Record<UnusableReason, string> = {
  not_found: "it does not exist in this organisation and mode",
  not_a_video: "it is not a video",
  still_processing: "it is still processing",
  not_processed: "its recording could not be processed",
  rejected: "it was rejected",
  other_brand: "it belongs to another brand",
  not_transcribed: "it is not transcribed yet",
  too_short: "its words last less than 1.5 seconds, the shortest clip",
};

/** A usable testimonial with its words. */
export interface Usable {
  row: SubmissionRow;
  words: Word[];
}

/** The reason a row cannot go in a reel of `brandId`, or null when it can. */
export function unusableReason(
  row: SubmissionRow | undefined,
  words: Word[] | null,
  brandId: string,
): UnusableReason | null {
  if (!row || row.deletedAt || row.erasedAt) return "not_found";
  if (row.kind !== "video") return "not_a_video";
  if (row.status === "uploading" || row.status === "processing") return "still_processing";
  if (row.status !== "ready" || !row.videoKey || !row.durationMs) return "not_processed";
  if (row.rejectedAt) return "rejected";
  if (row.brandId !== brandId) return "other_brand";
  if (!words || words.length === 0) return "not_transcribed";
  return null;
}

/** The 422 for one or more unusable testimonials. */
export function unusableError(problems: { submission_id: string; reason: UnusableReason }[]) {
  const first = problems[0]!;
  const more = problems.length > 1 ? ` (${problems.length - 1} more listed in details.problems)` : "";
  return unprocessable(
    "testimonial_not_usable",
    `Testimonial ${first.submission_id} cannot go in a reel: ${SENTENCE[first.reason]}.${more}`,
    {
      submission_id: first.submission_id,
      reason: first.reason,
      problems: problems.map((p) => ({
        ...p,
        message: `Testimonial ${p.submission_id} cannot go in a reel: ${SENTENCE[p.reason]}.`,
      })),
    },
  );
}

/** Loads the testimonials (in the context's org, mode and brand scope) and throws 422 unless every one is usable. */
export function requireUsable(db: Db, ctx: Ctx, brandId: string, ids: string[]): Map<string, Usable> {
  const unique = [...new Set(ids)];
  const rows = unique.length
    ? db
        .select()
        .from(submissions)
        .where(and(inArray(submissions.id, unique), scoped(submissions, ctx), isNull(submissions.deletedAt)))
        .all()
    : [];
  const words = new Map(
    (unique.length
      ? db
          .select({ id: transcripts.submissionId, words: transcripts.words })
          .from(transcripts)
          .where(inArray(transcripts.submissionId, unique))
          .all()
      : []
    ).map((r) => [r.id, r.words]),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const problems: { submission_id: string; reason: UnusableReason }[] = [];
  const out = new Map<string, Usable>();
  for (const id of unique) {
    const row = byId.get(id);
    // A trimmed recording offers only the words inside its trim (on the full recording's timeline, which reels cut).
    const kept = row && words.has(id) ? wordsWithin(words.get(id)!, row.mediaEdit?.trim) : null;
    const reason = unusableReason(row, kept, brandId);
    if (reason) problems.push({ submission_id: id, reason });
    else out.set(id, { row: row!, words: kept! });
  }
  if (problems.length) throw unusableError(problems);
  return out;
}
