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

/** Progress or failure of the open testimonial; nothing once it is ready. */
export function StatusPanel({ d, mod }: { d: SubmissionDetail; mod: Moderation }) {
  if (d.status === "uploading" && d.upload?.stalled) {
    const u = d.upload;
    return (
      <Notice tone="warning" title="Upload not finished">
        <p>
          The respondent left before their recording finished uploading: {uploadShare(u)} arrived, the last of it{" "}
          {formatDateTime(u.last_received_at)}.
        </p>
        <p class="small">
          It still finishes if their page is open and comes back online. Otherwise it is removed by{" "}
          {formatDateTime(u.removed_by)}; nothing was published and no one was notified.
        </p>
      </Notice>
    );
  }
  if (d.status === "uploading" || d.status === "processing") return <ProcessingProgress d={d} />;
  if (d.status !== "failed") return null;
  const failure = failureOf(d.failure_reason);
  const again = canProcessAgain(d);
  return (
    <Notice tone="error" title="Processing failed">
      <p class="failure-what">
        <CodeText text={failure?.message ?? "The recording could not be processed."} />
      </p>
      <p class="failure-action">
        <strong>What you can do:</strong> <CodeText text={failureAdvice(d)} />
      </p>
      {again && (
        <p class="notice-actions">
          <Button
            variant="primary"
            small
            busy={mod.busy === "reprocess"}
            busyLabel="Starting…"
            onClick={() => void mod.reprocess(d)}
          >
            Process again
          </Button>
        </p>
      )}
      {d.media.original && (
        <p>
          <a href={d.media.original.url} download>
            Download the file that was sent
          </a>
        </p>
      )}
    </Notice>
  );
}
