/**
 * The one error type media work throws: a machine reason the job stores and the dashboard shows, and a sentence a
 * person can act on. Raw ffmpeg output stays in `detail` (clipped), never in the message.
 */

/** Why a media file was refused or could not be processed. */
export type MediaErrorReason =
  | "not_media"
  | "unsupported_format"
  | "too_long"
  | "too_large_frame"
  | "too_large_file"
  | "no_audio"
  | "corrupt"
  | "timeout"
  | "aborted"
  | "tool_missing"
  | "tool_failed";

/** A refused or failed media file (or a missing tool), with a machine reason and a message for a person. */
export class MediaError extends Error {
  override readonly name = "MediaError";
  constructor(
    readonly reason: MediaErrorReason,
    message: string,
    /** Clipped tool output for logs; never shown to respondents. */
    readonly detail?: string,
  ) {
    super(message);
  }

  /** True when retrying the same file cannot help (the file itself is the problem). */
  get permanent(): boolean {
    return !["timeout", "aborted", "tool_missing", "tool_failed"].includes(this.reason);
  }
}

/** Is this a MediaError (also across module copies, which `instanceof` would miss)? */
export function isMediaError(e: unknown): e is MediaError {
  return e instanceof MediaError || (e instanceof Error && e.name === "MediaError" && "reason" in e);
}
