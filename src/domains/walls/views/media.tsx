/**
 * A testimonial's recording. Video: the poster inside a link to the file, so nothing but the (lazy) poster loads
 * until play; the page's script turns the click into an inline player with captions, and without JavaScript the
 * link plays the file itself. Audio: a "Listen" link to the file with the recording's length (known from the
 * database, so it reads right before anything loads); the script turns the click into the native player, which
 * starts at once and shows its own length and progress. Nothing of a recording loads until play.
 */
import type { Words } from "../../../platform/i18n/server-words";
import type { WallItem } from "../wall-data";
import { clock, langTag, spokenLength } from "./format";

/** Box shape of a recording, from its size: portrait phone videos get a taller box. */
function shape(width: number | null, height: number | null): string {
  if (!width || !height) return "";
  if (height > width * 1.1) return "portrait";
  return width > height * 1.1 ? "" : "square";
}

/** Width of the published thumbnail and the box the full poster fits in (src/media/poster.ts). */
const THUMB_WIDTH = 320;
const POSTER_BOX = 1280;

/** `srcset` offering the thumbnail and the full poster, so small screens fetch the small file. */
function posterSet(w: WallItem): string | undefined {
  if (!w.thumbUrl || !w.item.poster_url) return undefined;
  const full =
    w.width && w.height ? Math.round(w.width * Math.min(1, POSTER_BOX / Math.max(w.width, w.height))) : POSTER_BOX;
  return `${w.thumbUrl} ${THUMB_WIDTH}w, ${w.item.poster_url} ${full}w`;
}

/**
 * Video poster link or audio player of a testimonial; nothing for a written one. `eager` for the first cards of
 * a page; `sizes` is how wide the card's media is drawn.
 */
export function Media({
  w,
  who,
  eager,
  sizes,
  words,
}: {
  w: WallItem;
  who: string;
  eager: boolean;
  sizes: string;
  words: Words;
}) {
  const { item } = w;
  const length = item.duration_ms ? item.duration_ms : null;
  const said = (key: string) => words.t(key, { name: who }) + (length ? `, ${spokenLength(length, words)}` : "");
  if (item.kind === "video" && item.video_url) {
    const cls = `play ${shape(w.width, w.height)}`.trim();
    return (
      <a
        class={cls}
        href={item.video_url}
        data-video=""
        data-poster={item.poster_url ?? undefined}
        data-captions={w.captionsUrl ?? undefined}
        data-lang={langTag(item.language)}
        data-label={words.t("media.video_label", { name: who })}
      >
        {item.poster_url ? (
          <img
            src={item.poster_url}
            srcset={posterSet(w)}
            sizes={posterSet(w) ? sizes : undefined}
            alt=""
            width={w.width ?? 640}
            height={w.height ?? 360}
            loading={eager ? "eager" : "lazy"}
            decoding="async"
            fetchpriority={eager ? "high" : undefined}
          />
        ) : null}
        <span class="icon" aria-hidden="true">
          ▶
        </span>
        {length ? (
          <span class="length" aria-hidden="true">
            {clock(length)}
          </span>
        ) : null}
        <span class="vh">{said(words.t("media.play_video", { name: who }))}</span>
      </a>
    );
  }
  if (item.kind === "audio" && item.audio_url) {
    return (
      <a class="listen" href={item.audio_url} data-audio="" data-label={words.t("media.audio_label", { name: who })}>
        <span class="icon" aria-hidden="true">
          ▶
        </span>
        <span aria-hidden="true">{words.t("media.listen")}</span>
        {length ? (
          <span class="length" aria-hidden="true">
            {clock(length)}
          </span>
        ) : null}
        <span class="vh">{said(words.t("media.play_audio", { name: who }))}</span>
      </a>
    );
  }
  return null;
}
