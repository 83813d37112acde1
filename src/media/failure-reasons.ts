/**
 * Why processing a recording failed, in words an owner can act on: what failed, and what they can do about it.
 * MediaErrors keep their reason and sentence; anything else (a module the executable could not load, a program
 * that will not start, a full disk, a refused permission…) is recognised by its code or message. Stored on a
 * testimonial as `reason_code: what failed What you can do: advice` (see `formatFailure`), which the API returns
 * as `failure_reason` and the dashboard splits again.
 */
import { isMediaError, type MediaErrorReason } from "./errors";

/** A failure for a person: a machine code, what failed, and what to do. */
export interface FailureExplanation {
  /** A MediaError reason, or one of `component_missing`, `disk_full`, `permission_denied`, `out_of_memory`, `file_missing`, `worker_stopped`, `processing_failed`. */
  code: string;
  /** What failed, in plain words. */
  message: string;
  /** What the owner (or whoever runs the server) can do. */
  action: string;
}

/** Separates what failed from what to do in a stored failure reason. */
export const ADVICE_MARKER = "What you can do:";

const DOCTOR = "whoever runs the Plaudit server should run `plaudit doctor` there";
const AGAIN = "then choose Process again";
const ASK_AGAIN = "Processing it again cannot help: ask the respondent to send their testimonial again";

/** What to do for each reason when nothing more specific is known. */
const ADVICE: Record<string, string> = {
  not_media: `${ASK_AGAIN} as a video or audio recording.`,
  unsupported_format: `${ASK_AGAIN} as an MP4, MOV, WebM, M4A or MP3 file, or to record it in the browser.`,
  too_long: "Ask the respondent for a shorter recording (up to 10 minutes).",
  too_large_frame: "Ask the respondent to send the video at a lower resolution (4K or less).",
  too_large_file: "Ask the respondent to send a smaller file (up to 2 GB).",
  no_audio: "Ask the respondent to record again with their microphone switched on.",
  corrupt:
    "Download the file that was sent and check that it plays. If it does not, ask the respondent to send it again; if it does, choose Process again.",
  timeout: `Choose Process again when the server is less busy. If it happens again, ${DOCTOR} and check that the server is not overloaded.`,
  aborted: "Choose Process again.",
  tool_missing: `This is a problem with the server, not with the recording: ${DOCTOR} and follow its advice, ${AGAIN}.`,
  tool_failed: `Choose Process again. If it fails again, download the file to check that it plays, and ${DOCTOR}.`,
  component_missing: `This is a problem with the Plaudit installation, not with the recording: ${DOCTOR} and install a working build of Plaudit, ${AGAIN}.`,
  disk_full: `Whoever runs the Plaudit server should free disk space (\`plaudit doctor\` shows how much is free), ${AGAIN}.`,
  permission_denied: `Whoever runs the Plaudit server should let the user Plaudit runs as read and write its data folder (\`plaudit doctor\` checks it), ${AGAIN}.`,
  out_of_memory:
    "Choose Process again when the server is less busy. If it happens again, the server needs more memory (or PLAUDIT_MEDIA_CONCURRENCY=1).",
  file_missing:
    "The original recording is no longer where Plaudit keeps it. Whoever runs the Plaudit server should check the data folder (restore it from a backup if files were lost), then choose Process again.",
  worker_stopped: `Choose Process again. If it happens again, ${DOCTOR} and look at the server's log.`,
  processing_failed: `Choose Process again. If it fails again, ${DOCTOR} and look at the server's log, which has the details.`,
};

/** The advice for a reason code (a general one for codes it does not know). */
export function adviceFor(code: string): string {
  return ADVICE[code] ?? ADVICE.processing_failed!;
}

const explain = (code: string, message: string): FailureExplanation => ({ code, message, action: adviceFor(code) });

