/**
 * The reel files served from the CDN address (contract: media is served from `{cdn_url}`): a render's signed files
 * at `{cdn_url}/signed/reels/{token}` and the music previews at `{cdn_url}/music/{track_id}.m4a`. Mounted where
 * the CDN area lives (its path prefix, or `/__cdn…` when the CDN has a host of its own); `signed/` and `music/` are
 * folders the public storage area never uses. Not part of the API document (CDN paths are not API operations).
 */
import { Elysia, t, type Static } from "elysia";
import type { Deps } from "../../platform/deps";
import { notFound } from "../../platform/errors";
import { mountPrefix } from "../../platform/http/hosts";
import { MUSIC_TRACKS, findTrack } from "../../media/reel/music";
import { REEL_FILES_CDN_PATH, serveReelFile } from "./files";
import type { musicPageSchema } from "./model";

/** Path of the music previews under the CDN address. */
export const MUSIC_CDN_PATH = "/music";

/** Address of a track's preview. */
export const musicPreviewUrl = (deps: Pick<Deps, "config">, trackId: string) =>
  `${deps.config.cdnUrl}${MUSIC_CDN_PATH}/${encodeURIComponent(trackId)}.m4a`;

/** `GET /v1/reels/music`: every track, in the page envelope (one page: the list is short and fixed). */
export function musicList(deps: Pick<Deps, "config">): Static<typeof musicPageSchema> {
  return {
    data: MUSIC_TRACKS.map(({ path: _path, ...track }) => ({
      ...track,
      preview_url: musicPreviewUrl(deps, track.track_id),
    })),
    next_cursor: null,
  };
}

/** `{cdn_url}/signed/reels/{token}` and `{cdn_url}/music/{track_id}.m4a`. */
export function reelCdnRoutes(deps: Deps) {
  const cdn = mountPrefix(deps.config, "cdn");
  return new Elysia()
    .get(`${cdn}${REEL_FILES_CDN_PATH}/:token`, ({ params, request }) => serveReelFile(deps, params.token, request), {
      params: t.Object({ token: t.String({ maxLength: 400 }) }),
      detail: { hide: true },
    })
    .get(
      `${cdn}${MUSIC_CDN_PATH}/:file`,
      ({ params }) => {
        const track = params.file.endsWith(".m4a") ? findTrack(params.file.slice(0, -".m4a".length)) : null;
        if (!track) throw notFound("track");
        return new Response(Bun.file(track.path), {
          headers: {
            "content-type": "audio/mp4",
            "cache-control": "public, max-age=86400",
            "access-control-allow-origin": "*",
            "cross-origin-resource-policy": "cross-origin",
            "x-content-type-options": "nosniff",
          },
        });
      },
      { params: t.Object({ file: t.String({ maxLength: 80 }) }), detail: { hide: true } },
    );
}
