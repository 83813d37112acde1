/**
 * Request and response schemas of the testimonial and tag routes: the list's filters, moderation bodies, and how a
 * testimonial, its transcript, its media links and a tag look in answers.
 */
import { t, type Static } from "elysia";
import { Type, type TSchema } from "@sinclair/typebox";
import { pageQuerySchema, pageSchema } from "../../platform/http/pagination";
import {
  address,
  count,
  maybeTimestamp,
  modeField,
  nullable,
  oneOf,
  timestamp,
} from "../../platform/http/response-schema";
import { lineText, multiLineText } from "../../platform/http/text-schema";
import { bodyInteger } from "../../platform/http/strict-schema";
import { BULK_ACTIONS } from "./bulk";
import { VARIANTS } from "./present";

/** Path parameter `id` of a testimonial. */
export const idParams = t.Object({ id: t.String({ maxLength: 64 }) });
/** Path parameter `tag_id`. */
export const tagParams = t.Object({ tag_id: t.String({ maxLength: 64 }) });
/** Path parameters of one tag on one testimonial. */
export const submissionTagParams = t.Object({ id: t.String({ maxLength: 64 }), tag_id: t.String({ maxLength: 64 }) });
/** Path parameters of one media variant. */
export const variantParams = t.Object({ id: t.String({ maxLength: 64 }), variant: t.String({ maxLength: 20 }) });

/* Fields shared by requests and answers. */

/** A testimonial's processing state. */
const statusField = oneOf(["uploading", "processing", "ready", "failed"], "uploading → processing → ready or failed.");
/** Where a testimonial came from. */
const originField = t.Union([t.Literal("collected"), t.Literal("imported"), t.Literal("manual")], {
  description: "collected (through a link), imported, or manual (added by hand by the team).",
});
const tagName = lineText({ minLength: 1, maxLength: 40 });
const tagColor = t.String({ pattern: "^#[0-9a-fA-F]{6}$", description: "Hex colour, e.g. #64748b." });
const transcriptText = multiLineText({
  minLength: 1,
  maxLength: 20000,
  description: "The corrected words; timings are recomputed by forced alignment.",
});
const rejectionReason = multiLineText({
  minLength: 1,
  maxLength: 500,
  description: "Kept for the team; never shown to the respondent.",
});
const bool = t.Union([t.Literal("true"), t.Literal("false")]);

/* Requests. */

/**
 * The testimonial filters, written once for the list route (query text) and exports (JSON fields): `yesNo` is how a
 * yes/no filter is written, `minIdLength` whether an empty id is refused (JSON) or means "any" (query).
 */
const filterFields = <B extends TSchema>(yesNo: B, minIdLength: 0 | 1) => {
  const id = { ...(minIdLength ? { minLength: minIdLength } : {}), maxLength: 64 };
  return {
    brand_id: t.Optional(t.String({ ...id, description: "Only this brand's testimonials." })),
    status: t.Optional(statusField),
    origin: t.Optional(originField),
    is_approved: t.Optional(yesNo),
    is_public: t.Optional(yesNo),
    tag_id: t.Optional(t.String(id)),
    q: t.Optional(
      t.String({
        minLength: 1,
        maxLength: 200,
        description: "Full-text search (the list orders results by relevance).",
      }),
    ),
  };
};

/** Filters of the list route. */
export const listQuery = t.Object({ ...pageQuerySchema, ...filterFields(bool, 0) });

/** The same filters as JSON fields (exports' bodies and an export's `filters`): yes/no as booleans, ids not empty. */
export const filterBodyFields = filterFields(t.Boolean(), 1);

/** Those fields as one object: the filters as typed values, which listing and exports filter by. */
export const filterBody = t.Object(filterBodyFields);

/** PATCH /v1/submissions/{id}/transcript body. */
export const transcriptBody = t.Object({ text: transcriptText }, { additionalProperties: false });

