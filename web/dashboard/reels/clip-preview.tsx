/**
 * A clip's span, played in place: the processed recording (video, or its sound) from the clip's start to its end,
 * with the edits not yet saved, so the cut is heard before anything is rendered. Moving a handle shows the new
 * start's frame.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { Button } from "../../shared/ui/button";
import { mediaUrl, playSpan } from "./span-playback";
import { seconds, type Testimonial } from "./types";
import { t } from "../i18n";

/** Props of `ClipPreview`. */
export interface ClipPreviewProps {
  label: string;
  testimonial: Testimonial | undefined;
  start: number;
  end: number;
}

/** The player of one clip's span; nothing until its testimonial's media addresses are known. */
export function ClipPreview({ label, testimonial, start, end }: ClipPreviewProps) {
  const ref = useRef<HTMLVideoElement>(null);
  const stop = useRef<(() => void) | null>(null);
  const [playing, setPlaying] = useState(false);
  const [failed, setFailed] = useState(false);
  const url = mediaUrl(testimonial?.media);
  // Show the span's first frame, and follow the start handle (a span played to its end stays on its last frame).
  useEffect(() => {
    const el = ref.current;
    if (!el || stop.current) return;
    const show = () => (el.currentTime = start / 1000);
    if (el.readyState >= HTMLMediaElement.HAVE_METADATA) show();
    else el.addEventListener("loadedmetadata", show, { once: true });
  }, [start, url]);
  useEffect(() => () => stop.current?.(), []);
  if (!url) return null;
  const toggle = () => {
    if (playing) return stop.current?.();
    setFailed(false);
    setPlaying(true);
    stop.current = playSpan(ref.current!, start, end, (how) => {
      stop.current = null;
      setPlaying(false);
      if (how === "failed") setFailed(true);
    });
  };
  return (
    <div class="clip-preview">
      <video
        ref={ref}
        class={testimonial?.kind === "audio" ? "clip-preview-media clip-preview-audio" : "clip-preview-media"}
        src={url}
        poster={testimonial?.kind === "video" ? testimonial.media?.poster?.url : undefined}
        preload="metadata"
        playsInline
        aria-label={t("reels.clip-preview.media", { clip: label, length: seconds(end - start) })}
        data-start={start}
        data-end={end}
      />
      <div class="clip-preview-actions">
        <Button
          small
          onClick={toggle}
          aria-label={
            playing
              ? t("reels.clip-preview.stop_label", { clip: label })
              : t("reels.clip-preview.play_label", { clip: label })
          }
        >
          {playing ? t("reels.clip-preview.stop") : t("reels.clip-preview.play", { length: seconds(end - start) })}
        </Button>
        {failed && (
          <span class="small field-error" role="alert">
            {t("reels.clip-preview.failed")}
          </span>
        )}
      </div>
    </div>
  );
}
