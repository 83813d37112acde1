/** How testimonials look in the API and in events. */
import { iso } from "../../platform/clock";
import { publicMediaUrls } from "./public-urls";
import type { Word } from "./tables";
import { submissions, transcripts } from "./tables";
import type { OriginalView, SubmissionView, TranscriptView } from "./model";
import type { UploadProgress } from "./upload-progress";

/** A stored submission row. */
export type SubmissionRow = typeof submissions.$inferSelect;
/** A stored transcript row. */
export type TranscriptRow = typeof transcripts.$inferSelect;

/**
 * Media variants a testimonial can have. `video`, `audio`, `poster`, `thumbnail` and `captions` are what the
 * testimonial shows (a trim and cover's copies once made); `full` is the processed recording before any trim.
 */
export const VARIANTS = [
  "original",
  "video",
  "audio",
  "poster",
  "thumbnail",
  "captions",
  "avatar",
  "pending_avatar",
  "full",
] as const;
export type Variant = (typeof VARIANTS)[number];

/** Which variants exist for a row. */
export function variantsOf(row: SubmissionRow, hasTranscript: boolean): Variant[] {
  const out: Variant[] = [];
  if (row.originalKey) out.push("original");
  if (row.videoKey) out.push("video");
  if (row.audioKey) out.push("audio");
  if (row.posterKey) out.push("poster");
  if (row.thumbKey) out.push("thumbnail");
  if (hasTranscript) out.push("captions");
  if (row.photoKey) out.push("avatar");
  if (row.pendingPhotoKey) out.push("pending_avatar");
  if (row.videoKey ?? row.audioKey) out.push("full");
  return out;
}

/** The fields every event about a testimonial carries (contract section 6). */
export function submissionEventData(row: SubmissionRow) {
  return {
    id: row.id,
    brand_id: row.brandId,
    link_id: row.linkId,
    kind: row.kind,
    status: row.status,
    is_approved: row.isApproved,
    is_public: row.isPublic,
    duration_ms: row.durationMs,
    created_at: iso(row.createdAt),
  };
}

/**
 * A testimonial in lists; `cdnUrl` turns published copies into their public addresses. `upload` (list and detail
 * answers, from `uploadProgress`) adds how far an unfinished upload got; other answers leave the key out.
 */
export function presentSubmission(row: SubmissionRow, cdnUrl: string, upload?: UploadProgress | null): SubmissionView {
  return {
    ...submissionEventData(row),
    origin: row.origin,
    collect_link_id: row.origin === "collected" ? row.linkId : null,
    failure_reason: row.failureReason,
    respondent_name: row.respondentName,
    respondent_title: row.respondentTitle,
    respondent_company: row.respondentCompany,
    rating: row.rating,
    text_input: row.textInput,
    text_source: row.textSource,
    original_text: row.originalText,
    language: row.language,
    sentiment: row.sentimentLabel ? { score: row.sentimentScore, label: row.sentimentLabel } : null,
    source: row.origin === "imported" ? { name: row.sourceName, url: row.sourceUrl } : null,
    review_url: row.reviewUrl,
    // A date (contract): rows imported before timestamps were stored as dates still show only their UTC date.
    reviewed_at: row.reviewedAt ? row.reviewedAt.slice(0, 10) : null,
    public_media: publicMediaUrls(cdnUrl, row.publicMedia),
    words_draft: row.wordsDraft,
    hide_words: row.hideWords,
    // Answers to the link's own questions, as asked; the photo is the `avatar` media variant when has_photo.
    custom_fields: (row.customAnswers ?? []).map((a) => ({ id: a.id, label: a.label, value: a.value })),
    has_photo: row.photoKey !== null,
    photo_pending: row.pendingPhotoKey !== null,
    ...(upload !== undefined ? { upload: row.status === "uploading" ? upload : null } : {}),
    approved_at: iso(row.approvedAt),
    corrected_at: iso(row.correctedAt),
    rejected_at: iso(row.rejectedAt),
    rejection_reason: row.rejectionReason,
    mode: row.mode,
    updated_at: iso(row.updatedAt),
  };
}

