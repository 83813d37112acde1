/**
 * Where a recording is in its processing: its stage, progress and time left while it uploads or is processed
 * (processing-progress.tsx; the inbox asks again every few seconds), an upload the respondent left unfinished (how much arrived, when it is removed), or the
 * failure in words: what failed, what the owner can do, and "Process again" when
 * that can help.
 */
import { Button } from "../../shared/ui/button";
import { CodeText } from "../../shared/ui/code-text";
import { Notice } from "../../shared/ui/notice";
import { formatDateTime } from "../../shared/format";
import { canProcessAgain, failureAdvice, failureOf, uploadShare } from "./status";
import { ProcessingProgress } from "./processing-progress";
import type { SubmissionDetail } from "./types";
import type { Moderation } from "./use-moderation";
import { t } from "../i18n";

/** Progress or failure of the open testimonial; nothing once it is ready. */
export function StatusPanel({ d, mod }: { d: SubmissionDetail; mod: Moderation }) {
  if (d.status === "uploading" && d.upload?.stalled) {
    const u = d.upload;
    return (
      <Notice tone="warning" title={t("inbox.status-panel.stalled_title")}>
        <p>
          {t("inbox.status-panel.stalled_text", {
            share: uploadShare(u),
            when: formatDateTime(u.last_received_at),
          })}
        </p>
        <p class="small">{t("inbox.status-panel.stalled_removed", { when: formatDateTime(u.removed_by) })}</p>
      </Notice>
    );
  }
  if (d.status === "uploading" || d.status === "processing") return <ProcessingProgress d={d} />;
  if (d.status !== "failed") return null;
  const failure = failureOf(d.failure_reason);
  const again = canProcessAgain(d);
  return (
    <Notice tone="error" title={t("inbox.status-panel.failed_title")}>
      <p class="failure-what">
        <CodeText text={failure?.message ?? t("inbox.status-panel.failed_text")} />
      </p>
      <p class="failure-action">
        <strong>{t("inbox.status-panel.what_to_do")}</strong> <CodeText text={failureAdvice(d)} />
      </p>
      {again && (
        <p class="notice-actions">
          <Button
            variant="primary"
            small
            busy={mod.busy === "reprocess"}
            busyLabel={t("inbox.status-panel.starting")}
            onClick={() => void mod.reprocess(d)}
          >
            {t("inbox.status-panel.process_again")}
          </Button>
        </p>
      )}
      {d.media.original && (
        <p>
          <a href={d.media.original.url} download>
            {t("inbox.status-panel.download")}
          </a>
        </p>
      )}
    </Notice>
  );
}
