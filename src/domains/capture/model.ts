/**
 * Request and response schemas of the public capture routes. What the page shows of a link is the link's own answer
 * (brands' `linkSchema`) narrowed to what a respondent may see, so a new link setting reaches both the same way.
 */
import { t, type Static } from "elysia";
import { address, count, nullable, timestamp } from "../../platform/http/response-schema";
import { linkCustomFieldAnswer, linkSchema } from "../brands";
import { bodyInteger } from "../../platform/http/strict-schema";
import { lineText, multiLineText } from "../../platform/http/text-schema";

/** Limits of what a respondent may send. */
export const CAPTURE_LIMITS = {
  minTextChars: 20,
  maxTextChars: 5000,
  maxVideoBytes: 1024 * 1024 * 1024,
  maxAudioBytes: 200 * 1024 * 1024,
  uploadTtlMs: 24 * 3600_000,
  chunkBytes: 8 * 1024 * 1024,
  maxShortTextChars: 500,
} as const;

/** Limits of a respondent's photo: bytes sent, pixels decoded, the square side kept and how long its URL works. */
export const PHOTO_LIMITS = {
  maxBytes: 7 * 1024 * 1024,
  maxInputPixels: 40_000_000,
  side: 400,
  urlTtlMs: 24 * 3600_000,
} as const;

/** One answer to a link's own question. */
export const customAnswerBody = t.Object(
  {
    id: t.String({ maxLength: 40, description: "The question's id (custom_fields[].id of the link)." }),
    value: t.Union([lineText({ maxLength: 500 }), t.Boolean()], {
      description:
        "Text for short_text (up to 500 characters) and choice (one of its options); true or false for yes_no.",
    }),
  },
  { additionalProperties: false },
);

