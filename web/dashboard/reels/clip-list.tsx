/**
 * The clips of a reel, in play order, edited as a draft: each on its word timeline with its words, length, who
 * chose it (and the model's reason), its span played in place, moved up or down, or removed; the whole draft plays
 * in order in one player before any render; "Save clips" sends them all, and the server checks every span against
 * its transcript.
 */
import { useEffect, useState } from "preact/hooks";
import { Badge } from "../../shared/ui/badge";
import { Button } from "../../shared/ui/button";
import { ErrorNotice, Notice } from "../../shared/ui/notice";
import { useAction } from "../use-action";
import { ClipTimeline } from "./timeline";
import { ClipPreview } from "./clip-preview";
import { clipWords, SequencePlayer } from "./sequence-player";
import { LIMITS, seconds, SOURCE_LABELS, type Clip, type Testimonial } from "./types";
import { t } from "../i18n";

/** Props of `ClipList`. */
export interface ClipListProps {
  clips: Clip[];
  testimonials: Map<string, Testimonial>;
  onSave: (clips: Clip[]) => Promise<void>;
}

const same = (a: Clip[], b: Clip[]) =>
  JSON.stringify(a.map((c) => [c.submission_id, c.start_ms, c.end_ms])) ===
  JSON.stringify(b.map((c) => [c.submission_id, c.start_ms, c.end_ms]));

function ClipCard({
  clip,
  index,
  count,
  testimonial,
  onChange,
  onMove,
  onRemove,
}: {
  clip: Clip;
  index: number;
  count: number;
  testimonial: Testimonial | undefined;
  onChange: (c: Clip) => void;
  onMove: (dir: -1 | 1) => void;
  onRemove: () => void;
}) {
  const words = testimonial?.transcript?.words ?? [];
  const length = clip.end_ms - clip.start_ms;
  const lengthOk = length >= LIMITS.clipMinMs && length <= LIMITS.clipMaxMs;
  const text = clipWords(clip, testimonial);
  const label = t("reels.clip-list.clip", { n: index + 1 });
  return (
    <li class="card clip-card">
      <div class="clip-head">
        <h3>
          {t("reels.clip-list.clip_title", {
            clip: label,
            name: testimonial?.respondent_name || t("reels.clip-list.testimonial"),
          })}
        </h3>
        <Badge tone={clip.source === "operator" ? "neutral" : "info"}>{SOURCE_LABELS[clip.source]}</Badge>
        <span class={`small ${lengthOk ? "muted" : "field-error"}`}>
          {seconds(length)}
          {!lengthOk && t("reels.clip-list.length_limits")}
        </span>
        <span class="row clip-actions">
          <Button
            small
            disabled={index === 0}
            onClick={() => onMove(-1)}
            aria-label={t("reels.clip-list.earlier", { clip: label })}
          >
            ↑
          </Button>
          <Button
            small
            disabled={index === count - 1}
            onClick={() => onMove(1)}
            aria-label={t("reels.clip-list.later", { clip: label })}
          >
            ↓
          </Button>
          <Button
            small
            variant="ghost"
            onClick={onRemove}
            aria-label={t("reels.clip-list.remove_label", { clip: label })}
          >
            {t("reels.clip-list.remove")}
          </Button>
        </span>
      </div>
      {clip.source === "model" && clip.reason && (
        <p class="small muted clip-reason">{t("reels.clip-list.why", { reason: clip.reason })}</p>
      )}
      <blockquote class="clip-text">{t("reels.clip-list.quote", { text })}</blockquote>
      {words.length && testimonial?.duration_ms ? (
        <ClipTimeline
          label={label}
          words={words}
          durationMs={testimonial.duration_ms}
          start={clip.start_ms}
          end={clip.end_ms}
          onChange={(start_ms, end_ms) => onChange({ ...clip, start_ms, end_ms, source: "operator", reason: null })}
        />
      ) : (
        <p class="muted small">{t("reels.clip-list.loading")}</p>
      )}
      <ClipPreview label={label} testimonial={testimonial} start={clip.start_ms} end={clip.end_ms} />
    </li>
  );
}

/** The editable list of clips. */
export function ClipList({ clips, testimonials, onSave }: ClipListProps) {
  const [draft, setDraft] = useState(clips);
  const { busy, error, run } = useAction((clips: Clip[]) => onSave(clips));
  useEffect(() => setDraft(clips), [clips]);
  const dirty = !same(draft, clips);
  const update = (i: number, c: Clip) => setDraft(draft.map((x, k) => (k === i ? c : x)));
  const moveBy = (i: number, dir: -1 | 1) => {
    const next = [...draft];
    [next[i], next[i + dir]] = [next[i + dir]!, next[i]!];
    setDraft(next);
  };
  return (
    <section aria-labelledby="clips-title">
      <div class="row section-head">
        <h2 id="clips-title">{t("reels.clip-list.title")}</h2>
        {dirty && <Badge tone="warn">{t("reels.clip-list.unsaved")}</Badge>}
        <Button
          variant="primary"
          small
          disabled={!dirty}
          busy={busy}
          busyLabel={t("reels.clip-list.saving")}
          onClick={() => void run(draft)}
        >
          {t("reels.clip-list.save")}
        </Button>
        {dirty && (
          <Button small variant="ghost" onClick={() => setDraft(clips)}>
            {t("reels.clip-list.undo")}
          </Button>
        )}
      </div>
      <ErrorNotice error={error} />
      <SequencePlayer clips={draft} testimonials={testimonials} />
      {draft.length === 0 ? (
        <Notice tone="info" title={t("reels.clip-list.none_title")}>
          <p>{t("reels.clip-list.none_text")}</p>
        </Notice>
      ) : (
        <ol class="clip-list">
          {draft.map((c, i) => (
            <ClipCard
              key={`${c.submission_id}-${i}`}
              clip={c}
              index={i}
              count={draft.length}
              testimonial={testimonials.get(c.submission_id)}
              onChange={(x) => update(i, x)}
              onMove={(dir) => moveBy(i, dir)}
              onRemove={() => setDraft(draft.filter((_, k) => k !== i))}
            />
          ))}
        </ol>
      )}
    </section>
  );
}
