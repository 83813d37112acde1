/** Request schemas of the brand and link routes (typebox through Elysia's `t`). */
import { t } from "elysia";
import { bodyInteger } from "../../platform/http/strict-schema";

/** A colour like #4f46e5. */
const color = t.String({ pattern: "^#[0-9a-fA-F]{6}$", description: "Hex colour, e.g. #4f46e5." });

/** Path parameter `brand_id`. */
export const brandParams = t.Object({ brand_id: t.String({ maxLength: 64 }) });
/** Path parameter `link_id`. */
export const linkParams = t.Object({ link_id: t.String({ maxLength: 64 }) });

/** POST /v1/brands body. */
export const newBrandBody = t.Object(
  {
    name: t.String({ minLength: 1, maxLength: 120 }),
    slug: t.Optional(t.String({ maxLength: 60 })),
    color: t.Optional(color),
  },
  { additionalProperties: false },
);

/** PATCH /v1/brands/{id} body. */
export const brandPatchBody = t.Object(
  {
    name: t.Optional(t.String({ minLength: 1, maxLength: 120 })),
    slug: t.Optional(
      t.String({
        maxLength: 60,
        description: "3-60 lowercase letters, digits and hyphens; the old address keeps redirecting.",
      }),
    ),
    is_public: t.Optional(t.Boolean({ description: "Makes the brand's wall reachable." })),
    color: t.Optional(color),
  },
  { additionalProperties: false },
);

const prompt = t.Object({
  id: t.Optional(t.String({ maxLength: 40 })),
  text: t.String({ minLength: 1, maxLength: 500 }),
  max_seconds: t.Optional(
    bodyInteger({ minimum: 10, maximum: 600, description: "Recording time limit for this prompt (default 120)." }),
  ),
});

/** POST /v1/brands/{id}/links body. */
export const newLinkBody = t.Object(
  {
    title: t.String({ minLength: 1, maxLength: 200 }),
    prompts: t.Array(prompt, { minItems: 1, maxItems: 10 }),
    consent_text: t.String({
      minLength: 1,
      maxLength: 5000,
      description: "Shown to the respondent and stored with each testimonial word for word.",
    }),
    consent_version: t.String({
      minLength: 1,
      maxLength: 40,
      description: "Date-like version label, e.g. 2026-11-01.",
    }),
  },
  { additionalProperties: false },
);

/** PATCH /v1/links/{id} body. */
export const linkPatchBody = t.Object(
  {
    title: t.Optional(t.String({ minLength: 1, maxLength: 200 })),
    prompts: t.Optional(t.Array(prompt, { minItems: 1, maxItems: 10 })),
    consent_text: t.Optional(t.String({ minLength: 1, maxLength: 5000 })),
    consent_version: t.Optional(t.String({ minLength: 1, maxLength: 40 })),
    is_active: t.Optional(t.Boolean()),
    closed_reason: t.Optional(t.Union([t.Literal("paused"), t.Literal("closed"), t.Null()])),
  },
  { additionalProperties: false },
);
