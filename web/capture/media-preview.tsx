/**
 * Plays back a recording or chosen file. Chromium's MediaRecorder writes WebM without a duration, which makes
 * the player's seek bar useless; seeking far past the end once makes the browser work the length out.
 */
import { useEffect, useRef } from "preact/hooks";
import type { MediaAnswer } from "./types";

/** A player for the answer, labelled for screen readers. */
export function MediaPreview({ answer, label }: { answer: MediaAnswer; label: string }) {
  const ref = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const fix = () => {
      if (el.duration !== Infinity) return;
      const back = () => {
        if (el.duration === Infinity) return;
        el.removeEventListener("durationchange", back);
        el.currentTime = 0;
      };
      el.addEventListener("durationchange", back);
      el.currentTime = 1e101;
    };
    el.addEventListener("loadedmetadata", fix);
    // A blob's metadata can load before this effect runs (a quick retake): then the event has already passed.
    if (el.readyState >= HTMLMediaElement.HAVE_METADATA) fix();
    return () => el.removeEventListener("loadedmetadata", fix);
  }, [answer.url]);
  return answer.kind === "video" ? (
    <video
      ref={ref}
      class="player"
      src={answer.url}
      controls
      playsInline
      preload="metadata"
      aria-label={label}
      data-testid="preview"
    />
  ) : (
    <audio
      ref={ref}
      class="player player-audio"
      src={answer.url}
      controls
      preload="metadata"
      aria-label={label}
      data-testid="preview"
    />
  );
}
