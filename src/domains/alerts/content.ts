/**
 * What an alert says about one testimonial, read from its row when the alert is queued: who sent it (name, title,
 * company), the rating, the words (typed, or the start of what was said, marked when they are a machine draft
 * nobody checked), whether a video has a poster to show, and, for a recording that failed to process, what failed
 * and what can be done. The email renderers (mail-html.ts, mail-text.ts) draw it.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { parseFailure } from "../../media/failure-reasons";
import { brands } from "../brands";
import type { SubmissionRow } from "../submissions";
import type { ArrivalOutcome } from "./tables";

/** At most this many characters of the words are quoted (cut at a word boundary). */
export const EXCERPT_CHARS = 600;

/** One testimonial as an alert shows it. */
export interface AlertItem {
  submissionId: string;
  brandName: string;
  kind: "video" | "audio" | "text";
  outcome: ArrivalOutcome;
  name: string;
  /** "Head of Marketing, Acme": title and company, either or both; null when neither was given. */
  role: string | null;
  rating: number | null;
  durationMs: number | null;
  /** The words quoted (perhaps cut), or null (a recording with no speech, or one that failed). */
  words: string | null;
  /** True when the quoted words were cut short. */
  cut: boolean;
  /** The words are a machine transcript nobody has checked yet. */
  draft: boolean;
  /** A processed video with a poster: the email shows it (attached when it is sent). */
  poster: boolean;
  /** For a recording that failed: what failed and what to do. */
  failure: { message: string; action: string } | null;
  /** Where it stands when it was already decided (a digest lists what arrived hours ago), or null while pending. */
  decided: "live" | "approved" | "rejected" | null;
  /** The testimonial in the dashboard. */
  dashboardUrl: string;
}

/** Where a testimonial stands, for an alert: live, approved but private, rejected, or waiting (null). */
export function decidedOf(row: Pick<SubmissionRow, "isApproved" | "isPublic" | "rejectedAt">): AlertItem["decided"] {
  if (row.isApproved) return row.isPublic ? "live" : "approved";
  return row.rejectedAt !== null ? "rejected" : null;
}

/** `text` cut to about `max` characters at a word boundary (no half words), and whether it was cut. */
export function excerpt(text: string, max = EXCERPT_CHARS): { text: string; cut: boolean } {
  const clean = text.replace(/[ \t]+/g, " ").trim();
  if (clean.length <= max) return { text: clean, cut: false };
  const at = clean.lastIndexOf(" ", max);
  return { text: `${clean.slice(0, at > max / 2 ? at : max).trimEnd()}…`, cut: true };
}

/** "a 42-second video", "a 2-minute audio recording", "a written testimonial". */
export function describeKind(kind: string, durationMs: number | null | undefined): string {
  if (kind === "text") return "a written testimonial";
  const what = kind === "video" ? "video" : "audio recording";
  if (!durationMs || durationMs <= 0) return `a ${what}`;
  const s = Math.max(1, Math.round(durationMs / 1000));
  return `a ${s < 90 ? `${s}-second` : `${Math.round(s / 60)}-minute`} ${what}`;
}

/** "0:42" for a recording's length. */
export function clock(durationMs: number | null | undefined): string | null {
  if (!durationMs || durationMs <= 0) return null;
  const s = Math.max(1, Math.round(durationMs / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** The alert's view of a testimonial row. */
export function alertItem(db: Db, appUrl: string, row: SubmissionRow, outcome: ArrivalOutcome): AlertItem {
  const brandName = db.select({ name: brands.name }).from(brands).where(eq(brands.id, row.brandId)).get()?.name ?? "";
  const role =
    [row.respondentTitle, row.respondentCompany]
      .map((s) => s?.trim())
      .filter(Boolean)
      .join(", ") || null;
  const failed = outcome === "failed" || row.status === "failed";
  const words = !failed && row.textInput?.trim() ? excerpt(row.textInput) : null;
  const failure = failed ? parseFailure(row.failureReason) : null;
  return {
    submissionId: row.id,
    brandName,
    kind: row.kind as AlertItem["kind"],
    outcome: failed ? "failed" : "ready",
    name: row.respondentName.trim(),
    role,
    rating: row.rating && row.rating >= 1 && row.rating <= 5 ? row.rating : null,
    durationMs: row.durationMs,
    words: words?.text ?? null,
    cut: words?.cut ?? false,
    draft: row.kind !== "text" && row.wordsDraft && !!words,
    poster: !failed && row.kind === "video" && !!row.posterKey,
    failure: failure
      ? { message: failure.message, action: failure.action }
      : failed
        ? { message: "Processing this recording failed.", action: "Open it in the dashboard to process it again." }
        : null,
    decided: decidedOf(row),
    dashboardUrl: `${appUrl}/inbox/${row.id}`,
  };
}
