/**
 * The files behind a photo decision (photo-review.ts), handled by a job once the decision committed (a command must
 * not delete files its transaction could still roll back): photos no row points at any more are deleted, and a
 * published testimonial whose published avatar is not its current photo gets the current one copied in under a
 * fresh name (so no cache keeps serving the old picture under the new address). The public copy it replaces is
 * deleted a few minutes later, once widget documents cached with its address have expired.
 */
import { eq } from "drizzle-orm";
import { systemCtx, type Mode } from "../../platform/context";
import type { Deps } from "../../platform/deps";
import { unitOfWork, type Tx } from "../../platform/db/unit-of-work";
import { randomToken } from "../../platform/crypto";
import { PRIORITY } from "../../platform/jobs/tables";
import type { JobRegistry } from "../../platform/jobs/worker";
import { submissions } from "./tables";
import { isShown } from "./visibility";
import type { SubmissionRow } from "./present";

/** Job kind that settles a testimonial's photo files. */
export const PHOTO_FILES_JOB = "submission.photo_files";

/** How long a replaced public avatar stays (widget documents are cached for a minute; walls rebuild at once). */
export const REPLACED_AVATAR_GRACE_MS = 5 * 60_000;

interface Payload {
  submissionId: string;
  /** Private photos (`media/`) to delete unless the row points at them again. */
  media?: string[];
  /** Published avatars (`public/`) to delete unless the row shows them again. */
  public?: string[];
}

/** Enqueues the job for `row`, in the caller's unit of work: delete `unused` photos, publish the current one. */
export function settlePhotoFilesLater(tx: Tx, row: SubmissionRow, unused: string[]) {
  tx.enqueue({
    kind: PHOTO_FILES_JOB,
    payload: { submissionId: row.id, media: unused } satisfies Payload,
    orgId: row.orgId,
    mode: row.mode,
    priority: PRIORITY.submission,
  });
}

/** Deletes what the payload names and no longer in use, then brings the published avatar up to date. */
export async function settlePhotoFiles(deps: Deps, payload: Payload) {
  const id = payload.submissionId;
  const row = deps.db.select().from(submissions).where(eq(submissions.id, id)).get();
  for (const key of payload.media ?? [])
    if (key.startsWith(`submissions/${id}/`) && key !== row?.photoKey && key !== row?.pendingPhotoKey)
      await deps.storage.remove("media", key);
  for (const key of payload.public ?? [])
    if (/^m\/[\w-]+\/avatar[\w-]*\.webp$/.test(key) && key !== row?.publicMedia?.files.avatar)
      await deps.storage.remove("public", key);
  if (row) await publishCurrentPhoto(deps, row);
}

/** Copies the current photo in as the published avatar when it is not that already. Safe to run twice. */
async function publishCurrentPhoto(deps: Deps, row: SubmissionRow) {
  const published = row.publicMedia;
  const photo = row.photoKey;
  if (!published || !photo || !isShown(row) || published.avatarOf === photo) return;
  const name = `${published.dir}/avatar-${randomToken(9)}.webp`;
  await deps.storage.copy("media", photo, "public", name);
  const kept = unitOfWork(deps, systemCtx(row.orgId, row.mode as Mode, deps.clock), (tx) => {
    const current = tx.db.select().from(submissions).where(eq(submissions.id, row.id)).get();
    // Hidden, republished elsewhere or given another photo meanwhile: that change's own work wins.
    if (!current?.publicMedia || current.publicMedia.dir !== published.dir || current.photoKey !== photo) return false;
    if (!isShown(current)) return false;
    const replaced = current.publicMedia.files.avatar;
    const publicMedia = {
      ...current.publicMedia,
      files: { ...current.publicMedia.files, avatar: name },
      avatarOf: photo,
    };
    tx.db.update(submissions).set({ publicMedia }).where(eq(submissions.id, row.id)).run();
    tx.shown({ brandId: row.brandId, submissionId: row.id, reason: "photo_published" });
    if (replaced)
      tx.enqueue({
        kind: PHOTO_FILES_JOB,
        payload: { submissionId: row.id, public: [replaced] } satisfies Payload,
        orgId: row.orgId,
        mode: row.mode,
        runAt: deps.clock.now() + REPLACED_AVATAR_GRACE_MS,
      });
    return true;
  });
  if (!kept) await deps.storage.remove("public", name);
}

/** Registers the photo files job kind. */
export function registerPhotoFileJobs(registry: JobRegistry) {
  registry.register<Payload>(PHOTO_FILES_JOB, {
    handle: (job, deps) => settlePhotoFiles(deps, job.payload),
    maxAttempts: 5,
  });
}
