/** Testimonials (submissions), their transcripts, and the full-text index over them. */
import { sqliteTable, text, integer, real, index, uniqueIndex, primaryKey } from "drizzle-orm/sqlite-core";
import type { Mode } from "../../platform/context";
import { orgs } from "../../platform/access/tables";
import { brands } from "../brands/tables";

/** What the respondent agreed to, word for word. */
export interface ConsentRecord {
  text: string;
  version: string;
  agreed_at: string;
  /** The language of the page the words were shown on (absent on consents stored before migration 0033). */
  language?: string;
}

/** Published copies of a shown testimonial's media, by variant, as keys under the `public/` area. */
export interface PublicMedia {
  dir: string;
  files: Partial<Record<"video" | "audio" | "poster" | "thumbnail" | "captions" | "avatar", string>>;
  /** The private photo (`photoKey`) the published avatar was copied from; absent on copies made before it was kept. */
  avatarOf?: string | null;
  /**
   * Where the face is around a video's poster frame (fractions of the picture), found when the copies were made,
   * so cards cropping the poster a little crop around it; null or absent: none found (crop around the centre).
   */
  focus?: { x: number; y: number } | null;
  /**
   * The trim and cover these copies were made from (`MediaEdit.applied.version`); null or absent: the full
   * recording with its own poster. A copy whose version differs from the row's applied edit is made again.
   */
  edit?: string | null;
  /** The part of the recording the copies hold (original timeline); captions are these words shifted to zero. */
  trim?: TrimSpan | null;
  /** How long the published recording lasts (the trimmed copy's own duration). */
  durationMs?: number | null;
}

/** A part of a recording, in milliseconds of the original. */
export interface TrimSpan {
  start_ms: number;
  end_ms: number;
}

/** Private copies made for a trim and cover (keys under `media/`), with what they were made from. */
export interface AppliedEdit {
  version: string;
  trim: TrimSpan | null;
  cover_ms: number | null;
  files: Partial<Record<"video" | "audio" | "poster" | "thumbnail", string>>;
  /** The trimmed copy's duration as probed (the full recording's without a trim). */
  duration_ms: number;
}

/**
 * A trim and cover frame chosen by the team (migration 0032): what was asked for last, whether the job has made it,
 * and the copies public places use (`applied`). The original and processed files are never changed.
 */
export interface MediaEdit {
  /** Changes at every request, so a job made for an older request leaves its copies unused. */
  version: string;
  trim: TrimSpan | null;
  cover_ms: number | null;
  /** `processing` while the job makes the copies; `failed` with `error` when it gave up. */
  state: "processing" | "ready" | "failed";
  error: string | null;
  requested_at: number;
  /** What public places use now; null: the full recording and its own poster. */
  applied: AppliedEdit | null;
}

/** The answer to one of the link's own questions, with the question as it was asked. */
export interface CustomAnswer {
  id: string;
  label: string;
  type: "short_text" | "choice" | "yes_no";
  /** Text for short text and choice, true or false for yes/no. */
  value: string | boolean;
  show_publicly: boolean;
}

/**
 * What the team agreed to when it added a testimonial by hand (origin `manual`, migration 0031): the imports'
 * attestation wording, word for word, who agreed and when.
 */
export interface ManualAttestation {
  text: string;
  user_id: string | null;
  api_key_id: string | null;
  agreed_at: string;
}

/**
 * What the respondent first sent, kept when the team corrects the details (migration 0031): only the fields a
 * correction changed, each with its first value (`photo_key` is the private photo the first avatar came from).
 */
export interface OriginalRespondent {
  respondent_name?: string;
  respondent_title?: string | null;
  respondent_company?: string | null;
  custom_fields?: CustomAnswer[] | null;
  photo_key?: string | null;
}

/** What a testimonial is (contract: `video`, `audio` or `text`). */
export type SubmissionKind = "video" | "audio" | "text";
/** Where it came from: through a collect link, imported, or added by hand by the team (`manual`). */
export type SubmissionOrigin = "collected" | "imported" | "manual";
/** uploading → processing → ready | failed; `erased` once purged. */
export type SubmissionStatus = "uploading" | "processing" | "ready" | "failed" | "erased";
/** A resumable upload: `open` until complete, or refused (bad content) or expired. */
export type UploadStatus = "open" | "complete" | "refused" | "expired";