/** POST /public/links/{id}/submissions body. */
export const startBody = t.Object(
  {
    kind: t.Union([t.Literal("video"), t.Literal("audio"), t.Literal("text")]),
    respondent: t.Object(
      {
        name: lineText({ minLength: 1, maxLength: 120 }),
        email: t.Optional(t.String({ maxLength: 254 })),
        title: t.Optional(lineText({ maxLength: 120 })),
        company: t.Optional(lineText({ maxLength: 120 })),
      },
      { additionalProperties: false },
    ),
    rating: t.Optional(bodyInteger({ minimum: 1, maximum: 5 })),
    prompt_id: t.Optional(t.String({ maxLength: 40 })),
    consent: t.Object(
      {
        agreed: t.Boolean(),
        text: t.String({ maxLength: 5000 }),
        version: t.String({ maxLength: 40 }),
      },
      { additionalProperties: false },
    ),
    text: t.Optional(multiLineText({ maxLength: 20000 })),
    custom_fields: t.Optional(
      t.Array(customAnswerBody, {
        maxItems: 10,
        description: "Answers to the link's own questions; a required one must be answered.",
      }),
    ),
    language: t.Optional(
      t.String({
        maxLength: 35,
        pattern: "^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$",
        description:
          "The language the page was shown in (a BCP 47 tag; en de fr es pt it nl ar). Recorded on the testimonial; its emails are written in it. Without it, the server chooses as the page does (the link's language, else Accept-Language among the brand's languages, else its default).",
      }),
    ),
    request_token: t.Optional(
      t.String({
        maxLength: 128,
        description: "The `r` of a personal link from a request email: marks that person as having answered.",
      }),
    ),
    upload: t.Optional(
      t.Object(
        {
          // The real cap (per kind) is the service's, answered 413; the schema only keeps the number sane.
          size: bodyInteger({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
          type: t.String({ maxLength: 100 }),
          name: t.Optional(t.String({ maxLength: 255 })),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

/** Path parameter of a testimonial (photo upload). */
export const submissionParam = t.Object({ submission_id: t.String({ maxLength: 64 }) });

/** Path parameter of a link. */
export const linkParam = t.Object({ link_id: t.String({ maxLength: 64 }) });
/** Query of the signed upload and photo addresses. */
export const signedQuery = t.Object({
  exp: t.Optional(t.String({ maxLength: 20 })),
  sig: t.Optional(t.String({ maxLength: 64 })),
});
/** Path parameter of an upload. */
export const uploadParams = t.Object({ upload_id: t.String({ maxLength: 64 }) });

/** The link's fields the capture page shows, as the link's answer has them. */
const shownLinkFields = t.Pick(linkSchema, [
  "id",
  "title",
  "is_active",
  "closed_reason",
  "prompts",
  "consent_text",
  "consent_version",
  "accepts",
  "ask_rating",
  "welcome_message",
  "thank_you_message",
  "call_to_action",
  "redirect_url",
  "collect_photo",
  "mode",
  "translations",
]);

/** `GET /public/links/{id}` answer: what the capture page shows, and the limits of what it may send. */
export const linkViewSchema = t.Composite([
  shownLinkFields,
  t.Object({
    closed_message: nullable(t.String(), "Why the page takes nothing, in words for the respondent."),
    custom_fields: t.Array(t.Omit(linkCustomFieldAnswer, ["show_publicly"])),
    brand: t.Object({ name: t.String(), color: t.String(), logo_url: address() }),
    limits: t.Object({
      min_text_chars: count(),
      max_text_chars: count(),
      max_video_bytes: count(),
      max_audio_bytes: count(),
      max_seconds: count("The longest prompt's recording limit."),
      total_seconds: count("A guided recording runs through every prompt: their limits together."),
      chunk_bytes: count("Upload chunk size."),
      max_photo_bytes: count(),
      max_short_text_chars: count(),
    }),
  }),
]);
/** The link view's type. */
export type LinkViewAnswer = Static<typeof linkViewSchema>;

/** Where and how to send a recording (tus 1.0 core). */
export const uploadTicketSchema = t.Object({
  protocol: t.Literal("tus"),
  url: address("The signed upload address."),
  expires_at: timestamp(),
  length: count("Bytes to send."),
  chunk_bytes: count("Send chunks of at most this size."),
});

/** `POST /public/links/{id}/submissions` answer. */
export const startedSchema = t.Object({
  submission_id: t.String(),
  status: t.String({ description: "ready for a written testimonial; uploading for a recording." }),
  kind: startBody.properties.kind,
  upload: nullable(uploadTicketSchema, "Recordings: where to send the file."),
  photo_upload: nullable(
    t.Object({ url: address(), field: t.String(), max_bytes: count(), expires_at: timestamp() }),
    "On a link that asks for a photo: the signed address to send it to.",
  ),
});
/** The send answer's type. */
export type StartedAnswer = Static<typeof startedSchema>;

/** `POST /public/submissions/{id}/photo` answer. */
export const photoAddedSchema = t.Object({
  submission_id: t.String(),
  photo: t.Boolean({ description: "true: the photo is kept, cropped square, as the avatar." }),
  waiting_for_review: t.Boolean({
    description:
      "true: the testimonial was already approved or made public, so the photo waits for the team to accept it before it is shown.",
  }),
});

/** The tus answers, which have no body (their headers carry the offsets). */
export const TUS_ANSWERS = {
  head: {
    200: {
      description: "The bytes the server has: Upload-Offset and Upload-Length headers, no body.",
      headers: {
        "upload-offset": { schema: { type: "integer" as const, minimum: 0 } },
        "upload-length": { schema: { type: "integer" as const, minimum: 0 } },
      },
    },
  },
  patch: {
    204: {
      description: "The chunk was appended: the Upload-Offset header says how many bytes the server now has.",
      headers: { "upload-offset": { schema: { type: "integer" as const, minimum: 0 } } },
    },
  },
  delete: {
    204: {
      description: "Discarded: the partial file and the unfinished testimonial are gone; the address answers 410.",
    },
  },
};
