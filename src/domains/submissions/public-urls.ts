/** Public addresses of a testimonial's published copies on the CDN. */
import type { PublicMedia } from "./tables";

/** Public URLs of published copies, by variant (null when nothing is published). */
export function publicMediaUrls(cdnUrl: string, media: PublicMedia | null) {
  if (!media) return null;
  const url = (k?: string) => (k ? `${cdnUrl}/${k}` : null);
  return {
    video_url: url(media.files.video),
    audio_url: url(media.files.audio),
    poster_url: url(media.files.poster),
    thumbnail_url: url(media.files.thumbnail),
    captions_url: url(media.files.captions),
    avatar_url: url(media.files.avatar),
  };
}
