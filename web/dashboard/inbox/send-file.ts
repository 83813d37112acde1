/**
 * Sends a video or audio file added by hand to the tus upload address `POST /v1/submissions` answered with: the
 * same resumable protocol the capture page uses (`tus-js-client`), with progress. Short drops are retried; a
 * refusal (not a recording, too large) settles with the server's own words.
 */
import { DetailedError, Upload } from "tus-js-client";
import { t } from "../i18n";

/** Where to send the file, from the answer of `POST /v1/submissions`. */
export interface UploadTicket {
  url: string;
  chunk_bytes: number;
}

function wordsOf(error: Error): string {
  if (error instanceof DetailedError && error.originalResponse) {
    try {
      const body = JSON.parse(error.originalResponse.getBody()) as { error?: { message?: string } };
      if (body.error?.message) return body.error.message;
    } catch {
      // Not JSON: say it in our own words.
    }
  }
  return t("inbox.send-file.failed");
}

/** Sends `file`; `progress` gets the bytes sent and the total; settles when the last byte is in. */
export function sendFile(file: File, ticket: UploadTicket, progress: (sent: number, total: number) => void) {
  return new Promise<void>((resolve, reject) => {
    const upload = new Upload(file, {
      uploadUrl: ticket.url,
      chunkSize: ticket.chunk_bytes,
      retryDelays: [0, 1000, 3000, 5000],
      removeFingerprintOnSuccess: true,
      storeFingerprintForResuming: false,
      onProgress: progress,
      onSuccess: () => resolve(),
      onError: (e) => reject(new Error(wordsOf(e))),
    });
    upload.start();
  });
}