/** Failures recognised by what the error says, checked in order. */
const PATTERNS: [RegExp, (m: RegExpExecArray) => FailureExplanation][] = [
  [
    /Cannot find (?:package|module)|ERR_MODULE_NOT_FOUND|ResolveMessage/i,
    (m) => {
      const name = /Cannot find (?:package|module) ['"]([^'"\s]{1,80})['"]/i.exec(m.input)?.[1];
      return explain(
        "component_missing",
        `A part of Plaudit needed for processing could not be loaded${name ? ` (${name})` : ""}.`,
      );
    },
  ],
  [
    /ENOSPC|No space left on device|database or disk is full|SQLITE_FULL/i,
    () => explain("disk_full", "The server's disk is full, so the processed files could not be written."),
  ],
  [
    /EACCES|EPERM|EROFS|Permission denied|read-only file system|operation not permitted/i,
    () =>
      explain(
        "permission_denied",
        "Plaudit was not allowed to read or write its files on the server (permission denied).",
      ),
  ],
  [
    /ENOMEM|out of memory|Cannot allocate memory/i,
    () => explain("out_of_memory", "The server ran out of memory while processing this recording."),
  ],
  [
    /posix_spawn|spawn\b.*ENOENT|Executable not found|could not be started/i,
    () => explain("tool_missing", "A program needed to process recordings could not be started on the server."),
  ],
  [
    /ENOENT|no such file or directory/i,
    () => explain("file_missing", "A file needed for processing was missing on the server."),
  ],
  [/^timed out after \d+ ms/i, () => explain("timeout", "Processing took too long and was stopped.")],
  [
    /lease expired|attempts exhausted|worker .* stopped/i,
    () =>
      explain(
        "worker_stopped",
        "Processing stopped in the middle each time it was tried (the server may have run out of memory or restarted).",
      ),
  ],
];

const textOf = (e: unknown): string => (e instanceof Error ? `${e.name}: ${e.message}` : String(e ?? ""));

/** Explains a processing error (an Error or the message a job stored) for the owner. */
export function explainFailure(error: unknown): FailureExplanation {
  if (isMediaError(error)) {
    const reason: MediaErrorReason = error.reason;
    // A tool that failed because the disk filled up (or the like) says so in its own output.
    if (reason === "tool_failed") {
      const said = `${error.message}\n${error.detail ?? ""}`;
      for (const [re, make] of PATTERNS.slice(0, 4)) {
        const m = re.exec(said);
        if (m) return make(m);
      }
    }
    if (reason === "tool_missing")
      return explain(reason, `A program needed to process recordings is missing on the server: ${error.message}`);
    if (reason === "aborted") return explain(reason, "Processing was interrupted before it finished.");
    return explain(reason, error.message);
  }
  const text = textOf(error);
  for (const [re, make] of PATTERNS) {
    const m = re.exec(text);
    if (m) return make(m);
  }
  return explain(
    "processing_failed",
    "Something unexpected went wrong on the server while processing this recording. The original recording is kept.",
  );
}

/** The stored form, `code: message What you can do: action`, at most `max` characters (the advice is kept whole). */
export function formatFailure(f: FailureExplanation, max = 500): string {
  const tail = ` ${ADVICE_MARKER} ${f.action}`;
  const head = `${f.code}: ${f.message}`;
  const room = max - tail.length;
  return (head.length > room ? `${head.slice(0, Math.max(0, room - 1)).trimEnd()}…` : head) + tail;
}

/** Reads a stored failure reason back (also the older `code: message` form without advice). */
export function parseFailure(stored: string | null): FailureExplanation | null {
  if (!stored) return null;
  const at = stored.indexOf(": ");
  const coded = at > 0 && /^[a-z_]+$/.test(stored.slice(0, at));
  const code = coded ? stored.slice(0, at) : "processing_failed";
  const rest = coded ? stored.slice(at + 2) : stored;
  const split = rest.indexOf(` ${ADVICE_MARKER} `);
  if (split < 0) return { code, message: rest, action: adviceFor(code) };
  return { code, message: rest.slice(0, split), action: rest.slice(split + ADVICE_MARKER.length + 2) };
}