/** The optional words setting of the approve and visibility bodies. */
const hideWordsField = t.Optional(
  t.Boolean({
    description:
      "Recordings only. true: public places show the recording and the respondent without its words (no text, captions or transcript in widgets, walls, structured data or share pages); false: with them (refused with 409 words_unchecked while they are an unchecked machine draft). Absent: as it is.",
  }),
);

/** POST /v1/submissions/{id}/approve body (optional). */
export const approveBody = t.Optional(
  t.Object(
    {
      publish: t.Optional(
        t.Boolean({
          description:
            "true: also make it public in the same step (approve and publish; 409 not_publishable for a failed, unfinished or deleted testimonial, 409 words_unchecked for a recording whose words are an unchecked machine draft unless hide_words is true); false: also make it private; absent (or no body): visibility is left as it is.",
        }),
      ),
      hide_words: hideWordsField,
    },
    { additionalProperties: false },
  ),
);

/** POST /v1/submissions/{id}/reject body. */
export const rejectBody = t.Object({ reason: rejectionReason }, { additionalProperties: false });

/** POST /v1/submissions/{id}/visibility body. */
export const visibilityBody = t.Object(
  {
    is_public: t.Boolean({
      description:
        "true is refused (409 not_publishable) for a failed, unfinished or deleted testimonial, and (409 words_unchecked) for a recording whose words are an unchecked machine draft unless hide_words is true.",
    }),
    hide_words: hideWordsField,
  },
  { additionalProperties: false },
);

/** POST /v1/submissions/bulk body. */
export const bulkBody = t.Object(
  {
    action: oneOf(BULK_ACTIONS),
    ids: t.Array(t.String({ maxLength: 64 }), { minItems: 1, maxItems: 100 }),
    reason: t.Optional(rejectionReason),
    hide_draft_words: t.Optional(
      t.Boolean({
        description:
          "approve_and_publish and make_public: recordings whose words are an unchecked machine draft are published without their words (hide_words) instead of being skipped with words_unchecked.",
      }),
    ),
  },
  { additionalProperties: false },
);

/** The brand a tag belongs to. */
const tagBrand = nullable(
  t.String({ maxLength: 64 }),
  "The brand whose testimonials the tag labels; null for a tag shared by every brand (seen and used by the agency's own members only, never by client logins).",
);

/** POST /v1/tags body. */
export const newTagBody = t.Object(
  {
    name: tagName,
    color: t.Optional(tagColor),
    brand_id: t.Optional(
      nullable(
        t.String({ maxLength: 64 }),
        "The brand the tag is for (one you see); absent or null: shared by every brand. A client login must name one of its brands.",
      ),
    ),
  },
  { additionalProperties: false },
);
/** PATCH /v1/tags/{id} body (a tag keeps its brand). */
export const tagPatchBody = t.Partial(t.Object({ name: tagName, color: tagColor }, { additionalProperties: false }));
/** GET /v1/tags query. */
export const tagListQuery = t.Object({
  ...pageQuerySchema,
  brand_id: t.Optional(
    t.String({
      minLength: 1,
      maxLength: 64,
      description: "Only the tags usable on this brand's testimonials: its own and the shared ones.",
    }),
  ),
});
/** POST /v1/submissions/{id}/tags body. */
export const tagSubmissionBody = t.Object({ tag_id: t.String({ maxLength: 64 }) }, { additionalProperties: false });

/* Answers. */

/** A length or a moment in milliseconds. */
const ms = () => Type.Number({ minimum: 0 });

/** One spoken word and when it was said. */
export const wordSchema = t.Object({
  text: t.String(),
  start_ms: Type.Integer({ minimum: 0 }),
  end_ms: Type.Integer({ minimum: 0 }),
  confidence: t.Optional(Type.Number({ minimum: 0, maximum: 1 })),
});

