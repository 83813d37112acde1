/**
 * Confirming a transcript as it is: a person read the machine's draft and found it right, so it is no longer an
 * unchecked draft and public places may show the words (unless the team hid them). Correcting the words
 * (transcript-edit.ts) checks them too.
 */
import { eq } from "drizzle-orm";
import type { Tx } from "../../platform/db/unit-of-work";
import { AppError } from "../../platform/errors";
import { submissions } from "./tables";
import { getSubmissionRow, getTranscriptRow } from "./read";
import { presentTranscript } from "./present";
import { isShown } from "./visibility";
import { syncPublicMedia } from "./public-media";

/** Marks the words checked; confirming words already checked changes nothing. Answers the transcript. */
export function confirmTranscript(tx: Tx, id: string) {
  const { db, ctx } = tx;
  const row = getSubmissionRow(tx, id);
  const transcript = getTranscriptRow(db, id);
  if (!transcript)
    throw new AppError(
      "no_transcript",
      409,
      "This testimonial has no transcript to confirm: written testimonials and recordings without speech have none.",
    );
  if (!row.wordsDraft) return presentTranscript(transcript, row);
  const updated = db
    .update(submissions)
    .set({ wordsDraft: false, updatedAt: ctx.clock.now() })
    .where(eq(submissions.id, id))
    .returning()
    .get()!;
  tx.audit("transcript.confirmed", id, { words: transcript.words.length });
  if (isShown(updated)) {
    // Shown without words until now: the captions are published and widgets and walls rebuild with the words.
    syncPublicMedia(tx, updated);
    tx.shown({ brandId: updated.brandId, submissionId: id, reason: "transcript.confirmed" });
  }
  return presentTranscript(transcript, updated);
}
