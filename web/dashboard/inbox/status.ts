/**
 * What a testimonial's state means to a person: the status badge, the team's decision, and a failure in words.
 */
import type { BadgeTone } from "../../shared/ui/badge";
import type { Submission, SubmissionDetail } from "./types";
import { t } from "../i18n";

/** How a badge shows a state; `busy` adds a spinner (work is under way on the server). */
export interface StateView {
  label: string;
  tone: BadgeTone;
  busy?: boolean;
}

/** An upload that has received nothing for a while: the respondent most likely left before it finished. */
export const uploadStalled = (s: Pick<Submission, "status" | "upload">): boolean =>
  s.status === "uploading" && !!s.upload?.stalled;

/** How much of an upload arrived, in words ("40%"). */
export const uploadShare = (u: { received_bytes: number; total_bytes: number }) =>
  `${u.total_bytes ? Math.floor((u.received_bytes / u.total_bytes) * 100) : 0}%`;

/** The processing status; a stalled upload reads "Upload not finished". */
export function statusView(s: Pick<Submission, "status" | "upload">): StateView {
  switch (s.status) {
    case "uploading":
      if (uploadStalled(s)) return { label: t("inbox.status.upload_not_finished"), tone: "warn" };
      return { label: t("inbox.status.uploading"), tone: "info", busy: true };
    case "processing":
      return { label: t("inbox.status.processing"), tone: "info", busy: true };
    case "ready":
      return { label: t("inbox.status.ready"), tone: "good" };
    case "failed":
      return { label: t("inbox.status.failed"), tone: "bad" };
  }
}

/** The team's decision: approved, rejected, or waiting for one. */
export function decisionView(s: Pick<Submission, "is_approved" | "rejected_at">): StateView {
  if (s.rejected_at) return { label: t("inbox.status.rejected"), tone: "bad" };
  if (s.is_approved) return { label: t("inbox.status.approved"), tone: "good" };
  return { label: t("inbox.status.needs_review"), tone: "warn" };
}

/** Public or private. */
export const visibilityView = (s: Pick<Submission, "is_public">): StateView =>
  s.is_public
    ? { label: t("inbox.status.public"), tone: "info" }
    : { label: t("inbox.status.private"), tone: "neutral" };

/** Still being uploaded or processed: the inbox keeps asking until it is not. */
export const isPending = (s: Pick<Submission, "status">): boolean =>
  s.status === "uploading" || s.status === "processing";

/** Separates what failed from what to do in a failure reason (as src/media/failure-reasons.ts writes it). */
const ADVICE_MARKER = " What you can do: ";

/** A failed testimonial's reason: a machine code, what failed, and (when the server said) what the owner can do. */
export interface Failure {
  code: string;
  message: string;
  action?: string;
}

/**
 * A failure reason is stored as `code: message What you can do: action` (older ones as `code: message`); the
 * message and the action are what a person reads.
 */
export function failureOf(reason: string | null): Failure | null {
  if (!reason) return null;
  const at = reason.indexOf(": ");
  const coded = at > 0 && /^[a-z_]+$/.test(reason.slice(0, at));
  const code = coded ? reason.slice(0, at) : "failed";
  const rest = coded ? reason.slice(at + 2) : reason;
  const split = rest.indexOf(ADVICE_MARKER);
  if (split < 0) return { code, message: rest };
  return { code, message: rest.slice(0, split), action: rest.slice(split + ADVICE_MARKER.length) };
}

/** What the owner can do about a failure: the server's advice, or a general line for reasons stored without one. */
export function failureAdvice(d: Pick<SubmissionDetail, "status" | "failure_reason" | "media">): string {
  const advice = failureOf(d.failure_reason)?.action;
  if (advice) return advice;
  return canProcessAgain(d) ? t("inbox.status.advice_again") : t("inbox.status.advice_resend");
}

/**
 * Whether "Process again" can help: a failed recording whose original is kept, unless the file was not a
 * recording at all (the server refuses those, and says so, anyway).
 */
export function canProcessAgain(d: Pick<SubmissionDetail, "status" | "failure_reason" | "media">): boolean {
  return d.status === "failed" && !!d.media.original && failureOf(d.failure_reason)?.code !== "not_media";
}

/** A name to show for a testimonial, even when the respondent left theirs out. */
export const displayName = (s: Pick<Submission, "respondent_name">): string =>
  s.respondent_name.trim() || t("inbox.status.anonymous");

/** "Video", "Audio" or "Written". */
export const kindLabel = (s: Pick<Submission, "kind" | "origin">): string =>
  s.kind === "video"
    ? t("inbox.status.kind_video")
    : s.kind === "audio"
      ? t("inbox.status.kind_audio")
      : s.origin === "imported"
        ? t("inbox.status.kind_imported")
        : t("inbox.status.kind_written");
