/**
 * A clip on its testimonial's word-level timeline: each word a block at its time, the clip's span highlighted, two
 * handles (drag, or arrow keys) that always snap to word edges: the start handle to a word's start, the end handle
 * to a word's end. Below, the transcript: clicking a word moves the nearer edge of the clip to it.
 */
import { useRef, useState } from "preact/hooks";
import { seconds, type Word } from "./types";
import { t } from "../i18n";

/** Props of `ClipTimeline`. */
export interface ClipTimelineProps {
  words: Word[];
  durationMs: number;
  start: number;
  end: number;
  onChange: (start: number, end: number) => void;
  /** Names the clip for screen readers ("Clip 2"). */
  label: string;
}

type Edge = "start" | "end";

/** The visible stretch: the clip and some context either side (fixed while a handle is dragged). */
function windowAround(start: number, end: number, durationMs: number): [number, number] {
  const pad = Math.max(3000, (end - start) * 0.5);
  return [Math.max(0, start - pad), Math.min(durationMs, end + pad)];
}

/** The word edge nearest to `ms` for a handle, keeping the start before the end. */
export function snap(words: Word[], edge: Edge, ms: number, other: number): number | null {
  const candidates =
    edge === "start"
      ? words.map((w) => w.start_ms).filter((t) => t < other)
      : words.map((w) => w.end_ms).filter((t) => t > other);
  if (!candidates.length) return null;
  return candidates.reduce((best, t) => (Math.abs(t - ms) < Math.abs(best - ms) ? t : best), candidates[0]!);
}

/** The next word edge for a handle moved one step by the keyboard. */
function step(words: Word[], edge: Edge, current: number, other: number, dir: -1 | 1): number {
  const edges = (
    edge === "start"
      ? words.map((w) => w.start_ms).filter((t) => t < other)
      : words.map((w) => w.end_ms).filter((t) => t > other)
  ).sort((a, b) => a - b);
  const i = edges.indexOf(current);
  const next = edges[Math.max(0, Math.min(edges.length - 1, (i < 0 ? 0 : i) + dir))];
  return next ?? current;
}

/** The timeline with its handles and the clickable transcript. */
export function ClipTimeline({ words, durationMs, start, end, onChange, label }: ClipTimelineProps) {
  const strip = useRef<HTMLDivElement>(null);
  const [dragWindow, setDragWindow] = useState<[number, number] | null>(null);
  const [from, to] = dragWindow ?? windowAround(start, end, durationMs);
  const span = Math.max(1, to - from);
  const pct = (ms: number) => `${((Math.max(from, Math.min(to, ms)) - from) / span) * 100}%`;
  const wordAt = (ms: number) => words.find((w) => w.start_ms === ms || w.end_ms === ms)?.text ?? "";

  const move = (edge: Edge, ms: number | null) => {
    if (ms === null) return;
    if (edge === "start" && ms !== start) onChange(ms, end);
    if (edge === "end" && ms !== end) onChange(start, ms);
  };
  const fromPointer = (e: PointerEvent) => {
    const rect = strip.current!.getBoundingClientRect();
    return from + ((e.clientX - rect.left) / rect.width) * span;
  };
  const handle = (edge: Edge) => ({
    role: "slider" as const,
    tabIndex: 0,
    class: `tl-handle tl-handle-${edge}`,
    style: { left: pct(edge === "start" ? start : end) },
    "aria-label":
      edge === "start" ? t("reels.timeline.start", { clip: label }) : t("reels.timeline.end", { clip: label }),
    "aria-valuemin": 0,
    "aria-valuemax": durationMs,
    "aria-valuenow": edge === "start" ? start : end,
    "aria-valuetext":
      edge === "start"
        ? t("reels.timeline.before", { time: seconds(start), word: wordAt(start) })
        : t("reels.timeline.after", { time: seconds(end), word: wordAt(end) }),
    onPointerDown: (e: PointerEvent) => {
      (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
      setDragWindow([from, to]);
    },
    onPointerMove: (e: PointerEvent) => {
      if (!(e.currentTarget as HTMLElement).hasPointerCapture(e.pointerId)) return;
      move(edge, snap(words, edge, fromPointer(e), edge === "start" ? end : start));
    },
    onPointerUp: () => setDragWindow(null),
    onKeyDown: (e: KeyboardEvent) => {
      const keys: Record<string, -1 | 1> = { ArrowLeft: -1, ArrowDown: -1, ArrowRight: 1, ArrowUp: 1 };
      const dir = keys[e.key];
      if (!dir) return;
      e.preventDefault();
      move(edge, step(words, edge, edge === "start" ? start : end, edge === "start" ? end : start, dir));
    },
  });

  const pick = (w: Word) => {
    const toStart = Math.abs(w.start_ms - start) <= Math.abs(w.end_ms - end);
    if (toStart && w.start_ms < end) onChange(w.start_ms, end);
    else if (w.end_ms > start) onChange(start, w.end_ms);
    else onChange(w.start_ms, end);
  };

  return (
    <div class="timeline">
      <div class="tl-strip" ref={strip}>
        {words
          .filter((w) => w.end_ms >= from && w.start_ms <= to)
          .map((w) => (
            <span
              key={`${w.start_ms}-${w.text}`}
              class={`tl-word${w.start_ms >= start && w.end_ms <= end ? " tl-in" : ""}`}
              style={{ left: pct(w.start_ms), width: `calc(${pct(w.end_ms)} - ${pct(w.start_ms)})` }}
              title={t("reels.timeline.word", { word: w.text, time: seconds(w.start_ms) })}
              aria-hidden="true"
            />
          ))}
        <span
          class="tl-span"
          style={{ left: pct(start), width: `calc(${pct(end)} - ${pct(start)})` }}
          aria-hidden="true"
        />
        <div {...handle("start")} />
        <div {...handle("end")} />
      </div>
      <div class="tl-scale muted small" aria-hidden="true">
        <span>{seconds(from)}</span>
        <span>{seconds(to)}</span>
      </div>
      <div class="tl-words" role="group" aria-label={t("reels.timeline.words", { clip: label })}>
        {words.map((w) => (
          <button
            type="button"
            key={`${w.start_ms}-${w.text}`}
            class={`tl-chip${w.start_ms >= start && w.end_ms <= end ? " tl-in" : ""}`}
            onClick={() => pick(w)}
          >
            {w.text}
          </button>
        ))}
      </div>
    </div>
  );
}
