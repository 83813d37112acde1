/**
 * Correcting a transcript: the team sends the corrected text; the words are re-timed by forced alignment against
 * the recording, so captions stay exact. The machine's first words are kept (`original_words`), the
 * testimonial's `original_text` never changes, and the edit is audited. A corrected transcript is a checked one: it
 * is no longer a machine draft, so public places may show it (unless the team hid the words).
 */
import { eq } from "drizzle-orm";
import type { Ctx } from "../../platform/context";
import type { Deps } from "../../platform/deps";
import { reader, unitOfWork } from "../../platform/db/unit-of-work";
import { actorRef } from "../../platform/context";
import { AppError, invalid } from "../../platform/errors";
import { analyseText } from "../../media/text-analysis";
import { isMediaError } from "../../media/errors";
import { submissions, transcripts } from "./tables";
import { getSubmissionRow, getTranscriptRow } from "./read";
import { presentTranscript, wordsText } from "./present";
import { indexSubmission } from "./search";
import { isShown } from "./visibility";
import { fitAlignedWords } from "../../media/speech/fit";
import { syncPublicMedia } from "./public-media";
import { wordsPublic } from "./publishable";
import { wordsInTrim } from "./trim-words";

/** Replaces the transcript's words with `text`, re-timed against the recording. */
export async function editTranscript(deps: Deps, ctx: Ctx, id: string, text: string) {
  const clean = text.replace(/\s+/g, " ").trim();
  if (!clean) throw invalid("The corrected transcript cannot be empty.", "text");
  if (clean.length > 20_000) throw invalid("Transcripts are at most 20,000 characters.", "text");
  const row = getSubmissionRow(reader(deps, ctx), id);
  if (row.kind === "text")
    throw new AppError(
      "not_a_recording",
      409,
      "Written testimonials have no transcript: the respondent's own words are kept as they typed them.",
    );
  if (row.status !== "ready")
    throw new AppError(
      "not_ready",
      409,
      "This testimonial is still being processed; edit its transcript once it is ready.",
    );
  const source = row.audioKey ?? row.videoKey ?? row.originalKey;
  if (!source) throw new AppError("no_recording", 409, "This testimonial has no recording to align the words with.");
  let words;
  try {
    words = await deps.storage.withLocalCopy("media", source, async (recording) => {
      const wav = deps.storage.tempPath(".wav");
      try {
        await deps.media.extractWav(recording, wav);
        return fitAlignedWords(await deps.media.align(wav, clean), row.durationMs);
      } finally {
        deps.storage.removeWorkFile(wav);
      }
    });
  } catch (e) {
    if (isMediaError(e))
      throw new AppError(
        "alignment_failed",
        422,
        `The corrected words could not be timed against the recording: ${e.message}`,
        { reason: e.reason },
      );
    throw e;
  }
  const newText = wordsText(words);
  const analysis = analyseText(newText);
  const now = ctx.clock.now();
  let captions = null as { key: string; text: string } | null;
  // The awaits are done: one unit of work for the words, their search entry, the audit line and the notices.
  const result = unitOfWork(deps, ctx, (tx) => {
    const { db } = tx;
    const existing = getTranscriptRow(db, id);
    if (existing) {
      db.update(transcripts)
        .set({ words, editedAt: now, editedBy: actorRef(ctx.actor).label })
        .where(eq(transcripts.submissionId, id))
        .run();
    } else {
      db.insert(transcripts)
        .values({
          submissionId: id,
          engine: "alignment",
          language: analysis.language,
          words,
          originalWords: [],
          editedAt: now,
          editedBy: actorRef(ctx.actor).label,
          createdAt: now,
        })
        .run();
    }
    const updated = db
      .update(submissions)
      .set({
        textInput: newText,
        wordsDraft: false,
        sentimentScore: analysis.sentiment.score,
        sentimentLabel: analysis.sentiment.label,
        updatedAt: now,
      })
      .where(eq(submissions.id, id))
      .returning()
      .get()!;
    indexSubmission(db, updated);
    tx.audit("transcript.edited", id, { words: words.length });
    if (isShown(updated)) {
      // The published captions are the words: rewritten in place once committed, and widgets and walls rebuild.
      const key = updated.publicMedia?.files.captions;
      if (key && wordsPublic(updated))
        captions = { key, text: deps.media.captionsVtt(wordsInTrim(words, updated.publicMedia?.trim)) };
      // Words a draft kept off the CDN may be shown now: the publish job adds their captions.
      syncPublicMedia(tx, updated);
      tx.shown({ brandId: updated.brandId, submissionId: id, reason: "transcript.edited" });
    }
    return presentTranscript(getTranscriptRow(db, id)!, updated);
  });
  if (captions) await deps.storage.write("public", captions.key, captions.text);
  return result;
}
