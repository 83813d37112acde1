/**
 * The respondent's photo once the team has looked at the testimonial (issue 30). Until a testimonial is approved or
 * made public, a new photo simply replaces the one before: the team sees it when they decide. After that, a new photo
 * waits beside the accepted one (`pendingPhotoKey`) and is shown nowhere public until a moderator accepts it; the
 * accepted photo stays the avatar of the published copies meanwhile. A testimonial takes at most
 * `PHOTO_UPLOADS_MAX` photos in all, so its signed photo address cannot be used to swap images without end.
 */
import { eq } from "drizzle-orm";
import type { Reader, Tx } from "../../platform/db/unit-of-work";
import { AppError, conflict, notFound } from "../../platform/errors";
import { submissions } from "./tables";
import { getSubmissionRow } from "./read";
import type { SubmissionRow } from "./present";
import { syncPublicMedia } from "./public-media";
import { settlePhotoFilesLater } from "./photo-files";

/** Photos one testimonial takes from its respondent: the first and four replacements. */
export const PHOTO_UPLOADS_MAX = 5;

/** True when a new photo must wait for a moderator: the testimonial was approved or made public. */
export const photoNeedsReview = (row: Pick<SubmissionRow, "isApproved" | "isPublic">) => row.isApproved || row.isPublic;

/** Throws 409 `photo_limit_reached` when the testimonial has taken all its photos. */
export function requirePhotoRoom(row: Pick<SubmissionRow, "photoUploads">) {
  if (row.photoUploads >= PHOTO_UPLOADS_MAX)
    throw new AppError(
      "photo_limit_reached",
      409,
      `This testimonial already received ${PHOTO_UPLOADS_MAX} photos, the most it takes. It keeps the last one sent; no other photo can be added.`,
      { max_photos: PHOTO_UPLOADS_MAX },
    );
}

/** Where `placeRespondentPhoto` put the photo, and the stored photos no row points at any more. */
export interface PhotoPlacement {
  pending: boolean;
  unused: string[];
}

/**
 * Records a photo the respondent sent, already stored under `key`, in the caller's unit of work: as the photo, or as
 * the one waiting for review once the testimonial was approved or made public (replacing an earlier one waiting).
 * 404 when the testimonial was deleted meanwhile, 409 when it took all its photos. The caller deletes `unused`
 * after the commit (or `key` itself when this throws).
 */
export function placeRespondentPhoto(tx: Tx, id: string, key: string): PhotoPlacement {
  const { db, ctx } = tx;
  const row = db.select().from(submissions).where(eq(submissions.id, id)).get();
  if (!row || row.deletedAt !== null || row.status === "erased") throw notFound("testimonial");
  requirePhotoRoom(row);
  const pending = photoNeedsReview(row);
  const unused = (pending ? [row.pendingPhotoKey] : [row.photoKey, row.pendingPhotoKey]).filter(
    (k): k is string => !!k,
  );
  db.update(submissions)
    .set({
      ...(pending ? { pendingPhotoKey: key } : { photoKey: key, pendingPhotoKey: null }),
      photoUploads: row.photoUploads + 1,
      updatedAt: ctx.clock.now(),
    })
    .where(eq(submissions.id, id))
    .run();
  tx.audit("submission.photo_added", id, { waiting_for_review: pending });
  return { pending, unused };
}

function withPendingPhoto(r: Reader, id: string): SubmissionRow & { pendingPhotoKey: string } {
  const row = getSubmissionRow(r, id);
  if (!row.pendingPhotoKey)
    throw conflict("no_pending_photo", "No new photo is waiting for review on this testimonial.");
  return row as SubmissionRow & { pendingPhotoKey: string };
}

/**
 * Accepts the photo waiting for review: it becomes the testimonial's photo and, where the testimonial is published,
 * the published avatar (a job copies it in, then deletes the replaced files). Returns the updated row.
 */
export function approvePendingPhoto(tx: Tx, id: string): SubmissionRow {
  const row = withPendingPhoto(tx, id);
  const updated = tx.db
    .update(submissions)
    .set({ photoKey: row.pendingPhotoKey, pendingPhotoKey: null, updatedAt: tx.ctx.clock.now() })
    .where(eq(submissions.id, id))
    .returning()
    .get()!;
  tx.audit("submission.photo_approved", id);
  // A shown testimonial without published copies (a written one that had no photo) gets them now.
  syncPublicMedia(tx, updated);
  settlePhotoFilesLater(tx, updated, row.photoKey ? [row.photoKey] : []);
  return updated;
}

/** Discards the photo waiting for review (its file is deleted once this commits); the accepted photo stays. */
export function rejectPendingPhoto(tx: Tx, id: string): SubmissionRow {
  const row = withPendingPhoto(tx, id);
  const updated = tx.db
    .update(submissions)
    .set({ pendingPhotoKey: null, updatedAt: tx.ctx.clock.now() })
    .where(eq(submissions.id, id))
    .returning()
    .get()!;
  tx.audit("submission.photo_rejected", id);
  settlePhotoFilesLater(tx, updated, [row.pendingPhotoKey]);
  return updated;
}
