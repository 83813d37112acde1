/**
 * Processing a received recording: probe, transcode (H.264/AAC MP4 or AAC M4A), poster, transcript, sentiment;
 * then `ready` and `submission.ready` in one transaction. Safe to run twice: outputs go to fixed names through
 * temp files, and the final step only applies while the testimonial is still `processing`. A recording that is
 * not usable media fails for good with its reason; other errors are retried, and when the tries run out the last
 * error is explained (src/media/failure-reasons.ts): what failed and what the owner can do.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { Deps } from "../../platform/deps";
import type { Ctx, Mode } from "../../platform/context";
import { unitOfWork } from "../../platform/db/unit-of-work";
import { JobRegistry, PermanentJobError } from "../../platform/jobs/worker";
import { MediaError, isMediaError } from "../../media/errors";
import { explainFailure, type FailureExplanation } from "../../media/failure-reasons";
import { analyseText } from "../../media/text-analysis";
import { fitWordsToRecording } from "../../media/speech/fit";
import { submissions, transcripts } from "./tables";
import { PROCESS_JOB } from "./create";
import { registerPublishJobs, syncPublicMedia } from "./public-media";
import { registerPurgeJobs } from "./purge";
import { registerPhotoFileJobs } from "./photo-files";
import { registerMediaEditJobs } from "./media-edit-job";
import { failSubmission } from "./status";
import { indexSubmission } from "./search";
import { submissionEventData, wordsText, type SubmissionRow } from "./present";
import { isDraftTranscript } from "./publishable";
import { reportDone, reportFraction, reportStage } from "./processing-progress";

interface Payload {
  submissionId: string;
}

const ctxOf = (deps: Deps, row: SubmissionRow): Ctx => ({
  orgId: row.orgId,
  mode: row.mode as Mode,
  actor: { type: "system" },
  clock: deps.clock,
});

function failWith(deps: Deps, id: string, failure: FailureExplanation) {
  const row = deps.db.select().from(submissions).where(eq(submissions.id, id)).get();
  if (row)
    unitOfWork(deps, ctxOf(deps, row), (tx) =>
      failSubmission(tx, row.id, failure.code, failure.message, failure.action),
    );
}

/** Probes, transcodes and transcribes a local copy of the original; finished files are adopted into `media/`. */
async function transcode(deps: Deps, row: SubmissionRow, input: string, dir: string, signal?: AbortSignal) {
  const { media, storage } = deps;
  const probe = await media.probe(input, { signal });
  const now = () => deps.clock.now();
  // Each stage said as it starts (processing-progress.ts), with the converter's own progress.
  reportStage(row.id, "converting", now(), probe.durationMs);
  const converting = { signal, onProgress: (f: number) => reportFraction(row.id, f) };
  const kind = row.kind === "video" && probe.hasVideo ? "video" : "audio";
  if (!probe.hasAudio && kind === "audio") throw new MediaError("no_audio", "The recording has no sound.");
  const keys: Partial<SubmissionRow> = { kind, durationMs: probe.durationMs, width: probe.width, height: probe.height };
  if (kind === "video") {
    const tmp = storage.tempPath(".mp4");
    const jpg = storage.tempPath(".jpg");
    const webp = storage.tempPath(".webp");
    try {
      await media.transcodeVideo(input, tmp, probe.durationMs, converting);
      reportStage(row.id, "poster", now());
      await media.poster(tmp, probe.durationMs, jpg, webp, { signal });
      keys.videoKey = `${dir}/video.mp4`;
      keys.posterKey = `${dir}/poster.jpg`;
      keys.thumbKey = `${dir}/thumb.webp`;
      await storage.adopt(tmp, "media", keys.videoKey);
      await storage.adopt(jpg, "media", keys.posterKey);
      await storage.adopt(webp, "media", keys.thumbKey);
    } finally {
      for (const f of [tmp, jpg, webp]) storage.removeWorkFile(f);
    }
  } else {
    const tmp = storage.tempPath(".m4a");
    try {
      await media.transcodeAudio(input, tmp, probe.durationMs, converting);
      keys.audioKey = `${dir}/audio.m4a`;
      await storage.adopt(tmp, "media", keys.audioKey);
    } finally {
      storage.removeWorkFile(tmp);
    }
  }
  const wav = storage.tempPath(".wav");
  let speech = null;
  reportStage(row.id, "transcribing", now());
  try {
    await media.extractWav(input, wav, { signal });
    // The language of the page it was sent from: whisper.cpp's multilingual models listen for it.
    speech = await media.transcribe(wav, { signal, language: row.pageLanguage });
    if (speech) speech = { ...speech, words: fitWordsToRecording(speech.words, probe.durationMs) };
  } finally {
    storage.removeWorkFile(wav);
  }
  return { keys, speech, probe };
}

