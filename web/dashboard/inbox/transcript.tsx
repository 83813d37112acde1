/**
 * The transcript beside the player: the word being said is highlighted as the recording plays (followed on each
 * animation frame, since `timeupdate` comes only a few times a second), a word chosen plays from there, word
 * timings can be shown, and a corrected transcript says so and keeps the machine's original at hand. A machine
 * draft nobody has checked says so, and can be confirmed as it is ("The words are right") or corrected.
 */
import { useEffect, useId, useRef, useState } from "preact/hooks";
import { formatDateTime } from "../../shared/format";
import { Badge } from "../../shared/ui/badge";
import { Button } from "../../shared/ui/button";
import type { Transcript, Word } from "./types";
import { formatTiming, wordAt } from "./words";
import { t } from "../i18n";

/** Below this confidence a word is shown as unsure (the API's rule, src/domains/submissions/present.ts). */
const UNSURE_BELOW = 0.5;

/** The index of the word being said in `media` (-1 for none), updated while it plays. */
export function useActiveWord(media: HTMLMediaElement | null, words: readonly Word[]): number {
  const [active, setActive] = useState(-1);
  const last = useRef(-1);
  useEffect(() => {
    if (!media) return;
    let frame = 0;
    const update = () => {
      const i = wordAt(words, media.currentTime * 1000);
      if (i !== last.current) {
        last.current = i;
        setActive(i);
      }
    };
    const loop = () => {
      update();
      frame = requestAnimationFrame(loop);
    };
    const start = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(loop);
    };
    const stop = () => {
      cancelAnimationFrame(frame);
      update();
    };
    const events: [string, () => void][] = [
      ["play", start],
      ["pause", stop],
      ["ended", stop],
      ["seeked", update],
      ["timeupdate", update],
    ];
    for (const [name, fn] of events) media.addEventListener(name, fn);
    if (media.paused) update();
    else start();
    return () => {
      cancelAnimationFrame(frame);
      for (const [name, fn] of events) media.removeEventListener(name, fn);
    };
  }, [media, words]);
  return active;
}

/** Props of `TranscriptView`. */
export interface TranscriptViewProps {
  transcript: Transcript;
  media: HTMLMediaElement | null;
  /** Shows the "Edit transcript" button when given. */
  onEdit?: () => void;
  /** Shows "The words are right" on a draft when given: confirms the words as they are. */
  onConfirm?: () => void;
  /** The confirmation is under way. */
  confirming?: boolean;
  /** Word timings shown from the start (right after a correction, to show the new timings). */
  showTimings?: boolean;
}

/** The words, following playback. */
export function TranscriptView({
  transcript,
  media,
  onEdit,
  onConfirm,
  confirming = false,
  showTimings = false,
}: TranscriptViewProps) {
  const active = useActiveWord(media, transcript.words);
  const [timings, setTimings] = useState(showTimings);
  const [original, setOriginal] = useState(false);
  const [focusIdx, setFocusIdx] = useState(0);
  const wordsRef = useRef<HTMLDivElement>(null);
  const id = useId();
  useEffect(() => setTimings(showTimings), [showTimings]);

  const seek = (w: Word) => {
    if (!media) return;
    media.currentTime = w.start_ms / 1000;
    void media.play().catch(() => {
      // Playback refused (no sound allowed yet): the position still moved.
    });
  };
  const moveFocus = (e: KeyboardEvent, i: number) => {
    const last = transcript.words.length - 1;
    const next =
      e.key === "ArrowRight"
        ? Math.min(last, i + 1)
        : e.key === "ArrowLeft"
          ? Math.max(0, i - 1)
          : e.key === "Home"
            ? 0
            : e.key === "End"
              ? last
              : -1;
    if (next < 0) return;
    e.preventDefault();
    setFocusIdx(next);
    wordsRef.current?.querySelectorAll<HTMLElement>(".word")[next]?.focus();
  };

  return (
    <section class="transcript" aria-labelledby={`${id}-h`}>
      <div class="transcript-head">
        <h3 id={`${id}-h`}>{t("inbox.transcript.title")}</h3>
        {transcript.edited && <Badge tone="info">{t("inbox.transcript.edited")}</Badge>}
        {transcript.draft && <Badge tone="warn">{t("inbox.transcript.draft")}</Badge>}
        {transcript.edited && <span class="muted small">{formatDateTime(transcript.edited_at)}</span>}
        <span class="transcript-tools">
          <label class="check transcript-timings">
            <input type="checkbox" checked={timings} onChange={(e) => setTimings(e.currentTarget.checked)} />
            <span>{t("inbox.transcript.timings")}</span>
          </label>
          {onEdit && (
            <Button small onClick={onEdit}>
              {t("inbox.transcript.edit")}
            </Button>
          )}
          {onConfirm && transcript.draft && transcript.words.length > 0 && (
            <Button small busy={confirming} busyLabel={t("inbox.transcript.saving")} onClick={onConfirm}>
              {t("inbox.transcript.confirm")}
            </Button>
          )}
        </span>
      </div>
      {transcript.draft && transcript.words.length > 0 && (
        <p class="transcript-draft-note small">
          {t("inbox.transcript.draft_note", { engine: transcript.engine ?? "" })}
          {transcript.unsure_words > 0 && t("inbox.transcript.unsure_note")}
        </p>
      )}
      {transcript.words.length === 0 ? (
        <p class="muted">{t("inbox.transcript.no_words")}</p>
      ) : (
        <div
          ref={wordsRef}
          class={`transcript-words${timings ? " transcript-words-timed" : ""}`}
          role="group"
          aria-label={media ? t("inbox.transcript.words_playable") : t("inbox.transcript.words")}
        >
          {transcript.words.map((w, i) => (
            <span key={`${i}:${w.start_ms}`}>
              <button
                type="button"
                class={`word${i === active ? " word-active" : ""}${!transcript.edited && w.confidence !== undefined && w.confidence < UNSURE_BELOW ? " word-unsure" : ""}`}
                title={
                  !transcript.edited && w.confidence !== undefined && w.confidence < UNSURE_BELOW
                    ? t("inbox.transcript.unsure")
                    : undefined
                }
                tabIndex={i === focusIdx ? 0 : -1}
                aria-current={i === active ? "true" : undefined}
                disabled={!media}
                onClick={() => seek(w)}
                onFocus={() => setFocusIdx(i)}
                onKeyDown={(e) => moveFocus(e, i)}
                data-start={w.start_ms}
              >
                {w.text}
                {timings && <span class="word-time">{formatTiming(w.start_ms)}</span>}
              </button>{" "}
            </span>
          ))}
        </div>
      )}
      {transcript.edited && (
        <div class="transcript-original">
          <Button
            variant="ghost"
            small
            aria-expanded={original}
            aria-controls={`${id}-orig`}
            onClick={() => setOriginal(!original)}
          >
            {original ? t("inbox.transcript.hide_original") : t("inbox.transcript.show_original")}
          </Button>
          {original && (
            <div id={`${id}-orig`} class="transcript-original-text">
              <p class="small muted">{t("inbox.transcript.original_note", { engine: transcript.engine ?? "" })}</p>
              <p>{transcript.original_text}</p>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
