/**
 * The body of `PATCH /v1/submissions/{id}`: the respondent's details the team may correct. Every field is optional,
 * at least one is required and any other field is refused (400); names and titles are bounded display text.
 */
import { t, type Static } from "elysia";
import { nullable } from "../../platform/http/response-schema";
import { lineText } from "../../platform/http/text-schema";
import { TEAM_PHOTO_LIMITS } from "./team-photo";

/** The respondent fields shared by adding a testimonial by hand and correcting one. */
export const respondentFields = {
  name: lineText({ minLength: 1, maxLength: 120, description: "The respondent's name (not blank)." }),
  title: lineText({ maxLength: 120, description: "Job title." }),
  company: lineText({ maxLength: 120 }),
  avatar: t.String({
    minLength: 1,
    maxLength: TEAM_PHOTO_LIMITS.maxBase64Chars,
    description: `A photo as base64 text (or a data: address): JPEG, PNG, WebP, GIF or AVIF of at most ${TEAM_PHOTO_LIMITS.maxBytes} bytes, cropped square to ${TEAM_PHOTO_LIMITS.side} px, metadata removed.`,
  }),
};

/** One corrected answer to a question of the collect link, by the question's id (custom_fields[].id). */
const correctedAnswer = t.Object(
  {
    id: t.String({ maxLength: 40, description: "The question's id, as in the testimonial's custom_fields." }),
    value: t.Union([lineText({ maxLength: 500 }), t.Boolean()], {
      description: "Text for a text or choice question, true or false for a yes/no one.",
    }),
  },
  { additionalProperties: false },
);

/** PATCH /v1/submissions/{id} body. */
export const correctionBody = t.Object(
  {
    respondent_name: t.Optional(respondentFields.name),
    respondent_title: t.Optional(nullable(respondentFields.title, "null or an empty string clears it.")),
    respondent_company: t.Optional(nullable(respondentFields.company, "null or an empty string clears it.")),
    avatar: t.Optional(nullable(respondentFields.avatar, "A new photo (base64); null removes the photo.")),
    custom_fields: t.Optional(
      t.Array(correctedAnswer, {
        minItems: 1,
        maxItems: 10,
        description: "Corrected answers to questions the respondent answered; each keeps its question as asked.",
      }),
    ),
  },
  { additionalProperties: false, minProperties: 1 },
);

/** The correction's body type. */
export type CorrectionBody = Static<typeof correctionBody>;