/** A testimonial: collected through a link or imported. */
export const submissions = sqliteTable(
  "submissions",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => orgs.id, { onDelete: "cascade" }),
    mode: text("mode").$type<Mode>().notNull(),
    brandId: text("brand_id")
      .notNull()
      .references(() => brands.id, { onDelete: "cascade" }),
    linkId: text("link_id"),
    origin: text("origin").$type<SubmissionOrigin>().notNull(),
    kind: text("kind").$type<SubmissionKind>().notNull(),
    /** uploading → processing → ready | failed; erased once purged (the row is kept as a tombstone). */
    status: text("status").$type<SubmissionStatus>().notNull(),
    failureReason: text("failure_reason"),
    promptId: text("prompt_id"),
    respondentName: text("respondent_name").notNull().default(""),
    respondentEmail: text("respondent_email"),
    respondentTitle: text("respondent_title"),
    respondentCompany: text("respondent_company"),
    rating: integer("rating"),
    consent: text("consent", { mode: "json" }).$type<ConsentRecord | null>(),
    /** The words as text: typed by the respondent, or what they said (transcript). */
    textInput: text("text_input"),
    /** `typed` or `spoken`. */
    textSource: text("text_source"),
    /** The first version of the words, never changed by edits. */
    originalText: text("original_text"),
    language: text("language"),
    /** The language of the capture page the testimonial was sent from (its emails are written in it). */
    pageLanguage: text("page_language"),
    sentimentScore: real("sentiment_score"),
    sentimentLabel: text("sentiment_label"),
    durationMs: integer("duration_ms"),
    /** Storage keys under `media/` (private). */
    originalKey: text("original_key"),
    originalType: text("original_type"),
    videoKey: text("video_key"),
    audioKey: text("audio_key"),
    posterKey: text("poster_key"),
    thumbKey: text("thumb_key"),
    width: integer("width"),
    height: integer("height"),
    isApproved: integer("is_approved", { mode: "boolean" }).notNull().default(false),
    approvedAt: integer("approved_at"),
    isPublic: integer("is_public", { mode: "boolean" }).notNull().default(false),
    rejectedAt: integer("rejected_at"),
    rejectionReason: text("rejection_reason"),
    deletedAt: integer("deleted_at"),
    /** Imported reviews. */
    importId: text("import_id"),
    sourceName: text("source_name"),
    sourceUrl: text("source_url"),
    reviewUrl: text("review_url"),
    reviewedAt: text("reviewed_at"),
    dedupeHash: text("dedupe_hash"),
    /** Answers to the link's own questions (collected testimonials; null when the link asked none). */
    customAnswers: text("custom_answers", { mode: "json" }).$type<CustomAnswer[] | null>(),
    /** The respondent's photo under `media/` (square WebP, metadata stripped): the avatar where it is shown. */
    photoKey: text("photo_key"),
    /**
     * A photo sent after the testimonial was approved or made public, waiting for a moderator (photo-review.ts):
     * never shown anywhere public until accepted, when it replaces `photoKey`.
     */
    pendingPhotoKey: text("pending_photo_key"),
    /** Photos the respondent sent and Plaudit kept, counted against `PHOTO_UPLOADS_MAX`. */
    photoUploads: integer("photo_uploads").notNull().default(0),
    /**
     * The words are a machine draft nobody has checked (a transcript from an engine whose free recognition is rough,
     * set by processing; migration 0021): such a recording is published only with `hideWords`, or once the words are
     * corrected or confirmed, and no public place ever shows these words.
     */
    wordsDraft: integer("words_draft", { mode: "boolean" }).notNull().default(false),
    /**
     * Shown publicly as the recording and the respondent only: no text, captions or transcript in widgets, walls,
     * structured data or share pages (migration 0021).
     */
    hideWords: integer("hide_words", { mode: "boolean" }).notNull().default(false),
    /** Copies published on the CDN while shown: `public/m/<unguessable>/…`; null when not published. */
    publicMedia: text("public_media", { mode: "json" }).$type<PublicMedia | null>(),
    /** Testimonials added by hand: the attestation agreed to (migration 0031). */
    attestation: text("attestation", { mode: "json" }).$type<ManualAttestation | null>(),
    /** The respondent's details as first sent, once the team corrected some (migration 0031). */
    originalRespondent: text("original_respondent", { mode: "json" }).$type<OriginalRespondent | null>(),
    /** When the team last corrected the respondent's details (migration 0031). */
    correctedAt: integer("corrected_at"),
    /** A trim and cover frame chosen by the team, and the copies made for them (migration 0032). */
    mediaEdit: text("media_edit", { mode: "json" }).$type<MediaEdit | null>(),
    /** Set when the recording, words and details were erased; the row stays as a tombstone. */
    erasedAt: integer("erased_at"),
    createdAt: integer("created_at").notNull(),
    receivedAt: integer("received_at"),
    processedAt: integer("processed_at"),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    index("submissions_list").on(t.orgId, t.mode, t.id),
    index("submissions_brand").on(t.orgId, t.mode, t.brandId, t.id),
    index("submissions_approved").on(t.brandId, t.approvedAt),
    // What public places read: shown testimonials of a brand, newest approval first (the visibility rule).
    index("submissions_shown")
      .on(t.brandId, t.approvedAt, t.id)
      .where(
        sql`${t.isApproved} = 1 AND ${t.isPublic} = 1 AND ${t.rejectedAt} IS NULL AND ${t.deletedAt} IS NULL AND ${t.status} = 'ready'`,
      ),
    index("submissions_dedupe").on(t.brandId, t.dedupeHash),
    index("submissions_link").on(t.linkId),
  ],
);