/** Public addresses of a shown testimonial's published copies. */
export const publicMediaSchema = t.Object(
  {
    video_url: nullable(address()),
    audio_url: nullable(address()),
    poster_url: nullable(address()),
    thumbnail_url: nullable(address()),
    captions_url: nullable(address()),
    avatar_url: nullable(address(), "The respondent's photo (square WebP), when they gave one."),
  },
  { description: "Published copies on the CDN while the testimonial is shown; null when nothing is published." },
);

/** A tag. */
export const tagSchema = t.Object({
  id: t.String(),
  name: tagName,
  color: tagColor,
  brand_id: tagBrand,
  submission_count: t.Optional(count("Testimonials carrying the tag (in lists and on creation).")),
  created_at: timestamp(),
  updated_at: timestamp(),
});
/** The tag answer's type. */
export type TagView = Static<typeof tagSchema>;

/** The fields every event about a testimonial carries (contract section 6), and every answer. */
export const submissionEventFields = {
  id: t.String(),
  brand_id: t.String(),
  link_id: nullable(t.String()),
  kind: t.Union([t.Literal("video"), t.Literal("audio"), t.Literal("text")]),
  status: t.Union([statusField, t.Literal("erased")]),
  is_approved: t.Boolean(),
  is_public: t.Boolean(),
  duration_ms: nullable(Type.Integer({ minimum: 0 })),
  created_at: timestamp(),
};

/** A testimonial as lists show it. */
export const submissionSchema = t.Object(
  {
    ...submissionEventFields,
    origin: originField,
    collect_link_id: nullable(t.String(), "The collect link it came through (collected testimonials)."),
    failure_reason: nullable(t.String()),
    respondent_name: t.String(),
    respondent_title: nullable(t.String()),
    respondent_company: nullable(t.String()),
    rating: nullable(Type.Integer({ minimum: 1, maximum: 5 })),
    text_input: nullable(t.String(), "The words: typed by the respondent, or what they said."),
    text_source: nullable(t.String({ description: "typed or spoken." })),
    original_text: nullable(t.String(), "The first version of the words, never changed by edits."),
    language: nullable(t.String()),
    sentiment: nullable(t.Object({ score: nullable(Type.Number()), label: t.String() })),
    source: nullable(t.Object({ name: nullable(t.String()), url: nullable(t.String()) }), "Imported reviews."),
    review_url: nullable(t.String()),
    reviewed_at: nullable(t.String({ format: "date" })),
    public_media: nullable(publicMediaSchema),
    words_draft: t.Boolean({
      description:
        "A recording whose words are a machine draft nobody has checked (transcript.draft): no public place shows them; it is published only with hide_words, or once the words are corrected (PATCH …/transcript) or confirmed (POST …/transcript/confirm).",
    }),
    hide_words: t.Boolean({
      description:
        "Public places show the recording and the respondent without its words: no text, captions or transcript in widgets, walls, structured data or share pages.",
    }),
    custom_fields: t.Array(t.Object({ id: t.String(), label: t.String(), value: t.Union([t.String(), t.Boolean()]) }), {
      description: "Answers to the collect link's own questions, with each question's label as it was asked.",
    }),
    has_photo: t.Boolean({
      description: "The respondent sent a photo: media variant avatar (square WebP), and the avatar where it is shown.",
    }),
    photo_pending: t.Boolean({
      description:
        "A photo the respondent sent after the testimonial was approved or made public waits for review (media variant pending_avatar): shown nowhere public until POST /v1/submissions/{id}/photo/approve; /photo/reject discards it.",
    }),
    upload: t.Optional(
      nullable(
        t.Object({
          received_bytes: Type.Integer({ minimum: 0 }),
          total_bytes: Type.Integer({ minimum: 0 }),
          last_received_at: t.String({ format: "date-time", description: "When bytes last arrived (or it started)." }),
          stalled: t.Boolean({
            description: "Nothing received for 10 minutes: the respondent most likely left before it finished.",
          }),
          expires_at: t.String({ format: "date-time", description: "The upload address stops accepting bytes." }),
          removed_by: t.String({
            format: "date-time",
            description: "An upload not finished by expires_at is removed with its row by this time (hourly job).",
          }),
          estimated_ms_left: nullable(
            Type.Integer({ minimum: 0 }),
            "Time until the last byte arrives at the pace so far; null before any byte, or once stalled.",
          ),
        }),
        "How far the recording's upload got, while status is uploading (list and detail answers); otherwise null.",
      ),
    ),
    approved_at: maybeTimestamp(),
    corrected_at: maybeTimestamp(
      "When the team last corrected the respondent's details (PATCH /v1/submissions/{id}); the detail's `original` holds what was first sent.",
    ),
    rejected_at: maybeTimestamp(),
    rejection_reason: nullable(rejectionReason),
    mode: modeField,
    updated_at: timestamp(),
  },
  { description: "A testimonial." },
);
/** The testimonial answer's type. */
export type SubmissionView = Static<typeof submissionSchema>;

