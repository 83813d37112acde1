/**
 * Request and response schemas of `POST /v1/submissions`, adding a testimonial by hand (origin `manual`): words, or
 * a recording sent afterwards to the tus upload address the answer carries (the capture page's own mechanism).
 */
import { t, type Static } from "elysia";
import { bodyInteger } from "../../platform/http/strict-schema";
import { nullable } from "../../platform/http/response-schema";
import { multiLineText } from "../../platform/http/text-schema";
import { respondentFields, submissionDetailSchema } from "../submissions";
import { uploadTicketSchema } from "../capture";

/** POST /v1/submissions body. */
export const manualBody = t.Object(
  {
    brand_id: t.String({ minLength: 1, maxLength: 64, description: "A brand of the organisation in this mode." }),
    kind: t.Union([t.Literal("text"), t.Literal("video"), t.Literal("audio")]),
    text: t.Optional(
      multiLineText({
        maxLength: 20_000,
        description: "kind text: the words, 1 to 5,000 characters after trimming. Refused for a recording.",
      }),
    ),
    upload: t.Optional(
      t.Object(
        {
          size: bodyInteger({
            minimum: 1,
            maximum: Number.MAX_SAFE_INTEGER,
            description: "Bytes of the file (video up to 1 GB, audio up to 200 MB; more is 413).",
          }),
          type: t.String({ maxLength: 100, description: "The file's type, video/… or audio/… (else 415)." }),
        },
        { additionalProperties: false },
      ),
    ),
    respondent: t.Object(
      {
        name: respondentFields.name,
        email: t.Optional(t.String({ maxLength: 254, description: "Kept privately; never shown publicly." })),
        title: t.Optional(respondentFields.title),
        company: t.Optional(respondentFields.company),
        avatar: t.Optional(respondentFields.avatar),
      },
      { additionalProperties: false },
    ),
    rating: t.Optional(bodyInteger({ minimum: 1, maximum: 5 })),
    attested: t.Boolean({
      description:
        "Must be true: the sender agrees to the imports' attestation wording (stored with the testimonial as `attestation`).",
    }),
  },
  { additionalProperties: false },
);
/** The body's type. */
export type ManualBody = Static<typeof manualBody>;

/** POST /v1/submissions answer. */
export const manualResultSchema = t.Object({
  submission: submissionDetailSchema,
  upload: nullable(
    uploadTicketSchema,
    "kind video or audio: the tus 1.0 address to send the file to (as the capture page does); once its last byte is in, the testimonial is processed like a collected one. null for text.",
  ),
});
/** The answer's type. */
export type ManualResult = Static<typeof manualResultSchema>;
