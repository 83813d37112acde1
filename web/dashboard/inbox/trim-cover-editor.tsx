/**
 * "Trim and cover" of a recording: the full recording in a player, the part to keep chosen with start and end (set
 * from the player's time, typed, or by clicking a word) and snapped to whole words as the server will, the words
 * kept shown, a filmstrip to click a video's cover frame, Save with the job's progress until the copies are made, and
 * Reset to the full recording. Errors come through `useAction` in words.
 */
import { useEffect, useState } from "preact/hooks";
import { Button } from "../../shared/ui/button";
import { ErrorNotice, Notice } from "../../shared/ui/notice";
import { api } from "../api";
import { useAction } from "../use-action";
import { clock, snapSpan, type Span } from "./trim-snap";
import type { SubmissionDetail } from "./types";
import { t, rich, tag } from "../i18n";

interface Frame {
  index: number;
  time_ms: number;
  url: string;
}

/** Props of `TrimCoverEditor`. */
export interface TrimCoverEditorProps {
  d: SubmissionDetail;
  /** The fresh testimonial after a save, and while the job runs. */
  onChanged: (d: SubmissionDetail) => void;
  /** The copies are made: the player takes the new addresses. */
  onDone: () => void;
}

const path = (id: string) => `/v1/submissions/${encodeURIComponent(id)}`;

