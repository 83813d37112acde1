/**
 * The job that makes a trim and cover (media-edit.ts): the trimmed copy of the processed recording (re-encoded so the
 * cut is exact), probed for its own duration, and a video's poster and thumbnail from the chosen cover frame (or a
 * frame near the kept part's start). It reports how far it is (0–1, in this process's memory like processing
 * progress: processing-progress.ts), then, if the request is still the latest, makes the copies the ones public
 * places use and has the published copies remade. Safe to run twice: the copies go to the request's own folder.
 */
import { eq } from "drizzle-orm";
import type { Deps } from "../../platform/deps";
import { systemCtx, type Mode } from "../../platform/context";
import { unitOfWork } from "../../platform/db/unit-of-work";
import { PermanentJobError, type JobRegistry } from "../../platform/jobs/worker";
import { isMediaError } from "../../media/errors";
import { explainFailure } from "../../media/failure-reasons";
import { posterTime } from "../../media/poster";
import { submissions, type AppliedEdit } from "./tables";
import { EDIT_JOB, editDir } from "./media-edit";
import { syncPublicMedia } from "./public-media";
import { reportEditDone, reportEditProgress } from "./media-edit-progress";

interface Payload {
  submissionId: string;
  version: string;
}

/** Makes the copies of the edit `version` of testimonial `id`, if that is still the one asked for. */
export async function makeMediaEdit(deps: Deps, id: string, version: string, signal?: AbortSignal): Promise<void> {
  const row = deps.db.select().from(submissions).where(eq(submissions.id, id)).get();
  const edit = row?.mediaEdit;
  if (!row || row.deletedAt || !edit || edit.version !== version || edit.state !== "processing") return;
  const video = row.kind === "video";
  const source = video ? row.videoKey : row.audioKey;
  if (!source || !row.durationMs) throw new PermanentJobError("The testimonial has no processed recording.");
  const { storage, media } = deps;
  const dir = editDir(id, version);
  const files: AppliedEdit["files"] = {};
  let durationMs = row.durationMs;
  reportEditProgress(id, 0);
  try {
    await storage.withLocalCopy("media", source, async (input) => {
      const trim = edit.trim;
      const posterShare = video ? 0.1 : 0;
      if (trim) {
        const tmp = storage.tempPath(video ? ".mp4" : ".m4a");
        try {
          await media.trim(
            input,
            tmp,
            { startMs: trim.start_ms, endMs: trim.end_ms, video },
            { signal, onProgress: (f) => reportEditProgress(id, f * (0.9 - posterShare)) },
          );
          durationMs = (await media.probe(tmp, { signal })).durationMs;
          const key = `${dir}/${video ? "video.mp4" : "audio.m4a"}`;
          await storage.adopt(tmp, "media", key);
          files[video ? "video" : "audio"] = key;
        } finally {
          storage.removeWorkFile(tmp);
        }
      }
      reportEditProgress(id, 0.9 - posterShare);
      if (video && (edit.cover_ms !== null || trim)) {
        // The cover is a frame of the full recording at the chosen time: the same picture the trimmed copy holds.
        const start = trim?.start_ms ?? 0;
        const atMs = edit.cover_ms ?? start + Math.round(posterTime(durationMs) * 1000);
        const jpg = storage.tempPath(".jpg");
        const webp = storage.tempPath(".webp");
        try {
          await media.poster(input, row.durationMs!, jpg, webp, { signal, atMs });
          files.poster = `${dir}/poster.jpg`;
          files.thumbnail = `${dir}/thumb.webp`;
          await storage.adopt(jpg, "media", files.poster);
          await storage.adopt(webp, "media", files.thumbnail);
        } finally {
          storage.removeWorkFile(jpg);
          storage.removeWorkFile(webp);
        }
      }
    });
    reportEditProgress(id, 0.95);
    const kept = unitOfWork(deps, systemCtx(row.orgId, row.mode as Mode, deps.clock), (tx) => {
      const current = tx.db.select().from(submissions).where(eq(submissions.id, id)).get();
      const now = current?.mediaEdit;
      if (!current || current.deletedAt || !now || now.version !== version) return false;
      const before = now.applied;
      const applied: AppliedEdit = {
        version,
        trim: now.trim,
        cover_ms: now.cover_ms,
        files,
        duration_ms: durationMs,
      };
      const updated = tx.db
        .update(submissions)
        .set({ mediaEdit: { ...now, state: "ready", error: null, applied } })
        .where(eq(submissions.id, id))
        .returning()
        .get()!;
      if (before && before.version !== version)
        tx.afterCommit(() => storage.discard("media", editDir(id, before.version)));
      // Shown: the published copies are remade from these (widgets and walls rebuild once they are).
      syncPublicMedia(tx, updated);
      return true;
    });
    // Asked again (or reset, or deleted) while these were made: nobody will use them.
    if (!kept) await storage.remove("media", dir);
  } finally {
    reportEditDone(id);
  }
}

/** Marks the latest edit `version` of testimonial `id` failed with a reason a person can read. */
function failEdit(deps: Deps, id: string, version: string, message: string) {
  const row = deps.db.select().from(submissions).where(eq(submissions.id, id)).get();
  if (!row?.mediaEdit || row.mediaEdit.version !== version) return;
  deps.db
    .update(submissions)
    .set({ mediaEdit: { ...row.mediaEdit, state: "failed", error: message } })
    .where(eq(submissions.id, id))
    .run();
}

/** Registers the trim-and-cover job kind. */
export function registerMediaEditJobs(registry: JobRegistry) {
  registry.register<Payload>(EDIT_JOB, {
    async handle(job, deps, run) {
      try {
        await makeMediaEdit(deps, job.payload.submissionId, job.payload.version, run.signal);
      } catch (e) {
        if (isMediaError(e) && e.permanent) throw new PermanentJobError(explainFailure(e).message);
        throw e;
      }
    },
    maxAttempts: 3,
    timeoutMs: 30 * 60_000,
    backoffMs: (attempt) => 15_000 * attempt,
    onDead(job, deps, error, cause) {
      const message = cause ? explainFailure(cause).message : error;
      deps.log.error("trim and cover gave up", { submission_id: job.payload.submissionId, job_id: job.id, error });
      failEdit(deps, job.payload.submissionId, job.payload.version, message);
    },
  });
}
