/** Shapes the capture page reads from and sends to the public capture API; the answers are the server's schemas. */
import type { Static } from "elysia";
import type { LinkViewAnswer, StartedAnswer, startBody } from "../../src/domains/capture/model";

/** One question of a link, with its recording time limit. */
export type Prompt = LinkView["prompts"][number];

/** One of the link's own questions. */
export type CustomFieldView = LinkView["custom_fields"][number];

/** `GET /public/links/{id}`: everything the page shows (the server's schema, src/domains/capture/model.ts). */
export type LinkView = LinkViewAnswer;

/** An answer to one of the link's own questions (text, or yes/no). */
export type CustomValue = string | boolean;

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
export type UploadTicket = NonNullable<Started["upload"]>;

/** What `POST /public/links/{id}/submissions` takes (the server's schema). */
export type StartBody = Static<typeof startBody>;

/** `POST /public/links/{id}/submissions` answer (the server's schema). */
export type Started = StartedAnswer;
