/**
 * The progress of a recording on its way to the inbox, as the detail answer tells it (`upload` while it arrives,
 * `processing` once it has): the stages in order with the current one named (uploading, waiting its turn,
 * converting, making the poster, writing down the words, finishing), a bar that fills where the stage's tool says how
 * far it is (and moves otherwise), and the time left as the server estimates it at this box's pace.
 */
import { uploadShare } from "./status";
import type { SubmissionDetail } from "./types";
import { t } from "../i18n";

type Stage = NonNullable<SubmissionDetail["processing"]>["stage"];

/** The stages as people read them, in order. */
const STAGES: { key: "uploading" | Stage; label: string }[] = [
  { key: "uploading", label: t("inbox.processing-progress.uploading") },
  { key: "waiting", label: t("inbox.processing-progress.waiting") },
  { key: "converting", label: t("inbox.processing-progress.converting") },
  { key: "poster", label: t("inbox.processing-progress.poster") },
  { key: "transcribing", label: t("inbox.processing-progress.transcribing") },
  { key: "finishing", label: t("inbox.processing-progress.finishing") },
];

/** "about 40 s left", "about 3 min left", "a few seconds left". */
export function timeLeft(ms: number | null | undefined): string | null {
  if (ms == null) return null;
  const s = Math.round(ms / 1000);
  if (s < 5) return t("inbox.processing-progress.few_seconds");
  if (s < 90) return t("inbox.processing-progress.seconds", { seconds: Math.ceil(s / 5) * 5 });
  return t("inbox.processing-progress.minutes", { minutes: Math.round(s / 60) });
}

/** Stage, bar and time left of an uploading or processing testimonial. */
export function ProcessingProgress({ d }: { d: SubmissionDetail }) {
  const uploading = d.status === "uploading";
  const stage = uploading ? "uploading" : (d.processing?.stage ?? "waiting");
  const at = STAGES.findIndex((s) => s.key === stage);
  const fraction = uploading
    ? d.upload && d.upload.total_bytes
      ? d.upload.received_bytes / d.upload.total_bytes
      : null
    : (d.processing?.stage_fraction ?? null);
  const left = timeLeft(uploading ? d.upload?.estimated_ms_left : d.processing?.estimated_ms_left);
  const current = STAGES[at]!.label;
  const share = uploading && d.upload ? t("inbox.processing-progress.share", { share: uploadShare(d.upload) }) : "";
  const label = left
    ? t("inbox.processing-progress.label", { stage: `${current}${share}`, left })
    : `${current}${share}`;
  return (
    <div class="status-panel" role="status">
      <p class="status-panel-title">
        {current}
        {share}…{left && <span class="status-panel-left"> {left}</span>}
      </p>
      {fraction !== null ? (
        <progress class="progress-stage" max={1} value={fraction} aria-label={label} />
      ) : (
        <div class="progress-indeterminate" role="progressbar" aria-label={label} />
      )}
      <ol class="stage-list" aria-label={t("inbox.processing-progress.stages")}>
        {STAGES.map((s, i) => (
          <li
            key={s.key}
            class={i < at ? "stage-done" : i === at ? "stage-now" : undefined}
            aria-current={i === at ? "step" : undefined}
          >
            {s.label}
          </li>
        ))}
      </ol>
      <p class="small muted">{t("inbox.processing-progress.updates")}</p>
    </div>
  );
}
