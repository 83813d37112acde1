/**
 * Published copies of a shown testimonial's media on the CDN (`public/m/<unguessable>/video.mp4`, …), so widgets
 * and walls get permanent public addresses while originals stay private. Copies are made by a job once the
 * testimonial is shown, and removed at once, in the hiding request, when it stops being shown. The captions file
 * is the words: it is published only while public places may show them (`wordsPublic`), taken down at once when
 * they are hidden, and added by the same job when they may be shown again. A recording with a trim and cover
 * (media-edit.ts) publishes the trimmed copy, the chosen poster and the words inside the trim shifted to its zero;
 * when the applied edit changes, the same job makes fresh copies and swaps them in one step.
 */
import { eq } from "drizzle-orm";
import { systemCtx, type Mode } from "../../platform/context";
import type { Deps } from "../../platform/deps";
import { unitOfWork, type Tx } from "../../platform/db/unit-of-work";
import { randomToken } from "../../platform/crypto";
import { PRIORITY } from "../../platform/jobs/tables";
import type { JobRegistry } from "../../platform/jobs/worker";
import { submissions, transcripts, type PublicMedia } from "./tables";
import { isShown } from "./visibility";
import type { SubmissionRow } from "./present";
import { settlePhotoFilesLater } from "./photo-files";
import { wordsPublic } from "./publishable";
import { wordsInTrim } from "./trim-words";

/** The applied edit's version a row's public copies should have been made from (null: the full recording). */
const appliedVersion = (row: SubmissionRow) => row.mediaEdit?.applied?.version ?? null;

/** Whether the published copies were made from another trim and cover than the applied one. */
const staleEdit = (row: SubmissionRow) => !!row.publicMedia && (row.publicMedia.edit ?? null) !== appliedVersion(row);

/** The private files public places take: the applied edit's copies where it made them, else the processed ones. */
export function publicSources(row: SubmissionRow) {
  const applied = row.mediaEdit?.applied ?? null;
  return {
    video: applied?.files.video ?? row.videoKey,
    audio: applied?.files.audio ?? row.audioKey,
    poster: applied?.files.poster ?? row.posterKey,
    thumbnail: applied?.files.thumbnail ?? row.thumbKey,
    trim: applied?.trim ?? null,
    durationMs: applied?.duration_ms ?? row.durationMs,
    edit: applied?.version ?? null,
  };
}

/** Job kind that publishes a shown testimonial's media. */
export const PUBLISH_JOB = "submission.publish_media";

/**
 * Brings the published copies in line with the visibility rule, in the caller's unit of work: a shown recording
 * without copies gets a publish job; a hidden one loses its copies now (the row at once, the files once the unit
 * commits). For a shown recording, the captions follow `wordsPublic`: taken down now when the words are hidden,
 * added by the job when they may be shown.
 */
export function syncPublicMedia(tx: Tx, row: SubmissionRow) {
  const { db } = tx;
  const storage = tx.deps.storage;
  if (isShown(row)) {
    const published = row.publicMedia;
    const captions = published?.files.captions;
    if (captions && !wordsPublic(row)) {
      // The words were just hidden: their published copy goes in this request, not a moment later.
      const { captions: _gone, ...files } = published.files;
      db.update(submissions)
        .set({ publicMedia: { ...published, files } })
        .where(eq(submissions.id, row.id))
        .run();
      tx.afterCommit(() => storage.discard("public", captions));
    }
    // A recording's words are its text: one without any (nothing was heard) has no captions to add.
    // A trim or cover applied (or undone) since the copies were made: the job makes them again.
    const missing = published
      ? (row.kind !== "text" && !captions && !!row.textInput && wordsPublic(row)) || staleEdit(row)
      : row.kind !== "text" || !!row.photoKey;
    if (missing) {
      tx.enqueue({
        kind: PUBLISH_JOB,
        payload: { submissionId: row.id },
        orgId: row.orgId,
        mode: row.mode,
        priority: PRIORITY.submission,
        dedupeKey: `${PUBLISH_JOB}:${row.id}`,
      });
    }
    return;
  }
  if (row.publicMedia) {
    const dir = row.publicMedia.dir;
    db.update(submissions).set({ publicMedia: null }).where(eq(submissions.id, row.id)).run();
    tx.afterCommit(() => storage.discard("public", dir));
  }
}

/** Copies the processed files into a fresh unguessable public folder; returns what was written. */
async function copyFiles(deps: Deps, row: SubmissionRow, captions: string | null): Promise<PublicMedia> {
  const dir = `m/${randomToken(18)}`;
  const files: PublicMedia["files"] = {};
  const sources = publicSources(row);
  const copy = async (variant: keyof PublicMedia["files"], key: string | null, name: string) => {
    if (!key || !(await deps.storage.has("media", key))) return;
    await deps.storage.copy("media", key, "public", `${dir}/${name}`);
    files[variant] = `${dir}/${name}`;
  };
  await copy("video", sources.video, "video.mp4");
  await copy("audio", sources.audio, "audio.m4a");
  await copy("poster", sources.poster, "poster.jpg");
  await copy("thumbnail", sources.thumbnail, "thumb.webp");
  // The respondent's photo (already square WebP without metadata): the avatar widgets and walls show.
  await copy("avatar", row.photoKey, "avatar.webp");
  if (captions) {
    await deps.storage.write("public", `${dir}/captions.vtt`, captions);
    files.captions = `${dir}/captions.vtt`;
  }
  return {
    dir,
    files,
    avatarOf: files.avatar ? row.photoKey : null,
    focus: await faceFocus(deps, row),
    edit: sources.edit,
    trim: sources.trim,
    durationMs: sources.durationMs,
  };
}

