/**
 * Private media of a testimonial: signed, expiring URLs on the CDN address (`{cdn_url}/signed/media/{token}`, served
 * by media-cdn.ts) for each variant, and the file behind a token with range support for playback. Tokens carry the
 * submission, the variant and the expiry.
 */
import { eq } from "drizzle-orm";
import type { Deps } from "../../platform/deps";
import { blobResponse } from "../../platform/http/blob-response";
import type { Ctx } from "../../platform/context";
import { iso } from "../../platform/clock";
import { AppError, notFound } from "../../platform/errors";
import { submissions } from "./tables";
import { publicSources } from "./public-media";
import { VARIANTS, variantsOf, type SubmissionRow, type Variant } from "./present";
import type { Static } from "elysia";
import type { signedMediaSchema } from "./model";

/** Path of the signed media files under the CDN address. */
export const MEDIA_CDN_PATH = "/signed/media";

/** How long a media URL works. */
export const MEDIA_URL_TTL_MS = 3600_000;

const TYPES: Record<Variant, (row: SubmissionRow) => string> = {
  original: (r) => r.originalType ?? "application/octet-stream",
  video: () => "video/mp4",
  audio: () => "audio/mp4",
  poster: () => "image/jpeg",
  thumbnail: () => "image/webp",
  captions: () => "text/vtt; charset=utf-8",
  avatar: () => "image/webp",
  pending_avatar: () => "image/webp",
  full: (r) => (r.videoKey ? "video/mp4" : "audio/mp4"),
};

/**
 * Storage key of a variant's file (captions are built from the transcript instead); a trim and cover's copies
 * once made, `full` the processed recording before any trim.
 */
export function variantKey(row: SubmissionRow, variant: Variant): string | null {
  const shown = publicSources(row);
  switch (variant) {
    case "original":
      return row.originalKey;
    case "video":
      return shown.video;
    case "audio":
      return shown.audio;
    case "poster":
      return shown.poster;
    case "thumbnail":
      return shown.thumbnail;
    case "full":
      return row.videoKey ?? row.audioKey;
    case "captions":
      return null;
    case "avatar":
      return row.photoKey;
    case "pending_avatar":
      return row.pendingPhotoKey;
  }
}

/** A signed URL for one variant. */
export function signedMediaUrl(deps: Deps, row: SubmissionRow, variant: Variant): Static<typeof signedMediaSchema> {
  const expiresAt = deps.clock.now() + MEDIA_URL_TTL_MS;
  const payload = Buffer.from(`${row.id}:${variant}:${Math.floor(expiresAt / 1000)}`).toString("base64url");
  return {
    variant,
    // The box's own CDN address: a bucket used as the CDN address cannot answer signed addresses.
    url: `${deps.config.cdnOriginUrl}${MEDIA_CDN_PATH}/${deps.signer.sign("media", payload)}`,
    content_type: TYPES[variant](row),
    expires_at: iso(expiresAt),
  };
}

/** Signed URLs for the variants that exist. */
export function mediaLinks(deps: Deps, row: SubmissionRow, variants: Variant[]) {
  return Object.fromEntries(variants.map((v) => [v, signedMediaUrl(deps, row, v)]));
}

/** Checks a variant name for a testimonial (404 when it has no such file). */
export function requireVariant(row: SubmissionRow, variant: string, hasTranscript: boolean): Variant {
  if (!(VARIANTS as readonly string[]).includes(variant))
    throw new AppError("validation_failed", 400, `Unknown variant "${variant}". Variants: ${VARIANTS.join(", ")}.`, {
      field: "variant",
    });
  if (!variantsOf(row, hasTranscript).includes(variant as Variant)) throw notFound(`${variant} for this testimonial`);
  return variant as Variant;
}

/** Resolves a media token to the row and variant; 404 when forged, 410 when expired. */
export function resolveMediaToken(deps: Deps, token: string): { row: SubmissionRow; variant: Variant; ctx: Ctx } {
  const payload = deps.signer.verify("media", token);
  if (!payload) throw notFound("file");
  const [id, variant, exp] = Buffer.from(payload, "base64url").toString().split(":");
  if (Number(exp) * 1000 < deps.clock.now())
    throw new AppError("link_expired", 410, "This media link expired; ask the API for a fresh one.");
  const row = deps.db.select().from(submissions).where(eq(submissions.id, id!)).get();
  if (!row || row.deletedAt) throw notFound("file");
  return {
    row,
    variant: variant as Variant,
    ctx: { orgId: row.orgId, mode: row.mode as Ctx["mode"], actor: { type: "system" }, clock: deps.clock },
  };
}

/** A stored file of the media area as a response, honouring a single `Range: bytes=a-b` request; 404 when missing. */
export async function fileResponse(
  request: Request,
  deps: Pick<Deps, "storage">,
  key: string,
  type: string,
  extra: Record<string, string> = {},
): Promise<Response> {
  const res = await blobResponse(request, deps.storage, "media", key, {
    "content-type": type,
    "x-content-type-options": "nosniff",
    ...extra,
  });
  if (!res) throw notFound("file");
  return res;
}