/** A transcript with word timings. */
export const transcriptSchema = t.Object({
  submission_id: t.String(),
  engine: t.String(),
  draft: t.Boolean({
    description:
      "A machine draft nobody has checked yet: no public place shows these words until they are corrected or confirmed.",
  }),
  unsure_words: count("Words the engine was unsure of (0 once edited)."),
  language: nullable(t.String(), "The language the words are in, as the speech engine says (pocketsphinx: always en)."),
  expected_language: nullable(
    t.String(),
    "The language the recording was expected in: the page it was sent from (the submission's page_language).",
  ),
  language_note: nullable(
    t.String(),
    "Why the words are not in the expected language (an English-only engine heard a recording in another language); null otherwise.",
  ),
  text: t.String(),
  words: t.Array(wordSchema),
  edited: t.Boolean(),
  edited_at: maybeTimestamp(),
  original_text: t.String(),
  original_words: t.Optional(t.Array(wordSchema, { description: "The machine's words, once edited." })),
});
/** The transcript answer's type. */
export type TranscriptView = Static<typeof transcriptSchema>;

/** A signed, expiring address of one media file. */
export const signedMediaSchema = t.Object({
  variant: oneOf(VARIANTS),
  url: address(),
  content_type: t.String(),
  expires_at: timestamp(),
});

/**
 * What the respondent first sent, for each detail the team has corrected since (fields never corrected are absent).
 */
export const originalRespondentSchema = t.Object(
  {
    respondent_name: t.Optional(t.String()),
    respondent_title: t.Optional(nullable(t.String())),
    respondent_company: t.Optional(nullable(t.String())),
    custom_fields: t.Optional(
      t.Array(t.Object({ id: t.String(), label: t.String(), value: t.Union([t.String(), t.Boolean()]) })),
    ),
    photo_replaced: t.Optional(
      t.Boolean({ description: "The photo was replaced or removed by the team (the first one is kept privately)." }),
    ),
  },
  {
    description:
      "What the respondent first sent, for each detail the team corrected (PATCH /v1/submissions/{id}); null when nothing was corrected.",
  },
);

/** The `original` object's type. */
export type OriginalView = Static<typeof originalRespondentSchema>;

/** A part of a recording, in milliseconds of the full recording. */
const trimSpan = t.Object({ start_ms: Type.Integer({ minimum: 0 }), end_ms: Type.Integer({ minimum: 0 }) });

/** A time within a recording, in milliseconds (recordings last well under a day). */
const MEDIA_MS = { minimum: 0, maximum: 86_400_000 };

/** Body of `PUT /v1/submissions/{id}/edit`: the part to keep (null: all) and a video's cover time (null: default). */
export const mediaEditBody = t.Object(
  {
    trim: t.Union(
      [
        t.Null(),
        t.Object({ start_ms: bodyInteger(MEDIA_MS), end_ms: bodyInteger(MEDIA_MS) }, { additionalProperties: false }),
      ],
      {
        description:
          "The part to keep, in milliseconds of the full recording; its edges snap to the transcript's words. Null keeps the whole recording.",
      },
    ),
    cover_ms: t.Optional(
      t.Union([t.Null(), bodyInteger(MEDIA_MS)], {
        description: "A video's cover frame, a time within the part kept; null or absent: a frame near its start.",
      }),
    ),
  },
  { additionalProperties: false },
);