/** Reads the testimonial again every second while its trim and cover are being made. */
function useEditPoll(d: SubmissionDetail, onChanged: (d: SubmissionDetail) => void, onDone: () => void) {
  const processing = d.edit?.state === "processing";
  useEffect(() => {
    if (!processing) return;
    let stopped = false;
    const timer = setInterval(async () => {
      const fresh = await api.get<SubmissionDetail>(path(d.id)).catch(() => null);
      if (stopped || !fresh) return;
      onChanged(fresh);
      if (fresh.edit?.state !== "processing") {
        stopped = true;
        clearInterval(timer);
        onDone();
      }
    }, 1000);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [d.id, processing]);
}

/** What is kept and which cover, in a sentence. */
function summary(d: SubmissionDetail): string {
  const e = d.edit;
  const total = d.duration_ms ?? 0;
  const trim = e?.applied_trim;
  const kept = trim
    ? t("inbox.trim-cover-editor.kept", {
        start: clock(trim.start_ms),
        end: clock(trim.end_ms),
        length: clock(trim.end_ms - trim.start_ms),
        total: clock(total),
      })
    : t("inbox.trim-cover-editor.full");
  const cover =
    d.kind === "video"
      ? e?.applied_cover_ms != null
        ? t("inbox.trim-cover-editor.cover_at", { time: clock(e.applied_cover_ms) })
        : t("inbox.trim-cover-editor.cover_default")
      : "";
  return kept + cover;
}

/** The trim-and-cover section of a processed recording. */
export function TrimCoverEditor({ d, onChanged, onDone }: TrimCoverEditorProps) {
  const [open, setOpen] = useState(false);
  useEditPoll(d, onChanged, onDone);
  if ((d.kind !== "video" && d.kind !== "audio") || d.status !== "ready" || !d.duration_ms) return null;
  const e = d.edit;
  return (
    <section class="trim-cover" aria-labelledby="trim-cover-title">
      <div class="transcript-head">
        <h3 id="trim-cover-title">{t("inbox.trim-cover-editor.title")}</h3>
        <div class="transcript-tools">
          {!open && (
            <Button small onClick={() => setOpen(true)}>
              {t("inbox.trim-cover-editor.edit")}
            </Button>
          )}
        </div>
      </div>
      <p class="small muted">{t("inbox.trim-cover-editor.summary", { summary: summary(d) })}</p>
      {e?.state === "processing" && (
        <div class="status-panel" role="status">
          <p class="status-panel-title">{t("inbox.trim-cover-editor.making", { progress: e.progress })}</p>
          <progress
            class="progress-stage"
            max={100}
            value={e.progress}
            aria-label={t("inbox.trim-cover-editor.progress")}
          />
        </div>
      )}
      {e?.state === "failed" && (
        <Notice tone="warning" title={t("inbox.trim-cover-editor.failed")}>
          <p>{e.error}</p>
        </Notice>
      )}
      {open && <EditorForm d={d} onChanged={onChanged} onClose={() => setOpen(false)} />}
    </section>
  );
}

function EditorForm({
  d,
  onChanged,
  onClose,
}: {
  d: SubmissionDetail;
  onChanged: (d: SubmissionDetail) => void;
  onClose: () => void;
}) {
  const total = d.duration_ms ?? 0;
  const words = d.transcript?.words ?? [];
  const [span, setSpan] = useState<Span>(d.edit?.trim ?? { start_ms: 0, end_ms: total });
  const [cover, setCover] = useState<number | null>(d.edit?.cover_ms ?? null);
  const [edge, setEdge] = useState<"start" | "end">("start");
  const [player, setPlayer] = useState<HTMLMediaElement | null>(null);
  const [frames, setFrames] = useState<Frame[] | null>(null);
  const strip = useAction(async () =>
    setFrames((await api.get<{ frames: Frame[] }>(`${path(d.id)}/filmstrip`, { timeoutMs: 120_000 })).frames),
  );
  useEffect(() => {
    if (d.kind === "video") void strip.run();
  }, [d.id]);

  const whole = span.start_ms <= 0 && span.end_ms >= total;
  const snapped = whole ? span : snapSpan(words, span);
  const save = useAction(
    async (body: { trim: Span | null; cover_ms: number | null }) => {
      onChanged(await api.put<SubmissionDetail>(`${path(d.id)}/edit`, body));
      onClose();
    },
    {
      success: (_r, body) =>
        body.trim || body.cover_ms !== null
          ? t("inbox.trim-cover-editor.saved")
          : t("inbox.trim-cover-editor.reset_done"),
    },
  );
  const seconds = (ms: number) => (ms / 1000).toFixed(1);
  const setEdgeMs = (which: "start" | "end", ms: number) =>
    setSpan((s) => (which === "start" ? { ...s, start_ms: Math.max(0, ms) } : { ...s, end_ms: Math.min(total, ms) }));
  const fromPlayer = (which: "start" | "end") => player && setEdgeMs(which, Math.round(player.currentTime * 1000));
  const coverOutside = cover !== null && (cover < snapped.start_ms || cover > snapped.end_ms);

  return (
    <form
      class="trim-editor card"
      onSubmit={(ev) => {
        ev.preventDefault();
        if (snapped.end_ms - snapped.start_ms < 1000) return save.fail(t("inbox.trim-cover-editor.too_short"));
        if (coverOutside) return save.fail(t("inbox.trim-cover-editor.cover_outside"));
        void save.run({ trim: whole ? null : snapped, cover_ms: cover });
      }}
    >
      {d.media.full &&
        (d.kind === "video" ? (
          <video
            ref={setPlayer}
            class="player-video"
            controls
            playsInline
            preload="metadata"
            crossOrigin="anonymous"
            src={d.media.full.url}
            aria-label={t("inbox.trim-cover-editor.full_recording")}
          />
        ) : (
          <audio ref={setPlayer} class="player-audio" controls preload="metadata" src={d.media.full.url} />
        ))}
      <div class="trim-edges">
        {(["start", "end"] as const).map((which) => (
          <label key={which} class="trim-edge">
            <span>{which === "start" ? t("inbox.trim-cover-editor.start_s") : t("inbox.trim-cover-editor.end_s")}</span>
            <input
              type="number"
              min={0}
              max={seconds(total)}
              step={0.1}
              value={seconds(which === "start" ? span.start_ms : span.end_ms)}
              onChange={(ev) => setEdgeMs(which, Math.round(Number(ev.currentTarget.value) * 1000))}
            />
            <Button small type="button" onClick={() => fromPlayer(which)} disabled={!player}>
              {which === "start" ? t("inbox.trim-cover-editor.start_here") : t("inbox.trim-cover-editor.end_here")}
            </Button>
          </label>
        ))}
      </div>
      <p class="small">
        {rich("inbox.trim-cover-editor.snapped", {
          start: clock(snapped.start_ms),
          end: clock(snapped.end_ms),
          length: clock(snapped.end_ms - snapped.start_ms),
          total: clock(total),
          strong: tag("strong"),
        })}
      </p>
      {words.length > 0 && (
        <fieldset class="trim-words">
          <legend>
            {t("inbox.trim-cover-editor.click_word")}{" "}
            <select
              aria-label={t("inbox.trim-cover-editor.which_edge")}
              value={edge}
              onChange={(ev) => setEdge(ev.currentTarget.value as "start" | "end")}
            >
              <option value="start">{t("inbox.trim-cover-editor.edge_start")}</option>
              <option value="end">{t("inbox.trim-cover-editor.edge_end")}</option>
            </select>
          </legend>
          <p class="transcript-words">
            {words.map((w, i) => {
              const kept = w.start_ms >= snapped.start_ms && w.end_ms <= snapped.end_ms;
              return (
                <button
                  key={i}
                  type="button"
                  class={`word${kept ? " word-kept" : " word-cut"}`}
                  title={`${clock(w.start_ms)}–${clock(w.end_ms)}`}
                  onClick={() => (edge === "start" ? setEdgeMs("start", w.start_ms) : setEdgeMs("end", w.end_ms))}
                >
                  {w.text}
                </button>
              );
            })}
          </p>
        </fieldset>
      )}
      {d.kind === "video" && (
        <fieldset class="filmstrip">
          <legend>
            {cover !== null
              ? t("inbox.trim-cover-editor.cover_frame_at", { time: clock(cover) })
              : t("inbox.trim-cover-editor.cover_frame_default")}
          </legend>
          <ErrorNotice error={strip.error} title={t("inbox.trim-cover-editor.frames_failed")} />
          {!frames && strip.busy && <p class="small muted">{t("inbox.trim-cover-editor.taking_frames")}</p>}
          <div class="filmstrip-frames">
            {frames?.map((f) => {
              const inside = f.time_ms >= snapped.start_ms && f.time_ms <= snapped.end_ms;
              return (
                <button
                  key={f.index}
                  type="button"
                  class="filmstrip-frame"
                  aria-pressed={cover === f.time_ms}
                  disabled={!inside}
                  title={
                    inside
                      ? t("inbox.trim-cover-editor.use_frame", { time: clock(f.time_ms) })
                      : t("inbox.trim-cover-editor.outside")
                  }
                  onClick={() => setCover(f.time_ms)}
                >
                  <img
                    src={f.url}
                    alt={t("inbox.trim-cover-editor.frame_alt", { time: clock(f.time_ms) })}
                    width={120}
                    loading="lazy"
                  />
                  <span>{clock(f.time_ms)}</span>
                </button>
              );
            })}
          </div>
          {cover !== null && (
            <Button small type="button" variant="ghost" onClick={() => setCover(null)}>
              {t("inbox.trim-cover-editor.use_default")}
            </Button>
          )}
        </fieldset>
      )}
      <ErrorNotice error={save.error} title={t("inbox.trim-cover-editor.not_saved")} />
      <div class="row">
        <Button type="submit" variant="primary" busy={save.busy} busyLabel={t("inbox.trim-cover-editor.saving")}>
          {t("inbox.trim-cover-editor.save")}
        </Button>
        <Button
          type="button"
          onClick={() => {
            setSpan({ start_ms: 0, end_ms: total });
            setCover(null);
            void save.run({ trim: null, cover_ms: null });
          }}
          disabled={save.busy || !d.edit}
        >
          {t("inbox.trim-cover-editor.reset")}
        </Button>
        <Button type="button" variant="ghost" onClick={onClose} disabled={save.busy}>
          {t("inbox.trim-cover-editor.cancel")}
        </Button>
      </div>
    </form>
  );
}
