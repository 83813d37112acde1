/**
 * Sending a testimonial: the submission first (a written one is done then), then the recording's bytes to the
 * upload URL it returns, with progress, then the photo (if any) to its signed address. Errors are thrown as
 * `Problem`s for the form to show; a photo the server refuses does not undo the testimonial (the thank-you says so).
 * A recording is kept in this browser (web/capture/pending.ts) from the moment the server has the testimonial until
 * its last byte and the photo are in, so a page closed mid-way can finish it later (`finish`).
 */
import { problemWords } from "./problem-words";
import { useRef, useState } from "preact/hooks";
import { Problem, startSubmission, uploadPhoto } from "./api";
import { idempotencyKey } from "../shared/api";
import { sendRecording, type RunningUpload } from "./upload";
import { forgetPending, keepPending, type PendingSend } from "./pending";
import type { SendingState } from "./sending";
import type { SentInfo } from "./thanks";
import type { MediaAnswer, StartBody, Started, UploadTicket } from "./types";
import { t } from "./i18n";

/** What sending gave: the testimonial's id, and why the photo did not go with it (null when it did or none). */
export interface SendResult {
  submissionId: string;
  photoProblem: string | null;
}

/** What the thank-you screen will show, known before sending (kept with a recording until it is sent). */
export type ThanksContent = Omit<SentInfo, "submissionId" | "photoProblem">;

/** The sender's state and actions. */
export interface Sender {
  sending: SendingState | null;
  send(
    linkId: string,
    body: StartBody,
    answer: MediaAnswer | null,
    photo: Blob | null,
    thanks: ThanksContent,
  ): Promise<SendResult>;
  /** Finishes a recording that did not finish sending before (from the server's offset). */
  finish(pending: PendingSend): Promise<SendResult>;
  resume(): void;
}

/** Sends to the API at `apiUrl`; `announce` tells screen readers what is happening. */
export function useSend(apiUrl: string, announce: (m: string) => void): Sender {
  const [sending, setSending] = useState<SendingState | null>(null);
  const running = useRef<RunningUpload | null>(null);
  // Sending the same answer again (the first answer was lost) reuses its key, so the server keeps one testimonial.
  const attempt = useRef<{ payload: string; key: string } | null>(null);

  /** The recording's bytes, then the photo; the kept copy is deleted once both are done or the server refuses. */
  async function deliver(
    linkId: string,
    media: Blob,
    ticket: UploadTicket,
    photo: Blob | null,
    photoTicket: Started["photo_upload"],
  ): Promise<string | null> {
    const up = sendRecording(media, ticket, {
      progress: (sent, total) => setSending((s) => s && { ...s, sent, total }),
      waiting: (offline) => {
        setSending((s) => s && { ...s, offline });
        announce(offline ? t("send.dropped") : t("send.again"));
      },
    });
    running.current = up;
    try {
      await up.done;
    } catch (e) {
      // Refused or no longer there: it can never be finished, so nothing of it stays on this device.
      await forgetPending(linkId);
      throw e;
    }
    running.current = null;
    const photoProblem = await sendPhoto(photo, photoTicket);
    await forgetPending(linkId);
    return photoProblem;
  }

  async function sendPhoto(photo: Blob | null, ticket: Started["photo_upload"]): Promise<string | null> {
    if (!photo || !ticket) return null;
    setSending((s) => s && { ...s, label: t("send.photo") });
    return uploadPhoto(ticket, photo).then(
      () => null,
      (e: unknown) => (e instanceof Problem ? problemWords(e) : t("send.photoFailed")),
    );
  }

  async function send(
    linkId: string,
    body: StartBody,
    answer: MediaAnswer | null,
    photo: Blob | null,
    thanks: ThanksContent,
  ): Promise<SendResult> {
    const what = answer?.kind ?? "text";
    setSending({ label: t("send.label", { what }), sent: 0, total: answer?.blob.size ?? 1, offline: false });
    announce(t("send.announce", { what }));
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
        // Not crypto.randomUUID: browsers leave it out on plain-http pages, where written answers and uploads work.
        attempt.current = { payload: fingerprint, key: idempotencyKey() };
      const started = await startSubmission(apiUrl, linkId, payload, attempt.current.key);
      let photoProblem: string | null;
      if (answer && started.upload) {
        const photoTicket = photo ? started.photo_upload : null;
        await keepPending({
          linkId,
          savedAt: Date.now(),
          expiresAt: Date.parse(started.upload.expires_at),
          upload: started.upload,
          photoUpload: photoTicket,
          sent: { ...thanks, submissionId: started.submission_id },
        });
        attempt.current = null;
        photoProblem = await deliver(linkId, answer.blob, started.upload, photo, photoTicket);
      } else {
        attempt.current = null;
        photoProblem = await sendPhoto(photo, started.photo_upload);
      }
      return { submissionId: started.submission_id, photoProblem };
    } finally {
      running.current = null;
      setSending(null);
    }
  }

  async function finish(p: PendingSend): Promise<SendResult> {
    const what = p.sent.kind;
    setSending({ label: t("send.label", { what }), sent: 0, total: p.sent.media?.size ?? 1, offline: false });
    announce(t("send.announce", { what }));
    try {
      const photoProblem = await deliver(p.linkId, p.sent.media!, p.upload, p.sent.photo, p.photoUpload);
      return { submissionId: p.sent.submissionId, photoProblem };
    } finally {
      running.current = null;
      setSending(null);
    }
  }

  return { sending, send, finish, resume: () => running.current?.resume() };
}
