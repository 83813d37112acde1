/** Shapes the capture page reads from and sends to the public capture API. */

/** One question of a link, with its recording time limit. */
export interface Prompt {
  id: string;
  text: string;
  max_seconds: number;
}

/** `GET /public/links/{id}`: everything the page shows. */
export interface LinkView {
  id: string;
  title: string;
  is_active: boolean;
  closed_reason: string | null;
  closed_message: string | null;
  prompts: Prompt[];
  consent_text: string;
  consent_version: string;
  mode: "live" | "test";
  brand: { name: string; color: string; logo_url: string };
  limits: {
    min_text_chars: number;
    max_text_chars: number;
    max_video_bytes: number;
    max_audio_bytes: number;
    max_seconds: number;
    chunk_bytes: number;
  };
}

/** The three ways to answer. */
export type Method = "video" | "audio" | "text";

/** A recording or chosen file, kept in the browser until it is sent. */
export interface MediaAnswer {
  kind: "video" | "audio";
  blob: Blob;
  /** Object URL for playback; revoked when the answer is dropped. */
  url: string;
  /** Measured length of a recording in the page (null for a chosen file). */
  durationMs: number | null;
  /** File name of a chosen file (null for a recording). */
  name: string | null;
}

/** Who is answering. */
export interface Respondent {
  name: string;
  email: string;
  title: string;
  company: string;
}

/** The upload the server hands out for a recording (tus 1.0 core). */
export interface UploadTicket {
  protocol: "tus";
  url: string;
  expires_at: string;
  length: number;
  chunk_bytes: number;
}

/** `POST /public/links/{id}/submissions` answer. */
export interface Started {
  submission_id: string;
  status: string;
  kind: Method;
  upload: UploadTicket | null;
}