/**
 * Where the face is around the video's poster frame, for cards that crop the poster a little (the widget and the
 * wall keep the recording's shape otherwise). Advice only: any failure publishes without it (centre crop).
 */
async function faceFocus(deps: Deps, row: SubmissionRow): Promise<PublicMedia["focus"]> {
  const { video, durationMs } = publicSources(row);
  if (row.kind !== "video" || !video || !row.width || !row.height) return null;
  const size = { width: row.width, height: row.height, durationMs: durationMs ?? 0 };
  try {
    return await deps.storage.withLocalCopy("media", video, (path) => deps.media.posterFocus(path, size));
  } catch (e) {
    deps.log.warn("no face focus for the poster", { submission_id: row.id, error: String(e) });
    return null;
  }
}

/**
 * The captions a shown recording publishes: its transcript as WebVTT (the words inside `trim`, shifted to the
 * trimmed copy's zero), while its words may be shown.
 */
function publicCaptions(deps: Deps, row: SubmissionRow, trim: PublicMedia["trim"]): string | null {
  if (row.kind === "text" || !wordsPublic(row)) return null;
  const tr = deps.db.select().from(transcripts).where(eq(transcripts.submissionId, row.id)).get();
  const words = tr ? wordsInTrim(tr.words, trim) : [];
  return words.length ? deps.media.captionsVtt(words) : null;
}

/** Adds the captions to a published recording whose words may now be shown (checked, or no longer hidden). */
async function addCaptions(deps: Deps, row: SubmissionRow) {
  const published = row.publicMedia!;
  const captions = published.files.captions ? null : publicCaptions(deps, row, published.trim);
  if (!captions) return;
  const key = `${published.dir}/captions.vtt`;
  await deps.storage.write("public", key, captions);
  const kept = unitOfWork(deps, systemCtx(row.orgId, row.mode as Mode, deps.clock), (tx) => {
    const current = tx.db.select().from(submissions).where(eq(submissions.id, row.id)).get();
    if (!current || !isShown(current) || current.publicMedia?.dir !== published.dir || !wordsPublic(current))
      return false;
    tx.db
      .update(submissions)
      .set({ publicMedia: { ...current.publicMedia, files: { ...current.publicMedia.files, captions: key } } })
      .where(eq(submissions.id, row.id))
      .run();
    tx.shown({ brandId: row.brandId, submissionId: row.id, reason: "captions_published" });
    return true;
  });
  // Hidden again (or taken down) while the file was written: it must not stay on the CDN.
  if (!kept) await deps.storage.remove("public", key);
}

/**
 * Publishes a testimonial's media if it is (still) shown and not yet published, or adds the captions of one whose
 * words may now be shown. Safe to run twice.
 */
export async function publishMedia(deps: Deps, id: string) {
  const row = deps.db.select().from(submissions).where(eq(submissions.id, id)).get();
  if (!row || !isShown(row) || (row.kind === "text" && !row.photoKey)) return;
  if (row.publicMedia && !staleEdit(row)) return addCaptions(deps, row);
  const replaced = row.publicMedia;
  const media = await copyFiles(deps, row, publicCaptions(deps, row, publicSources(row).trim));
  const kept = unitOfWork(deps, systemCtx(row.orgId, row.mode as Mode, deps.clock), (tx) => {
    const current = tx.db.select().from(submissions).where(eq(submissions.id, id)).get();
    // Hidden, or published (or edited) again by someone else while these copies were made.
    if (!current || !isShown(current) || current.publicMedia?.dir !== replaced?.dir) return false;
    if (appliedVersion(current) !== media.edit) return false;
    // The copies of the old trim and cover go once the new ones are in place.
    if (replaced) tx.afterCommit(() => deps.storage.discard("public", replaced.dir));
    const { captions, ...files } = media.files;
    // Words hidden while the copies were made: they are not published with the rest.
    const stored = captions && !wordsPublic(current) ? { ...media, files } : media;
    if (stored !== media) tx.afterCommit(() => deps.storage.discard("public", captions!));
    tx.db.update(submissions).set({ publicMedia: stored }).where(eq(submissions.id, id)).run();
    tx.shown({ brandId: row.brandId, submissionId: id, reason: replaced ? "media_edited" : "media_published" });
    // A photo accepted while the copies were made: publish that one instead of the photo copied.
    if (current.photoKey && current.photoKey !== media.avatarOf) settlePhotoFilesLater(tx, current, []);
    return true;
  });
  if (!kept) await deps.storage.remove("public", media.dir);
}

/** Registers the publish job kind. */
export function registerPublishJobs(registry: JobRegistry) {
  registry.register<{ submissionId: string }>(PUBLISH_JOB, {
    handle: async (job, deps) => publishMedia(deps, job.payload.submissionId),
    maxAttempts: 5,
  });
}
