/**
 * The whole reel, played before it is rendered: each clip's span in play order in one player (the recordings as
 * processed, with the edits not yet saved), the clip's words under the picture, and which clip is playing. Intro
 * and outro cards, music and captions are the render's; this is the cut itself.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { Button } from "../../shared/ui/button";
import { mediaUrl, playSpan } from "./span-playback";
import { seconds, type Clip, type Testimonial } from "./types";
import { t } from "../i18n";

/** Props of `SequencePlayer`. */
export interface SequencePlayerProps {
  clips: Clip[];
  testimonials: Map<string, Testimonial>;
}

/** The words a clip holds (its transcript's words within the span), else its stored text. */
export function clipWords(clip: Clip, t: Testimonial | undefined): string {
  const words = t?.transcript?.words ?? [];
  return (
    words
      .filter((w) => w.start_ms >= clip.start_ms && w.end_ms <= clip.end_ms)
      .map((w) => w.text)
      .join(" ") || clip.text
  );
}

/** One player for every clip in order. */
export function SequencePlayer({ clips, testimonials }: SequencePlayerProps) {
  const ref = useRef<HTMLVideoElement>(null);
  const stop = useRef<(() => void) | null>(null);
  const [at, setAt] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const total = clips.reduce((n, c) => n + (c.end_ms - c.start_ms), 0);
  const playable = clips.some((c) => mediaUrl(testimonials.get(c.submission_id)?.media));
  useEffect(() => () => stop.current?.(), []);
  // The clips changed while playing (an edit, a move): start again from the top when asked.
  useEffect(() => stop.current?.(), [JSON.stringify(clips.map((c) => [c.submission_id, c.start_ms, c.end_ms]))]);
  if (!clips.length) return null;

  const playFrom = (i: number) => {
    const el = ref.current;
    if (!el) return;
    const clip = clips[i];
    const url = clip && mediaUrl(testimonials.get(clip.submission_id)?.media);
    if (!clip) {
      stop.current = null;
      setAt(null);
      return;
    }
    if (!url) return playFrom(i + 1);
    // One element for the whole reel: a clip of another recording changes its source.
    if (el.getAttribute("src") !== url) el.src = url;
    setAt(i);
    stop.current = playSpan(el, clip.start_ms, clip.end_ms, (how) => {
      if (how === "ended") return playFrom(i + 1);
      stop.current = null;
      setAt(null);
      if (how === "failed") setFailed(true);
    });
  };
  const current = at === null ? null : clips[at]!;
  return (
    <section class="card sequence-player" aria-labelledby="sequence-title">
      <h2 id="sequence-title">{t("reels.sequence-player.title")}</h2>
      <video
        ref={ref}
        class="sequence-media"
        playsInline
        preload="metadata"
        aria-label={t("reels.sequence-player.media")}
        data-clip={at ?? ""}
      />
      <p class="sequence-words" aria-live="polite">
        {current
          ? t("reels.sequence-player.now", {
              n: at! + 1,
              count: clips.length,
              name: testimonials.get(current.submission_id)?.respondent_name || t("reels.sequence-player.testimonial"),
              words: clipWords(current, testimonials.get(current.submission_id)),
            })
          : t("reels.sequence-player.summary", { count: clips.length, length: seconds(total) })}
      </p>
      <div class="row">
        <Button
          variant="primary"
          small
          disabled={!playable}
          onClick={() => {
            setFailed(false);
            if (stop.current) {
              stop.current();
              return;
            }
            playFrom(0);
          }}
        >
          {at === null ? t("reels.sequence-player.play", { length: seconds(total) }) : t("reels.sequence-player.stop")}
        </Button>
      </div>
      {failed && (
        <p class="small field-error" role="alert">
          {t("reels.sequence-player.failed")}
        </p>
      )}
    </section>
  );
}
