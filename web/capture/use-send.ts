/**
 * Sending a testimonial: the submission first (a written one is done then), then the recording's bytes to the
 * upload URL it returns, with progress, then the photo (if any) to its signed address. Errors are thrown as
 * `Problem`s for the form to show; a photo the server refuses does not undo the testimonial (the thank-you says so).
 */
import { useRef, useState } from "preact/hooks";
import { Problem, startSubmission, uploadPhoto } from "./api";
import { sendRecording, type RunningUpload } from "./upload";
import type { SendingState } from "./sending";
import type { MediaAnswer } from "./types";

/** What sending gave: the testimonial's id, and why the photo did not go with it (null when it did or none). */
export interface SendResult {
  submissionId: string;
  photoProblem: string | null;
}

/** The sender's state and actions. */
export interface Sender {
  sending: SendingState | null;
  send(
    linkId: string,
    body: Record<string, unknown>,
    answer: MediaAnswer | null,
    photo?: Blob | null,
  ): Promise<SendResult>;
  resume(): void;
}

/** Sends to the API at `apiUrl`; `announce` tells screen readers what is happening. */
export function useSend(apiUrl: string, announce: (m: string) => void): Sender {
  const [sending, setSending] = useState<SendingState | null>(null);
  const running = useRef<RunningUpload | null>(null);
  // Sending the same answer again (the first answer was lost) reuses its key, so the server keeps one testimonial.
  const attempt = useRef<{ payload: string; key: string } | null>(null);

  async function send(
    linkId: string,
    body: Record<string, unknown>,
    answer: MediaAnswer | null,
    photo: Blob | null = null,
  ): Promise<SendResult> {
    const what = answer ? (answer.kind === "video" ? "video" : "recording") : "testimonial";
    setSending({ label: `Sending your ${what}…`, sent: 0, total: answer?.blob.size ?? 1, offline: false });
    announce(`Sending your ${what}.`);
    try {
      const upload = answer
        ? {
            size: answer.blob.size,
            type: answer.blob.type || `${answer.kind}/webm`,
            ...(answer.name ? { name: answer.name } : {}),
          }
        : undefined;
      const payload = upload ? { ...body, upload } : body;
      const fingerprint = JSON.stringify([linkId, payload]);
      if (attempt.current?.payload !== fingerprint)
        attempt.current = { payload: fingerprint, key: crypto.randomUUID() };
      const started = await startSubmission(apiUrl, linkId, payload, attempt.current.key);
      if (answer && started.upload) {
        const up = sendRecording(answer.blob, started.upload, {
          progress: (sent, total) => setSending((s) => s && { ...s, sent, total }),
          waiting: (offline) => {
            setSending((s) => s && { ...s, offline });
            announce(
              offline ? "The connection dropped. Sending will carry on when you are back online." : "Sending again.",
            );
          },
        });
        running.current = up;
        await up.done;
      }
      attempt.current = null;
      let photoProblem: string | null = null;
      if (photo && started.photo_upload) {
        setSending((s) => s && { ...s, label: "Sending your photo…" });
        photoProblem = await uploadPhoto(started.photo_upload, photo).then(
          () => null,
          (e: unknown) => (e instanceof Problem ? e.message : "Your photo could not be sent."),
        );
      }
      return { submissionId: started.submission_id, photoProblem };
    } finally {
      running.current = null;
      setSending(null);
    }
  }

  return { sending, send, resume: () => running.current?.resume() };
}
