/**
 * The respondent's photo (a headshot or a company logo) on a link that asks for one. It is sent after the
 * testimonial, to a signed, expiring address the send answer carries (so only the person who sent it can add it).
 * The image is checked by decoding it (`deps.images`; not by its name or declared type), turned upright, cropped to a
 * square around its most striking part, re-encoded as WebP without any metadata (no EXIF or GPS), and stored with the
 * testimonial's other private media. It becomes the avatar where the testimonial is shown; once the testimonial was
 * approved or made public it waits for the team's review first, and a testimonial takes at most `PHOTO_UPLOADS_MAX`
 * photos (src/domains/submissions/photo-review.ts).
 */
import { and, eq, isNull } from "drizzle-orm";
import type { Deps } from "../../platform/deps";
import type { Ctx } from "../../platform/context";
import { AppError, invalid, notFound } from "../../platform/errors";
import { iso } from "../../platform/clock";
import { randomToken, safeEqual } from "../../platform/crypto";
import { unitOfWork } from "../../platform/db/unit-of-work";
import { ImageError } from "../../media/images";
import { placeRespondentPhoto, requirePhotoRoom, submissions, type PhotoPlacement } from "../submissions";
import { PHOTO_LIMITS } from "./model";

/** Image formats a photo may be in (as the decoder names them). */
const FORMATS = new Set(["jpeg", "png", "webp", "gif", "avif", "heif"]);

const signature = (deps: Deps, id: string, exp: number) => deps.signer.mac("photo", `${id}.${exp}`).slice(0, 32);

/** The signed address the capture page sends the photo to, for a testimonial just created. */
export function photoUpload(deps: Deps, submissionId: string) {
  const expiresAt = deps.clock.now() + PHOTO_LIMITS.urlTtlMs;
  const exp = Math.floor(expiresAt / 1000);
  return {
    url: `${deps.config.baseUrl}/public/submissions/${submissionId}/photo?exp=${exp}&sig=${signature(deps, submissionId, exp)}`,
    field: "file",
    max_bytes: PHOTO_LIMITS.maxBytes,
    expires_at: iso(expiresAt),
  };
}

/** Checks a photo address: 404 for a bad signature, 410 once expired. */
export function checkPhotoAddress(deps: Deps, submissionId: string, exp: string | undefined, sig: string | undefined) {
  const expNum = Number(exp);
  if (!sig || !Number.isInteger(expNum) || !safeEqual(sig, signature(deps, submissionId, expNum)))
    throw notFound("photo address");
  if (expNum * 1000 < deps.clock.now())
    throw new AppError("link_expired", 410, "This photo address expired. Your testimonial was sent without a photo.");
}

/**
 * Decodes, crops and stores the photo for the testimonial: it replaces an earlier one, or waits for review once the
 * testimonial was approved or made public. 409 `photo_limit_reached` once it took all its photos.
 */
export async function attachPhoto(deps: Deps, submissionId: string, file: Blob | undefined) {
  const row = deps.db
    .select()
    .from(submissions)
    .where(and(eq(submissions.id, submissionId), isNull(submissions.deletedAt)))
    .get();
  if (!row || row.status === "erased") throw notFound("testimonial");
  // Before decoding anything; checked again where it counts, in the transaction.
  requirePhotoRoom(row);
  if (!file || typeof file.arrayBuffer !== "function")
    throw invalid("Send the photo as multipart form field `file`.", "file");
  if (file.size === 0) throw invalid("The photo is empty.", "file");
  if (file.size > PHOTO_LIMITS.maxBytes)
    throw new AppError("file_too_large", 413, `Photos can be up to ${PHOTO_LIMITS.maxBytes / 1024 / 1024} MB.`, {
      field: "file",
      max_bytes: PHOTO_LIMITS.maxBytes,
    });
  let webp: Uint8Array;
  try {
    webp = await deps.images.squareAsWebp(new Uint8Array(await file.arrayBuffer()), {
      formats: FORMATS,
      side: PHOTO_LIMITS.side,
      maxInputPixels: PHOTO_LIMITS.maxInputPixels,
    });
  } catch (e) {
    if (e instanceof ImageError && e.reason === "unavailable") {
      deps.log.error("sharp could not be loaded", { error: e.message.split("\n")[0] });
      throw new AppError(
        "image_processing_unavailable",
        503,
        "Photos cannot be processed on this server right now. Your testimonial was sent without a photo.",
      );
    }
    throw new AppError(
      "unsupported_media_type",
      415,
      "That file is not a photo we can read. Please choose a JPEG, PNG or WebP image.",
      { field: "file" },
    );
  }
  const key = `submissions/${submissionId}/photo-${randomToken(9)}.webp`;
  await deps.storage.write("media", key, webp);
  const ctx: Ctx = { orgId: row.orgId, mode: row.mode, actor: { type: "respondent" }, clock: deps.clock };
  let placed: PhotoPlacement;
  try {
    placed = unitOfWork(deps, ctx, (tx) => placeRespondentPhoto(tx, row.id, key));
  } catch (e) {
    // Deleted (and perhaps already erased) or out of photos while this one was processed: keep nothing of it.
    await deps.storage.remove("media", key);
    throw e;
  }
  for (const unused of placed.unused) await deps.storage.remove("media", unused);
  return { submission_id: row.id, photo: true, waiting_for_review: placed.pending };
}
