/**
 * A photo the team gives a testimonial (adding one by hand, or correcting its avatar): sent inside the JSON body as
 * base64 (the dashboard scales it down in the browser first, so it fits an ordinary JSON body), checked by decoding
 * it, cropped square and re-encoded as WebP without metadata exactly as a respondent's photo is, and stored with the
 * testimonial's private media. Unlike a respondent's photo it never waits for review: the team chose it.
 */
import type { Deps } from "../../platform/deps";
import { AppError, invalid } from "../../platform/errors";
import { randomToken } from "../../platform/crypto";
import { ImageError } from "../../media/images";

/** Limits of a team photo: the base64 text, the decoded bytes, pixels decoded and the square side kept. */
export const TEAM_PHOTO_LIMITS = {
  maxBase64Chars: 200_000,
  maxBytes: 150_000,
  maxInputPixels: 40_000_000,
  side: 400,
} as const;

/** Image formats a team photo may be in (as the decoder names them). */
const FORMATS = new Set(["jpeg", "png", "webp", "gif", "avif"]);

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** Decodes `avatar` (base64, or a `data:image/…;base64,` address) into the square WebP to store; 400/415/503. */
export async function teamPhotoWebp(deps: Deps, avatar: string, field: string): Promise<Uint8Array> {
  const b64 = avatar.replace(/^data:image\/[a-z0-9.+-]+;base64,/i, "");
  if (!b64 || b64.length % 4 !== 0 || !BASE64.test(b64))
    throw invalid(`${field} must be an image as base64 text (JPEG, PNG, WebP, GIF or AVIF).`, field);
  const bytes = Uint8Array.from(Buffer.from(b64, "base64"));
  if (bytes.length > TEAM_PHOTO_LIMITS.maxBytes)
    throw invalid(`${field}: the image is larger than ${TEAM_PHOTO_LIMITS.maxBytes} bytes; send a smaller one.`, field);
  try {
    return await deps.images.squareAsWebp(bytes, {
      formats: FORMATS,
      side: TEAM_PHOTO_LIMITS.side,
      maxInputPixels: TEAM_PHOTO_LIMITS.maxInputPixels,
    });
  } catch (e) {
    if (e instanceof ImageError && e.reason === "unavailable") {
      deps.log.error("sharp could not be loaded", { error: e.message.split("\n")[0] });
      throw new AppError("image_processing_unavailable", 503, "Photos cannot be processed on this server right now.");
    }
    throw new AppError(
      "unsupported_media_type",
      415,
      "That file is not a photo we can read. Choose a JPEG, PNG or WebP image.",
      {
        field,
      },
    );
  }
}

/** Stores a team photo of testimonial `id` under a fresh private key; returns the key. */
export async function storeTeamPhoto(deps: Deps, id: string, webp: Uint8Array): Promise<string> {
  const key = `submissions/${id}/photo-${randomToken(9)}.webp`;
  await deps.storage.write("media", key, webp);
  return key;
}