/** A recording's trim and cover as the API shows them. */
export const mediaEditSchema = t.Object({
  trim: nullable(trimSpan, "The part kept, snapped to words; null: the whole recording."),
  cover_ms: nullable(Type.Integer({ minimum: 0 }), "The cover frame's time; null: a frame near the start."),
  state: oneOf(
    ["processing", "ready", "failed"],
    "processing while the copies are made; ready once public places use them; failed with error.",
  ),
  progress: Type.Integer({ minimum: 0, maximum: 100, description: "How far the copies are made (0–100)." }),
  error: nullable(t.String(), "Why the copies could not be made."),
  requested_at: timestamp(),
  duration_ms: nullable(Type.Integer({ minimum: 0 }), "The public copy's length (the trimmed copy's own duration)."),
  applied_trim: nullable(trimSpan, "The trim public places use now (the last one made)."),
  applied_cover_ms: nullable(Type.Integer({ minimum: 0 }), "The cover public places use now."),
});
/** The trim-and-cover view's type. */
export type MediaEditView = Static<typeof mediaEditSchema>;

/** `GET /v1/submissions/{id}/filmstrip`: evenly spaced frames of a video to pick a cover from. */
export const filmstripSchema = t.Object({
  duration_ms: Type.Integer({ minimum: 0 }),
  frames: t.Array(
    t.Object({
      index: Type.Integer({ minimum: 0 }),
      time_ms: Type.Integer({ minimum: 0 }),
      url: t.String({ description: "The JPEG frame (same credentials as this request)." }),
    }),
  ),
});

/** Path parameters of one filmstrip frame. */
export const frameParams = t.Object({ id: t.String({ maxLength: 64 }), index: t.String({ maxLength: 4 }) });

/** One testimonial with its words, consent and media. */
export const submissionDetailSchema = t.Composite([
  submissionSchema,
  t.Object({
    respondent_email: nullable(t.String()),
    prompt_id: nullable(t.String()),
    page_language: nullable(
      t.String(),
      "The language of the capture page it was sent from (en de fr es pt it nl ar): its emails are written in it. Null for imported and older testimonials. `language` is the language of the words themselves.",
    ),
    consent: nullable(
      t.Object({
        text: t.String({ description: "The exact words shown." }),
        version: t.String(),
        agreed_at: t.String(),
        language: nullable(
          t.String(),
          "The language the words were shown in; null for consents given before it was recorded.",
        ),
      }),
    ),
    width: nullable(Type.Integer({ minimum: 0 })),
    height: nullable(Type.Integer({ minimum: 0 })),
    transcript: nullable(transcriptSchema),
    processing: t.Optional(
      nullable(
        t.Object({
          stage: oneOf(
            ["waiting", "converting", "poster", "transcribing", "finishing"],
            "waiting (for its turn), converting (the recording), poster (the still image), transcribing (the words), finishing.",
          ),
          stage_fraction: nullable(
            Type.Number({ minimum: 0, maximum: 1 }),
            "How far the stage is, when its tool says.",
          ),
          stage_started_at: maybeTimestamp("When the stage began (waiting: when the recording arrived)."),
          estimated_ms_left: nullable(
            Type.Integer({ minimum: 0 }),
            "Time until ready, estimated from this server's pace; null when unknown.",
          ),
        }),
        "Where processing is, while status is processing; otherwise null.",
      ),
    ),
    edit: nullable(mediaEditSchema, "The trim and cover frame, with the job's progress; null when never set."),
    tags: t.Array(tagSchema),
    original: nullable(originalRespondentSchema),
    attestation: nullable(
      t.Object({
        text: t.String(),
        user_id: nullable(t.String()),
        api_key_id: nullable(t.String()),
        agreed_at: timestamp(),
      }),
      "A testimonial added by hand (origin manual): the attestation agreed to, word for word, by whom and when.",
    ),
    media: t.Record(t.String(), signedMediaSchema, { description: "Signed URLs of the variants that exist." }),
  }),
]);
/** The detail answer's type. */
export type SubmissionDetailView = Static<typeof submissionDetailSchema>;

