/**
 * Trim and cover of a recording (issue 26): the team keeps the best part of a video or audio testimonial and picks a
 * video's cover frame. The trim's edges are snapped to the transcript's words and checked against the recording;
 * the copies are made by a job (media-edit-job.ts) while the public places keep what they show until the new copies
 * are ready. The original and the processed recording are never changed, and a request without trim or cover goes
 * back to the full recording at once.
 */
import { eq } from "drizzle-orm";
import type { Tx } from "../../platform/db/unit-of-work";
import { AppError, invalid } from "../../platform/errors";
import { randomToken } from "../../platform/crypto";
import { PRIORITY } from "../../platform/jobs/tables";
import { submissions, type MediaEdit, type TrimSpan, type Word } from "./tables";
import { getSubmissionRow, getTranscriptRow } from "./read";
import { snapTrim } from "./trim-words";
import { syncPublicMedia } from "./public-media";
import type { SubmissionRow } from "./present";

/** Job kind that makes the trimmed copy and the cover poster. */
export const EDIT_JOB = "submission.edit_media";

/** The shortest trimmed recording, in milliseconds. */
export const MIN_TRIM_MS = 1000;

/** What the team asks for: a part of the recording (or the whole, null) and a video's cover time (or the default). */
export interface MediaEditRequest {
  trim: TrimSpan | null;
  cover_ms?: number | null;
}

/** The asked trim checked against the recording and snapped to its words; 400 naming the rule otherwise. */
function checkedTrim(words: Word[], asked: TrimSpan, durationMs: number): TrimSpan {
  const { start_ms, end_ms } = asked;
  if (!Number.isInteger(start_ms) || !Number.isInteger(end_ms))
    throw invalid("trim.start_ms and trim.end_ms are whole milliseconds.", "trim");
  if (start_ms < 0 || end_ms > durationMs || start_ms >= end_ms)
    throw invalid(
      `The trim must lie within the recording: 0 ≤ start_ms < end_ms ≤ ${durationMs} (its length in milliseconds).`,
      "trim",
      { duration_ms: durationMs },
    );
  if (end_ms - start_ms < MIN_TRIM_MS)
    throw invalid(`A trimmed recording lasts at least ${MIN_TRIM_MS / 1000} second.`, "trim", {
      min_ms: MIN_TRIM_MS,
    });
  const snapped = snapTrim(words, asked);
  const out = { start_ms: snapped.start_ms, end_ms: Math.min(durationMs, snapped.end_ms) };
  if (out.end_ms - out.start_ms < MIN_TRIM_MS)
    throw invalid(
      `Snapped to whole words (${out.start_ms}–${out.end_ms} ms), the trim would last less than ${MIN_TRIM_MS / 1000} second: keep more words.`,
      "trim",
      { snapped: out, min_ms: MIN_TRIM_MS },
    );
  return out;
}

/** The cover time checked: a video's frame inside the kept part; 400 otherwise. */
function checkedCover(row: SubmissionRow, cover: number | null | undefined, kept: TrimSpan): number | null {
  if (cover === undefined || cover === null) return null;
  if (row.kind !== "video") throw invalid("Only a video has a cover frame; leave cover_ms out.", "cover_ms");
  if (!Number.isInteger(cover)) throw invalid("cover_ms is whole milliseconds.", "cover_ms");
  if (cover < kept.start_ms || cover > kept.end_ms)
    throw invalid(
      `The cover frame must lie within the part kept (${kept.start_ms}–${kept.end_ms} ms).`,
      "cover_ms",
      kept as unknown as Record<string, unknown>,
    );
  return cover;
}

/**
 * Sets (or clears) the trim and cover of a recording: a job makes the copies (public places change once they are
 * made); with neither, public places go back to the full recording and its own poster.
 */
export function requestMediaEdit(tx: Tx, id: string, body: MediaEditRequest): SubmissionRow {
  const row = getSubmissionRow(tx, id);
  if (row.kind === "text")
    throw new AppError("not_a_recording", 409, "Written testimonials have no recording to trim or cover.");
  if (row.status !== "ready" || !row.durationMs || !(row.videoKey ?? row.audioKey))
    throw new AppError("not_ready", 409, "This testimonial is not processed yet; trim it once it is ready.");
  const durationMs = row.durationMs;
  const words = getTranscriptRow(tx.db, id)?.words ?? [];
  const trim = body.trim ? checkedTrim(words, body.trim, durationMs) : null;
  const cover = checkedCover(row, body.cover_ms, trim ?? { start_ms: 0, end_ms: durationMs });
  const now = tx.ctx.clock.now();
  const version = randomToken(9);
  const reset = !trim && cover === null;
  // Neither trim nor cover: no edit at all, the full recording and its own poster.
  const edit: MediaEdit | null = reset
    ? null
    : {
        version,
        trim,
        cover_ms: cover,
        state: "processing",
        error: null,
        requested_at: now,
        applied: row.mediaEdit?.applied ?? null,
      };
  const updated = tx.db
    .update(submissions)
    .set({ mediaEdit: edit, updatedAt: now })
    .where(eq(submissions.id, id))
    .returning()
    .get()!;
  tx.audit(reset ? "submission.media_edit_reset" : "submission.media_edited", id, {
    trim,
    cover_ms: cover,
    asked: body.trim,
  });
  if (reset) {
    // Back to the full recording now: the copies of the old trim go once committed, the public copies are remade.
    const old = row.mediaEdit?.applied;
    if (old) tx.afterCommit(() => tx.deps.storage.discard("media", editDir(id, old.version)));
    syncPublicMedia(tx, updated);
  } else {
    tx.enqueue({
      kind: EDIT_JOB,
      payload: { submissionId: id, version },
      priority: PRIORITY.submission,
      dedupeKey: `${EDIT_JOB}:${id}:${version}`,
    });
  }
  return updated;
}

/** Where the copies of one edit live under `media/`. */
export const editDir = (id: string, version: string) => `submissions/${id}/edits/${version}`;
