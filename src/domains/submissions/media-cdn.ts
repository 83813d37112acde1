/**
 * The signed media files of testimonials on the CDN address: `{cdn_url}/signed/media/{token}` (contract: media is
 * served from `{cdn_url}`). Mounted where the CDN area lives (its path prefix, or `/__cdn…` when the CDN has a
 * host of its own); `signed/` is a folder the public storage area never uses, so these routes take nothing from
 * the CDN's own files. Not part of the API document (the CDN's paths are not API operations).
 */
import { Elysia, t } from "elysia";
import type { Deps } from "../../platform/deps";
import { notFound } from "../../platform/errors";
import { mountPrefix } from "../../platform/http/hosts";
import { getTranscriptRow } from "./read";
import { publicSources } from "./public-media";
import { wordsInTrim } from "./trim-words";
import { MEDIA_CDN_PATH, fileResponse, resolveMediaToken, signedMediaUrl, variantKey } from "./media-links";

/** Headers of a signed file: any page may play it; browsers keep it briefly and shared caches not at all. */
export const SIGNED_FILE_HEADERS = {
  "cache-control": "private, max-age=600",
  "access-control-allow-origin": "*",
  "cross-origin-resource-policy": "cross-origin",
} as const;

/** `{cdn_url}/signed/media/{token}`: one variant's file (range requests supported), or the captions as WebVTT. */
export function mediaCdnRoutes(deps: Deps) {
  return new Elysia().get(
    `${mountPrefix(deps.config, "cdn")}${MEDIA_CDN_PATH}/:token`,
    ({ params, request }) => {
      const { row, variant } = resolveMediaToken(deps, params.token);
      if (variant === "captions") {
        const tr = getTranscriptRow(deps.db, row.id);
        if (!tr) throw notFound("captions");
        // The words of what the video variant plays: inside the applied trim, on its own timeline.
        const words = wordsInTrim(tr.words, publicSources(row).trim);
        return new Response(deps.media.captionsVtt(words), {
          headers: { ...SIGNED_FILE_HEADERS, "content-type": "text/vtt; charset=utf-8" },
        });
      }
      const key = variantKey(row, variant);
      if (!key) throw notFound("file");
      return fileResponse(request, deps, key, signedMediaUrl(deps, row, variant).content_type, SIGNED_FILE_HEADERS);
    },
    { params: t.Object({ token: t.String({ maxLength: 400 }) }), detail: { hide: true } },
  );
}
