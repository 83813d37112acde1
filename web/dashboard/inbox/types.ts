/**
 * Shapes of what the inbox reads from the testimonial routes (`/v1/submissions…`, `/v1/tags…`); only the fields
 * the inbox uses.
 */

/** Processing state of a testimonial. */
export type SubmissionStatus = "uploading" | "processing" | "ready" | "failed";

/** A word of a transcript with its place in the recording. */
export interface Word {
  text: string;
  start_ms: number;
  end_ms: number;
  /** The engine's confidence, 0 to 1, when it gives one. */
  confidence?: number;
}

/** A testimonial as lists show it. */
export interface Submission {
  id: string;
  brand_id: string;
  kind: "video" | "audio" | "text";
  status: SubmissionStatus;
  origin: "collected" | "imported";
  failure_reason: string | null;
  respondent_name: string;
  respondent_title: string | null;
  respondent_company: string | null;
  rating: number | null;
  text_input: string | null;
  text_source: "typed" | "spoken" | null;
  original_text: string | null;
  language: string | null;
  sentiment: { score: number | null; label: string } | null;
  source: { name: string | null; url: string | null } | null;
  reviewed_at: string | null;
  is_approved: boolean;
  is_public: boolean;
  approved_at: string | null;
  rejected_at: string | null;
  rejection_reason: string | null;
  duration_ms: number | null;
  created_at: string;
  updated_at: string;
}

/** What the respondent agreed to, word for word. */
export interface Consent {
  text: string;
  version: string;
  agreed_at: string;
}

/** A transcript: the current words, and the machine's first version when it was corrected. */
export interface Transcript {
  engine: string;
  /** A machine draft (offline recognition) nobody has corrected yet. */
  draft: boolean;
  /** Words the engine was unsure of (0 once corrected). */
  unsure_words: number;
  language: string | null;
  text: string;
  words: Word[];
  edited: boolean;
  edited_at: string | null;
  original_text: string;
  original_words?: Word[];
}

/** A signed, expiring address of one media file. */
export interface MediaLink {
  url: string;
  content_type: string;
  expires_at: string;
}

/** A tag. */
export interface Tag {
  id: string;
  name: string;
  color: string;
  submission_count?: number;
}

/** `GET /v1/submissions/{id}`. */
export interface SubmissionDetail extends Submission {
  respondent_email: string | null;
  consent: Consent | null;
  transcript: Transcript | null;
  tags: Tag[];
  media: Partial<Record<"original" | "video" | "audio" | "poster" | "thumbnail" | "captions", MediaLink>>;
}

/** Actions of `POST /v1/submissions/bulk`. */
export type BulkAction =
  | "approve_and_publish"
  | "approve"
  | "unapprove"
  | "reject"
  | "make_public"
  | "make_private"
  | "delete";

/** One testimonial's outcome in a bulk answer. */
export type BulkItemResult =
  | { id: string; ok: true; submission: Submission | null }
  | { id: string; ok: false; error: { code: string; message: string } };

/** `POST /v1/submissions/bulk`. */
export interface BulkAnswer {
  action: BulkAction;
  succeeded: number;
  failed: number;
  results: BulkItemResult[];
}