import { sql } from "drizzle-orm";
import type { Word } from "../../media/toolkit";
export type { Word };

/** The words of a recording with their timings; the machine's first version is kept beside any correction. */
export const transcripts = sqliteTable("transcripts", {
  submissionId: text("submission_id")
    .primaryKey()
    .references(() => submissions.id, { onDelete: "cascade" }),
  engine: text("engine").notNull(),
  language: text("language"),
  words: text("words", { mode: "json" }).$type<Word[]>().notNull(),
  originalWords: text("original_words", { mode: "json" }).$type<Word[]>().notNull(),
  editedAt: integer("edited_at"),
  editedBy: text("edited_by"),
  createdAt: integer("created_at").notNull(),
});

/** A resumable upload (tus 1.0) for a collected testimonial's recording. */
export const uploads = sqliteTable(
  "uploads",
  {
    id: text("id").primaryKey(),
    submissionId: text("submission_id")
      .notNull()
      .references(() => submissions.id, { onDelete: "cascade" }),
    length: integer("length").notNull(),
    declaredType: text("declared_type"),
    sniffedType: text("sniffed_type"),
    status: text("status").$type<UploadStatus>().notNull(),
    expiresAt: integer("expires_at").notNull(),
    createdAt: integer("created_at").notNull(),
    completedAt: integer("completed_at"),
  },
  (t) => [index("uploads_submission").on(t.submissionId), index("uploads_expiry").on(t.status, t.expiresAt)],
);

/**
 * Maps a testimonial to its row in the FTS5 index (`submissions_fts`, rowid = `id`), so updating or erasing one
 * entry is a lookup, not a scan of the index's unindexed columns.
 */
export const searchRows = sqliteTable(
  "search_rows",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    submissionId: text("submission_id").notNull(),
  },
  (t) => [uniqueIndex("search_rows_submission").on(t.submissionId)],
);

/**
 * A label the team puts on testimonials: one brand's (seen by everyone who sees that brand, clients included), or
 * shared by every brand (`brandId` null: seen and used by the agency's own members only). Migration 0021.
 */
export const tags = sqliteTable(
  "tags",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => orgs.id, { onDelete: "cascade" }),
    mode: text("mode").$type<Mode>().notNull(),
    /** The brand whose testimonials it labels; null for a tag shared by every brand. */
    brandId: text("brand_id").references(() => brands.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Lowercased name, unique per org and mode within its brand (or among the shared tags). */
    nameKey: text("name_key").notNull(),
    color: text("color").notNull().default("#64748b"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("tags_name_brand").on(t.orgId, t.mode, t.brandId, t.nameKey).where(sql`brand_id IS NOT NULL`),
    uniqueIndex("tags_name_shared").on(t.orgId, t.mode, t.nameKey).where(sql`brand_id IS NULL`),
    index("tags_list").on(t.orgId, t.mode, t.id),
    index("tags_brand").on(t.brandId),
  ],
);

/** Which testimonials carry which tags. */
export const submissionTags = sqliteTable(
  "submission_tags",
  {
    submissionId: text("submission_id")
      .notNull()
      .references(() => submissions.id, { onDelete: "cascade" }),
    tagId: text("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.submissionId, t.tagId] }), index("submission_tags_tag").on(t.tagId, t.submissionId)],
);
