/**
 * The link editor's live preview of the capture page, at `{site_url}/c/_preview` (`_` never starts a slug or a
 * link id, so it cannot shadow a real page): the `capture-preview` bundle (web/capture/preview.tsx), which renders
 * the capture page's own components from the draft the dashboard posts to it. Only the dashboard's origin may frame
 * it, and its policy lets it reach no server, so nothing typed or recorded in a preview can be sent. The limits the
 * real page shows (text length, photo size) are injected as `<meta name="plaudit-preview-limits">`.
 */
import { Elysia } from "elysia";
import type { Deps } from "../../platform/deps";
import { notFound } from "../../platform/errors";
import { loadBundlePage, type WebAsset } from "../../platform/http/web-assets";
import { mountPrefix, pathPrefix } from "../../platform/http/hosts";
import { captureCsp, PERMISSIONS } from "./page";
import { CAPTURE_LIMITS, PHOTO_LIMITS } from "./model";

/** Where the preview answers, under the site's `/c/`. */
export const PREVIEW_PATH = "/c/_preview";

/** The limits the capture page reads from a link view, except those that depend on the link's questions. */
const LIMITS = {
  min_text_chars: CAPTURE_LIMITS.minTextChars,
  max_text_chars: CAPTURE_LIMITS.maxTextChars,
  max_video_bytes: CAPTURE_LIMITS.maxVideoBytes,
  max_audio_bytes: CAPTURE_LIMITS.maxAudioBytes,
  chunk_bytes: CAPTURE_LIMITS.chunkBytes,
  max_photo_bytes: PHOTO_LIMITS.maxBytes,
  max_short_text_chars: CAPTURE_LIMITS.maxShortTextChars,
};

/** Elysia plugin serving the preview page and its assets where the site area is mounted. */
export function capturePreviewPlugin(assets: Map<string, WebAsset>, deps: Deps) {
  const { config } = deps;
  const mount = mountPrefix(config, "site");
  const prefix = pathPrefix(config.siteUrl);
  const headers = {
    "content-security-policy": captureCsp(config, config.appUrl),
    "permissions-policy": PERMISSIONS,
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
  };
  const index = loadBundlePage(assets, "capture-preview", `${prefix}${PREVIEW_PATH}/assets/`, config);
  const limits = `<meta name="plaudit-preview-limits" content="${JSON.stringify(LIMITS).replaceAll('"', "&quot;")}">`;

  return new Elysia({ name: "capture-preview", seed: config.siteUrl })
    .get(`${mount}${PREVIEW_PATH}`, async () => {
      const html = await index;
      if (html instanceof Error) throw html;
      return new Response(
        html.replace(/<\/head>/i, (m) => `${limits}\n${m}`),
        { headers: { ...headers, "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" } },
      );
    })
    .get(`${mount}${PREVIEW_PATH}/assets/*`, ({ params }) => {
      const asset = params["*"] !== "index.html" ? assets.get(`/capture-preview/${params["*"]}`) : undefined;
      if (!asset) throw notFound("file");
      return new Response(Bun.file(asset.path), {
        headers: { ...headers, "content-type": asset.type, "cache-control": "public, max-age=31536000, immutable" },
      });
    });
}
