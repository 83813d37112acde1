/** Request schemas of the public capture routes. */
import { t } from "elysia";
import { bodyInteger } from "../../platform/http/strict-schema";

/** Limits of what a respondent may send. */
export const CAPTURE_LIMITS = {
  minTextChars: 20,
  maxTextChars: 5000,
  maxVideoBytes: 1024 * 1024 * 1024,
  maxAudioBytes: 200 * 1024 * 1024,
  uploadTtlMs: 24 * 3600_000,
  chunkBytes: 8 * 1024 * 1024,
} as const;

/** POST /public/links/{id}/submissions body. */
export const startBody = t.Object(
  {
    kind: t.Union([t.Literal("video"), t.Literal("audio"), t.Literal("text")]),
    respondent: t.Object(
      {
        name: t.String({ minLength: 1, maxLength: 120 }),
        email: t.Optional(t.String({ maxLength: 254 })),
        title: t.Optional(t.String({ maxLength: 120 })),
        company: t.Optional(t.String({ maxLength: 120 })),
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
    text: t.Optional(t.String({ maxLength: 20000 })),
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

/** Path parameter of a link. */
export const linkParam = t.Object({ link_id: t.String({ maxLength: 64 }) });
