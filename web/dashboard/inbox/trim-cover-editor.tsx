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
    ? `Kept ${clock(trim.start_ms)}–${clock(trim.end_ms)} (${clock(trim.end_ms - trim.start_ms)} of ${clock(total)}).`
    : "The full recording is shown.";
  const cover =
    d.kind === "video"
      ? e?.applied_cover_ms != null
        ? ` Cover frame at ${clock(e.applied_cover_ms)}.`
        : " Cover: a frame near the start."
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
        <h3 id="trim-cover-title">Trim and cover</h3>
        <div class="transcript-tools">
          {!open && (
            <Button small onClick={() => setOpen(true)}>
              Edit trim and cover
            </Button>
          )}
        </div>
      </div>
      <p class="small muted">{summary(d)} The original recording is always kept.</p>
      {e?.state === "processing" && (
        <div class="status-panel" role="status">
          <p class="status-panel-title">Making the trimmed copy and the cover… {e.progress}%</p>
          <progress class="progress-stage" max={100} value={e.progress} aria-label="Trim and cover progress" />
        </div>
      )}
      {e?.state === "failed" && (
        <Notice tone="warning" title="The trim and cover could not be made.">
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
        body.trim || body.cover_ms !== null ? "Saved: making the copies" : "Back to the full recording",
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
        if (snapped.end_ms - snapped.start_ms < 1000) return save.fail("Keep at least one second of the recording.");
        if (coverOutside) return save.fail("Choose a cover frame inside the part you keep.");
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
            aria-label="The full recording"
          />
        ) : (
          <audio ref={setPlayer} class="player-audio" controls preload="metadata" src={d.media.full.url} />
        ))}
      <div class="trim-edges">
        {(["start", "end"] as const).map((which) => (
          <label key={which} class="trim-edge">
            <span>{which === "start" ? "Start (s)" : "End (s)"}</span>
            <input
              type="number"
              min={0}
              max={seconds(total)}
              step={0.1}
              value={seconds(which === "start" ? span.start_ms : span.end_ms)}
              onChange={(ev) => setEdgeMs(which, Math.round(Number(ev.currentTarget.value) * 1000))}
            />
            <Button small type="button" onClick={() => fromPlayer(which)} disabled={!player}>
              {which === "start" ? "Start here" : "End here"}
            </Button>
          </label>
        ))}
      </div>
      <p class="small">
        Kept, snapped to whole words: <strong>{clock(snapped.start_ms)}</strong> to{" "}
        <strong>{clock(snapped.end_ms)}</strong> ({clock(snapped.end_ms - snapped.start_ms)} of {clock(total)}).
      </p>
      {words.length > 0 && (
        <fieldset class="trim-words">
          <legend>
            Click a word to set the{" "}
            <select
              aria-label="Which edge a click sets"
              value={edge}
              onChange={(ev) => setEdge(ev.currentTarget.value as "start" | "end")}
            >
              <option value="start">start</option>
              <option value="end">end</option>
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
          <legend>Cover frame {cover !== null ? `at ${clock(cover)}` : "(a frame near the start)"}</legend>
          <ErrorNotice error={strip.error} title="The frames could not be made." />
          {!frames && strip.busy && <p class="small muted">Taking frames from the video…</p>}
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
                  title={inside ? `Use the frame at ${clock(f.time_ms)}` : "Outside the part kept"}
                  onClick={() => setCover(f.time_ms)}
                >
                  <img src={f.url} alt={`Frame at ${clock(f.time_ms)}`} width={120} loading="lazy" />
                  <span>{clock(f.time_ms)}</span>
                </button>
              );
            })}
          </div>
          {cover !== null && (
            <Button small type="button" variant="ghost" onClick={() => setCover(null)}>
              Use a frame near the start
            </Button>
          )}
        </fieldset>
      )}
      <ErrorNotice error={save.error} title="The trim and cover were not saved." />
      <div class="row">
        <Button type="submit" variant="primary" busy={save.busy} busyLabel="Saving…">
          Save trim and cover
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
          Reset to the full recording
        </Button>
        <Button type="button" variant="ghost" onClick={onClose} disabled={save.busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