/** POST /v1/submissions/bulk answer: one result per id. */
export const bulkResultSchema = t.Object({
  action: oneOf(BULK_ACTIONS),
  succeeded: count(),
  failed: count(),
  results: t.Array(
    t.Union([
      t.Object({ id: t.String(), ok: t.Literal(true), submission: nullable(submissionSchema) }),
      t.Object({ id: t.String(), ok: t.Literal(false), error: t.Object({ code: t.String(), message: t.String() }) }),
    ]),
  ),
});

/** One caption cue, from the transcript's words. */
export const captionCueSchema = t.Object({ start_ms: ms(), end_ms: ms(), text: t.String() });

/** A testimonial as public places show it (contract: widget document item, wall testimonial). */
export const shownItemSchema = t.Object({
  id: t.String(),
  kind: oneOf(["video", "audio", "text"]),
  name: nullable(t.String()),
  title: nullable(t.String()),
  company: nullable(t.String()),
  rating: nullable(Type.Integer({ minimum: 1, maximum: 5 })),
  date: nullable(t.String({ format: "date", description: "When the customer wrote it (imports) or sent it." })),
  text: nullable(t.String()),
  video_url: nullable(address()),
  audio_url: nullable(address()),
  poster_url: nullable(address()),
  duration_ms: nullable(ms()),
  language: nullable(t.String()),
  captions: nullable(t.Array(captionCueSchema)),
  avatar_url: t.Optional(nullable(address(), "The respondent's own photo (square), once published.")),
  width: t.Optional(
    nullable(Type.Integer({ minimum: 1 }), "A video's picture width in pixels: cards keep the recording's shape."),
  ),
  height: t.Optional(nullable(Type.Integer({ minimum: 1 }), "A video's picture height in pixels.")),
  focus: t.Optional(
    nullable(
      t.Object({ x: Type.Number({ minimum: 0, maximum: 1 }), y: Type.Number({ minimum: 0, maximum: 1 }) }),
      "Where the face is in a video's poster (fractions of its width and height), for a card that crops it a little; null: none found (crop around the centre).",
    ),
  ),
  source: t.Optional(
    nullable(
      t.Object({ name: t.String(), url: nullable(address()) }),
      "Where an imported review was first published (`name`, e.g. Google, and the review's or the source's address); null for testimonials collected here.",
    ),
  ),
  answers: t.Optional(
    t.Array(t.Object({ label: t.String(), value: t.Union([t.String(), t.Boolean()]) }), {
      description:
        "Answers to the link's own questions the owner chose to show publicly (`show_publicly`, still set on the link), as asked; yes/no answers are true or false. Absent when there are none.",
    }),
  ),
});

/** A delete's answer. */
export const deletedSchema = t.Object({ id: t.String(), deleted: t.Literal(true) });

/** A testimonial's tags. */
export const tagListSchema = t.Object({ data: t.Array(tagSchema) });

/** The lists' answers. */
export const submissionPageSchema = pageSchema(submissionSchema);
export const tagPageSchema = pageSchema(tagSchema);

/** `GET /v1/submissions/{id}/card.png`. */
export const cardQuery = t.Object({
  size: t.Optional(
    t.Union([t.Literal("square"), t.Literal("story"), t.Literal("landscape")], {
      description: "square (1080×1080, default), story (1080×1920) or landscape (1200×630).",
    }),
  ),
  download: t.Optional(t.Literal("1", { description: "1: as a file to save (Content-Disposition: attachment)." })),
});
