/**
 * What a testimonial's state means to a person: the status badge, the team's decision, and a failure in words.
 */
import type { BadgeTone } from "../../shared/ui/badge";
import type { Submission, SubmissionDetail } from "./types";

/** How a badge shows a state; `busy` adds a spinner (work is under way on the server). */
export interface StateView {
  label: string;
  tone: BadgeTone;
  busy?: boolean;
}

/** The processing status. */
export function statusView(s: Pick<Submission, "status">): StateView {
  switch (s.status) {
    case "uploading":
      return { label: "Uploading", tone: "info", busy: true };
    case "processing":
      return { label: "Processing", tone: "info", busy: true };
    case "ready":
      return { label: "Ready", tone: "good" };
    case "failed":
      return { label: "Failed", tone: "bad" };
  }
}

/** The team's decision: approved, rejected, or waiting for one. */
export function decisionView(s: Pick<Submission, "is_approved" | "rejected_at">): StateView {
  if (s.rejected_at) return { label: "Rejected", tone: "bad" };
  if (s.is_approved) return { label: "Approved", tone: "good" };
  return { label: "Needs review", tone: "warn" };
}

/** Public or private. */
export const visibilityView = (s: Pick<Submission, "is_public">): StateView => (s.is_public ? { label: "Public", tone: "info" } : { label: "Private", tone: "neutral" });

/** Still being uploaded or processed: the inbox keeps asking until it is not. */
export const isPending = (s: Pick<Submission, "status">): boolean => s.status === "uploading" || s.status === "processing";

/** A failure reason is stored as `code: message`; the message is what a person reads. */
export function failureOf(reason: string | null): { code: string; message: string } | null {
  if (!reason) return null;
  const at = reason.indexOf(": ");
  if (at > 0 && /^[a-z_]+$/.test(reason.slice(0, at))) return { code: reason.slice(0, at), message: reason.slice(at + 2) };
  return { code: "failed", message: reason };
}

/**
 * Whether "Process again" can help: a failed recording whose original is kept, unless the file was not a
 * recording at all (the server refuses those, and says so, anyway).
 */
export function canProcessAgain(d: Pick<SubmissionDetail, "status" | "failure_reason" | "media">): boolean {
  return d.status === "failed" && !!d.media.original && failureOf(d.failure_reason)?.code !== "not_media";
}

/** A name to show for a testimonial, even when the respondent left theirs out. */
export const displayName = (s: Pick<Submission, "respondent_name">): string => s.respondent_name.trim() || "Anonymous";

/** "Video", "Audio" or "Written". */
export const kindLabel = (s: Pick<Submission, "kind" | "origin">): string =>
  s.kind === "video" ? "Video" : s.kind === "audio" ? "Audio" : s.origin === "imported" ? "Imported review" : "Written";