/** What the respondent first sent, for the details the team corrected (the detail's `original`), or null. */
export function presentOriginal(row: Pick<SubmissionRow, "originalRespondent">): OriginalView | null {
  const o = row.originalRespondent;
  if (!o) return null;
  const out: OriginalView = {};
  if (o.respondent_name !== undefined) out.respondent_name = o.respondent_name;
  if (o.respondent_title !== undefined) out.respondent_title = o.respondent_title;
  if (o.respondent_company !== undefined) out.respondent_company = o.respondent_company;
  if (o.custom_fields !== undefined)
    out.custom_fields = (o.custom_fields ?? []).map((a) => ({ id: a.id, label: a.label, value: a.value }));
  if (o.photo_key !== undefined) out.photo_replaced = true;
  return out;
}

/** An answer a public place may show: the question as asked and the answer. */
export interface PublicAnswer {
  label: string;
  value: string | boolean;
}

/**
 * The answers a public place shows: those given to a question the owner marked `show_publicly`, and only while the
 * link still has that question marked so (`stillPublic`, the ids of the link's questions shown publicly now), so
 * unticking it, or removing the question, hides the answers already given. Blank answers are left out.
 */
export function publicAnswers(
  row: Pick<SubmissionRow, "customAnswers">,
  stillPublic: ReadonlySet<string>,
): PublicAnswer[] {
  return (row.customAnswers ?? [])
    .filter((a) => a.show_publicly && stillPublic.has(a.id) && (typeof a.value === "boolean" || a.value.trim() !== ""))
    .map((a) => ({ label: a.label, value: a.value }));
}

/** Below this confidence a word is marked unsure. */
export const UNSURE_BELOW = 0.5;

/**
 * The transcript as the API shows it; `row` is its testimonial, which holds whether the words are still an
 * unchecked machine draft (set by processing, cleared by a correction or a confirmation).
 */
export function presentTranscript(
  t: TranscriptRow,
  row: Pick<SubmissionRow, "wordsDraft" | "pageLanguage">,
): TranscriptView {
  const edited = t.editedAt !== null;
  const expected = row.pageLanguage ?? null;
  return {
    submission_id: t.submissionId,
    engine: t.engine,
    // A machine draft nobody has checked yet: no public place shows these words until someone does.
    draft: row.wordsDraft,
    unsure_words: edited ? 0 : t.words.filter((w) => w.confidence !== undefined && w.confidence < UNSURE_BELOW).length,
    language: t.language,
    expected_language: expected,
    language_note: languageNote(t, expected),
    text: wordsText(t.words),
    words: t.words,
    edited: t.editedAt !== null,
    edited_at: iso(t.editedAt),
    original_text: wordsText(t.originalWords),
    original_words: t.editedAt !== null ? t.originalWords : undefined,
  };
}

/**
 * Why the transcript's language is not the one expected, in words for the team; null when it is (or nothing was
 * expected). Pocketsphinx and whisper's English-only models know English only.
 */
function languageNote(t: TranscriptRow, expected: string | null): string | null {
  if (!expected || !t.language || expected === t.language || t.editedAt !== null) return null;
  const engine = t.engine === "whisper.cpp" ? "whisper.cpp with an English-only model" : t.engine;
  return t.language === "en"
    ? `The recording was expected in ${expected} (the language of the page it was sent from), but this server's speech engine (${engine}) recognises English only: these words are an English guess. Correct them by hand, or ask whoever runs the server for a multilingual Whisper model (ggml-base.bin).`
    : `The recording was expected in ${expected} (the language of the page it was sent from); the speech engine heard ${t.language}.`;
}

/** The words joined as text, exactly as stored. */
export const wordsText = (words: Word[]) => words.map((w) => w.text).join(" ");
