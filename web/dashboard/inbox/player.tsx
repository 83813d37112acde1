/**
 * The recording: a video with its poster and a captions track, or an audio player. Media addresses are signed
 * and expire; a fresh copy of the testimonial brings new addresses, which would restart playback, so the player
 * keeps the first ones until the person asks for a reload (or the recording appears after processing).
 */
import { useRef, useState } from "preact/hooks";
import { Button } from "../../shared/ui/button";
import { Notice } from "../../shared/ui/notice";
import { displayName } from "./status";
import type { SubmissionDetail } from "./types";
import { t } from "../i18n";

type Media = SubmissionDetail["media"];

/** The media addresses to play: kept for one testimonial and one `generation`, taken anew when the recording first appears. */
export function useStableMedia(d: SubmissionDetail, generation: number): Media {
  const ref = useRef<{ key: string; media: Media } | null>(null);
  const key = `${d.id}:${generation}`;
  const playable = (m: Media) => !!(m.video || m.audio);
  if (!ref.current || ref.current.key !== key || (!playable(ref.current.media) && playable(d.media)))
    ref.current = { key, media: d.media };
  return ref.current.media;
}

/** Props of `Player`. */
export interface PlayerProps {
  detail: SubmissionDetail;
  media: Media;
  /** Receives the media element (for the transcript to follow), or null when it goes away. */
  onMedia: (el: HTMLMediaElement | null) => void;
  /** Asks for fresh addresses (after they expired). */
  onReload: () => void;
}

/** Video or audio player; nothing when the testimonial has no playable recording. */
export function Player({ detail, media, onMedia, onReload }: PlayerProps) {
  const [failed, setFailed] = useState(false);
  const name = displayName(detail);
  const onError = () => setFailed(true);
  const lang = (detail.transcript?.language ?? detail.language ?? "en").slice(0, 2);
  const broken = failed && (
    <Notice tone="warning" title={t("inbox.player.failed_title")}>
      <p>{t("inbox.player.failed_text")}</p>
      <Button small onClick={onReload}>
        {t("inbox.player.reload")}
      </Button>
    </Notice>
  );
  if (detail.kind === "video" && media.video) {
    return (
      <figure class="player">
        <video
          ref={onMedia}
          class="player-video"
          controls
          playsInline
          preload="metadata"
          crossOrigin="anonymous"
          src={media.video.url}
          poster={media.poster?.url}
          aria-label={t("inbox.player.video", { name })}
          onError={onError}
        >
          {media.captions && (
            <track kind="captions" src={media.captions.url} srcLang={lang} label={t("inbox.player.captions")} default />
          )}
        </video>
        {broken}
      </figure>
    );
  }
  if (media.audio) {
    return (
      <figure class="player">
        <audio
          ref={onMedia}
          class="player-audio"
          controls
          preload="metadata"
          crossOrigin="anonymous"
          src={media.audio.url}
          aria-label={t("inbox.player.audio", { name })}
          onError={onError}
        />
        {broken}
      </figure>
    );
  }
  return null;
}
