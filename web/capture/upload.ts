/**
 * Sends a recording to the upload URL the server handed out (tus 1.0 core) with `tus-js-client`. Short drops
 * are retried at once; a longer outage waits for the connection to come back (or retries every 15 s) and then
 * resumes from the server's offset instead of starting over. Started on an address that already has bytes (a page
 * reopened after it was closed mid-upload), it asks the server how many it has (HEAD) and sends only the rest.
 */
import { DetailedError, Upload } from "tus-js-client";
import { Problem } from "./api";
import type { UploadTicket } from "./types";
import { t } from "./i18n";

/** What the sender reports while it works. */
export interface UploadEvents {
  progress(sent: number, total: number): void;
  /** True while waiting for the connection to come back. */
  waiting(offline: boolean): void;
}

/** A running upload: settles when the last byte is in, or with a `Problem` the respondent can read. */
export interface RunningUpload {
  done: Promise<void>;
  /** Try again now instead of waiting. */
  resume(): void;
  abort(): void;
}

const RETRY_EVERY_MS = 15_000;

function problemOf(error: Error): Problem | null {
  if (!(error instanceof DetailedError) || !error.originalResponse) return null;
  const status = error.originalResponse.getStatus();
  if (status < 400 || status >= 500 || status === 409 || status === 423) return null;
  let message = t("upload.refused");
  let code = "upload_refused";
  try {
    const body = JSON.parse(error.originalResponse.getBody()) as { error?: { code?: string; message?: string } };
    message = body.error?.message || message;
    code = body.error?.code || code;
  } catch {
    // Not JSON: keep our own words.
  }
  return new Problem(status, code, message);
}

/** Starts sending `blob` to the ticket's URL. */
export function sendRecording(blob: Blob, ticket: UploadTicket, events: UploadEvents): RunningUpload {
  let upload: Upload;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let waiting = false;
  const resume = () => {
    if (!waiting) return;
    waiting = false;
    clearTimeout(timer);
    events.waiting(false);
    upload.start();
  };
  const cleanup = () => {
    clearTimeout(timer);
    window.removeEventListener("online", resume);
  };
  const done = new Promise<void>((resolve, reject) => {
    upload = new Upload(blob, {
      uploadUrl: ticket.url,
      chunkSize: ticket.chunk_bytes,
      retryDelays: [0, 1000, 3000, 5000, 10000],
      // The address is kept with the recording itself (pending.ts), deleted when done: nothing in localStorage.
      storeFingerprintForResuming: false,
      onProgress: events.progress,
      onSuccess: () => {
        cleanup();
        resolve();
      },
      onError: (error) => {
        const refused = problemOf(error);
        if (refused) {
          cleanup();
          reject(refused);
          return;
        }
        waiting = true;
        events.waiting(true);
        clearTimeout(timer);
        timer = setTimeout(resume, RETRY_EVERY_MS);
      },
    });
  });
  window.addEventListener("online", resume);
  upload!.start();
  return {
    done,
    resume,
    abort: () => {
      cleanup();
      void upload.abort();
    },
  };
}