/** Runs the processing of one testimonial (its stages reported to processing-progress.ts while it runs). */
export async function processSubmission(deps: Deps, id: string, signal?: AbortSignal) {
  try {
    await processOne(deps, id, signal);
  } finally {
    reportDone(id);
  }
}

async function processOne(deps: Deps, id: string, signal?: AbortSignal) {
  const row = deps.db.select().from(submissions).where(eq(submissions.id, id)).get();
  if (!row || row.status !== "processing" || !row.originalKey) return;
  const { storage } = deps;
  const dir = `submissions/${id}`;
  // ffmpeg reads the original from local disk: the real file with the data directory, a temp copy otherwise.
  const { keys, speech } = await storage.withLocalCopy("media", row.originalKey, (input) =>
    transcode(deps, row, input, dir, signal),
  );
  reportStage(id, "finishing", deps.clock.now());
  const text = speech && speech.words.length ? wordsText(speech.words) : null;
  const analysis = text ? analyseText(text) : null;
  const now = deps.clock.now();
  const applied = unitOfWork(deps, ctxOf(deps, row), (tx) => {
    const { db } = tx;
    const updated = db
      .update(submissions)
      .set({
        ...keys,
        status: "ready",
        failureReason: null,
        textInput: text,
        textSource: text ? "spoken" : null,
        originalText: text,
        // New words from a rough engine wait for a person's check before any public place may show them.
        wordsDraft: !!speech && isDraftTranscript(speech.engine, speech.words),
        language: speech?.language ?? analysis?.language ?? null,
        sentimentScore: analysis?.sentiment.score ?? null,
        sentimentLabel: analysis?.sentiment.label ?? null,
        processedAt: now,
        updatedAt: now,
      })
      .where(and(eq(submissions.id, id), eq(submissions.status, "processing"), isNull(submissions.deletedAt)))
      .returning()
      .get();
    if (!updated) return false;
    if (speech) {
      db.delete(transcripts).where(eq(transcripts.submissionId, id)).run();
      db.insert(transcripts)
        .values({
          submissionId: id,
          engine: speech.engine,
          language: speech.language,
          words: speech.words,
          originalWords: speech.words,
          editedAt: null,
          editedBy: null,
          createdAt: now,
        })
        .run();
    }
    indexSubmission(db, updated);
    tx.emit("submission.ready", submissionEventData(updated));
    // Approved and made public while still processing: publish it now.
    syncPublicMedia(tx, updated);
    return true;
  });
  // Deleted or removed while processing: the purge may already have run, so what was just written goes too.
  if (
    !applied &&
    deps.db.select({ d: submissions.deletedAt }).from(submissions).where(eq(submissions.id, id)).get()?.d != null
  )
    await storage.remove("media", dir);
}

/** Registers the job kinds of testimonials: processing, publishing media, erasure, trim and cover. */
export function registerSubmissionJobs(registry: JobRegistry) {
  registerPublishJobs(registry);
  registerPurgeJobs(registry);
  registerPhotoFileJobs(registry);
  registerMediaEditJobs(registry);
  registry.register<Payload>(PROCESS_JOB, {
    async handle(job, deps, run) {
      try {
        await processSubmission(deps, job.payload.submissionId, run.signal);
      } catch (e) {
        if (isMediaError(e) && e.permanent) {
          failWith(deps, job.payload.submissionId, explainFailure(e));
          throw new PermanentJobError(e.message);
        }
        throw e;
      }
    },
    maxAttempts: 3,
    timeoutMs: 30 * 60_000,
    backoffMs: (attempt) => 30_000 * attempt,
    onDead(job, deps, error, cause) {
      // The raw cause stays in the job and the log; the testimonial gets what failed and what to do, in words.
      const failure = explainFailure(cause ?? error);
      deps.log.error("processing gave up", {
        submission_id: job.payload.submissionId,
        job_id: job.id,
        error,
        reason: failure.code,
      });
      failWith(deps, job.payload.submissionId, failure);
    },
  });
}
