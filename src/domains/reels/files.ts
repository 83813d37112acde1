/**
 * Signed addresses of a render's private files on the CDN address (`{cdn_url}/signed/reels/{token}`, served by
 * cdn-routes.ts), valid one hour: a size to play
 * inline, the same size to download (saved as `<title>-9x16.mp4`), that size's poster, the reel's poster (the
 * first size's), and the WebVTT captions. A token
 * names the render, the file and how to serve it; it stops working when it expires (410) or when a newer render
 * replaced that one (404), since the old files are deleted.
 */
import { eq } from "drizzle-orm";
import type { Deps } from "../../platform/deps";
import { iso } from "../../platform/clock";
import { AppError, notFound } from "../../platform/errors";
import { fileResponse } from "../submissions";
import { aspectSlug, type Aspect } from "../../media/reel/types";
import { REEL_LIMITS, type RenderFiles } from "./model";
import { getRender, type RenderRow } from "./render-state";
import { reels } from "./tables";

const PURPOSE = "reel-file";

/** Path of the signed render files under the CDN address. */
export const REEL_FILES_CDN_PATH = "/signed/reels";
type Disposition = "inline" | "attachment";

/** A file name safe in a Content-Disposition header: the title without path or control characters. */
export function downloadName(title: string, suffix: string): string {
  const base =
    title
      .normalize("NFC")
      .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, "-")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, 80) || "reel";
  return `${base}${suffix}`;
}

/** `Content-Disposition` with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function contentDisposition(kind: Disposition, name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** A signed URL for one file of a render. */
export function signedFileUrl(deps: Deps, renderId: string, file: string, disposition: Disposition): string {
  const exp = Math.floor((deps.clock.now() + REEL_LIMITS.urlTtlMs) / 1000);
  const payload = Buffer.from(`${renderId}:${file}:${disposition === "attachment" ? "a" : "i"}:${exp}`).toString(
    "base64url",
  );
  // The box's own CDN address: a bucket used as the CDN address cannot answer signed addresses.
  return `${deps.config.cdnOriginUrl}${REEL_FILES_CDN_PATH}/${deps.signer.sign(PURPOSE, payload)}`;
}

/** The output object of a render: signed addresses valid one hour. */
export function presentOutput(deps: Deps, render: RenderRow) {
  const f = render.files as RenderFiles;
  const sign = (file: string, d: Disposition) => signedFileUrl(deps, render.id, file, d);
  return {
    render_id: render.id,
    rendered_at: iso(render.finishedAt),
    duration_ms: f.duration_ms,
    expires_at: iso(deps.clock.now() + REEL_LIMITS.urlTtlMs),
    variants: f.variants.map((v) => ({
      aspect_ratio: v.aspect_ratio,
      width: v.width,
      height: v.height,
      bytes: v.bytes,
      url: sign(aspectSlug(v.aspect_ratio as Aspect), "inline"),
      download_url: sign(aspectSlug(v.aspect_ratio as Aspect), "attachment"),
      poster_url: sign(
        f.posters?.[aspectSlug(v.aspect_ratio as Aspect)] ? `poster-${aspectSlug(v.aspect_ratio as Aspect)}` : "poster",
        "inline",
      ),
    })),
    poster_url: sign("poster", "inline"),
    captions_url: sign("captions", "inline"),
    captions_download_url: sign("captions", "attachment"),
    segments: f.segments.map((s) => ({
      ...s,
      start_ms: Math.round(s.start_ms),
      duration_ms: Math.round(s.duration_ms),
    })),
  };
}

/** Serves the file behind a token (range requests supported). */
export async function serveReelFile(deps: Deps, token: string, request: Request): Promise<Response> {
  const payload = deps.signer.verify(PURPOSE, token);
  if (!payload) throw notFound("file");
  const [renderId, file, disp, exp] = Buffer.from(payload, "base64url").toString().split(":");
  if (Number(exp) * 1000 < deps.clock.now())
    throw new AppError("link_expired", 410, "This link expired; read the reel again for fresh links.");
  const render = getRender(deps.db, renderId);
  const reel = render
    ? deps.db.select({ outputRenderId: reels.outputRenderId }).from(reels).where(eq(reels.id, render.reelId)).get()
    : null;
  if (!render?.files || render.status !== "succeeded" || reel?.outputRenderId !== render.id) throw notFound("file");
  const f = render.files;
  const variant = f.variants.find((v) => aspectSlug(v.aspect_ratio as Aspect) === file);
  const sizePoster = file.startsWith("poster-") ? f.posters?.[file.slice("poster-".length)] : undefined;
  const [key, type, suffix] = variant
    ? [variant.key, "video/mp4", `-${file}.mp4`]
    : sizePoster
      ? [sizePoster, "image/jpeg", `-${file}.jpg`]
      : file === "poster"
        ? [f.poster, "image/jpeg", "-poster.jpg"]
        : file === "captions"
          ? [f.captions, "text/vtt; charset=utf-8", ".vtt"]
          : [null, "", ""];
  if (!key) throw notFound("file");
  const headers: Record<string, string> = {
    "cache-control": "private, max-age=600",
    "access-control-allow-origin": "*",
    "cross-origin-resource-policy": "cross-origin",
  };
  if (disp === "a")
    headers["content-disposition"] = contentDisposition("attachment", downloadName(render.snapshot.title, suffix));
  return fileResponse(request, deps, key, type, headers);
}
