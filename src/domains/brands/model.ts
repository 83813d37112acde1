/** Request and response schemas of the brand and link routes (typebox through Elysia's `t`). */
import { linkTranslationsField } from "./link-translations";
import { t, type Static } from "elysia";
import { bodyInteger } from "../../platform/http/strict-schema";
import { pageSchema } from "../../platform/http/pagination";
import { address, count, modeField, nullable, oneOf, timestamp } from "../../platform/http/response-schema";
import { lineText, multiLineText } from "../../platform/http/text-schema";
import { REVIEW_TYPE_NAMES } from "./review-markup";
import { LANGUAGES } from "../../platform/i18n/languages";

/** One of the languages the public pages speak (docs/languages.md). */
const languageField = (description: string) => oneOf(LANGUAGES, description);
/** `languages` of a brand. */
const brandLanguagesField = t.Array(languageField("A language code."), {
  minItems: 1,
  maxItems: LANGUAGES.length,
  uniqueItems: true,
  description: `The languages the brand's collect pages, removal pages and widgets offer (${LANGUAGES.join(", ")}); a visitor gets the one their browser prefers among them, else default_language. All of them by default.`,
});
/** `default_language` of a brand. */
const brandDefaultLanguageField = languageField(
  "The language when a visitor's browser prefers none of the brand's languages (default en); one of languages.",
);
/** `language` of a collect link. */
const linkLanguageField = languageField(
  "The language the link's page is shown in whatever the visitor's browser prefers; null: the visitor's choice among the brand's languages.",
);

/** A colour like #4f46e5. */
const color = t.String({ pattern: "^#[0-9a-fA-F]{6}$", description: "Hex colour, e.g. #4f46e5." });

/** Path parameter `brand_id`. */
export const brandParams = t.Object({ brand_id: t.String({ maxLength: 64 }) });
/** Path parameter `link_id`. */
export const linkParams = t.Object({ link_id: t.String({ maxLength: 64 }) });

/** Path parameters of a brand's former slug. */
export const brandFormerSlugParams = t.Object({
  brand_id: t.String({ maxLength: 64 }),
  slug: t.String({ maxLength: 80, description: "One of the brand's `former_slugs`." }),
});
/** Path parameters of a link's former slug. */
export const linkFormerSlugParams = t.Object({
  link_id: t.String({ maxLength: 64 }),
  slug: t.String({ maxLength: 80, description: "One of the link's `former_slugs`." }),
});

/** One former slug of a brand or link, kept for its organisation after the slug changed or was cleared. */
export const formerSlugSchema = t.Object(
  {
    slug: t.String(),
    held_until: timestamp(
      "Until then no other organisation can take the slug (365 days after the change). The old address leads to the current one while the slug is listed here: after this time, until someone else takes it.",
    ),
  },
  { description: "A former slug, held for its organisation." },
);
/** A former slug's type. */
export type FormerSlugView = Static<typeof formerSlugSchema>;

/** `former_slugs` of a brand or link answer. */
const formerSlugsField = (address: string) =>
  t.Array(formerSlugSchema, {
    description: `Slugs it had before, newest change first: each old address (${address}) leads to the current one, and no other organisation can take the slug until held_until. Release one with DELETE …/former-slugs/{slug}.`,
  });

/** The fields of a brand its team sets: each request body takes them, the brand answer shows them. */
const brandFields = {
  name: lineText({ minLength: 1, maxLength: 120 }),
  slug: t.String({
    maxLength: 60,
    description:
      "3-60 lowercase letters, digits and hyphens; after a change the old address keeps redirecting and the old slug stays with the organisation for 365 days (former_slugs).",
  }),
  is_public: t.Boolean({ description: "Makes the brand's wall reachable." }),
  color,
  intro_text: nullable(
    multiLineText({ maxLength: 600 }),
    "A few sentences under the name in the wall's header, up to 600 characters; empty or null for none.",
  ),
  website_url: nullable(
    t.String({ maxLength: 300 }),
    "The brand's own site (http or https), linked from the wall's header; empty or null for none.",
  ),
  wall_link_id: nullable(
    t.String({ maxLength: 64 }),
    "One of the brand's collect links: the wall's \"Share your experience\" button opens it while it takes answers; null for no button.",
  ),
};

/**
 * White-label fields of a brand (issue 29): its mail's sender name and reply address, the origins that may frame its
 * wall, and the wall's attribution line. Each is one schema, used by the change body and the brand's answer.
 */
const mailFromNameField = lineText({
  maxLength: 80,
  description:
    "The sender name of mail about or from this brand (thank-you, removal and request emails): From: \"name\" <the server's address>. One line without quotes, angle brackets or @; null or empty uses the brand's name.",
});
const mailReplyToField = t.String({
  maxLength: 254,
  description: "Where replies to this brand's mail go (Reply-To): one plain email address; null or empty for none.",
});
const frameOriginsField = t.Array(t.String({ maxLength: 300 }), {
  maxItems: 10,
  description:
    "Origins that may frame the brand's wall pages (CSP frame-ancestors), up to 10: https://client.com (https, or http on localhost for a trial; no path, no wildcard). Empty: nobody may ('none').",
});
const wallAttributionField = t.Boolean({
  description:
    "The wall's footer line \"Testimonials published with Plaudit\". false drops it where allowed: the server's own organisation (operator mode) always, hosted organisations on plans with remove_attribution (402 otherwise). On a plan without it the line shows whatever this says.",
});

const reviewTypeField = oneOf(
  REVIEW_TYPE_NAMES,
  "What the brand's testimonials review, as the schema.org type of `itemReviewed` in the JSON-LD of its wall and widget HTML: Product (default), SoftwareApplication, Course, Book, Event, Recipe, Game, Movie or CreativeWorkSeries earn review stars in Google; Service, LocalBusiness and Organization are valid but earn none (reviews a business shows about itself are ignored).",
);
const reviewItemNameField = lineText({
  maxLength: 120,
  description: "The reviewed item's name in that JSON-LD (a product's name); empty or null: the brand's name.",
});

/** POST /v1/brands body. */
export const newBrandBody = t.Object(
  { name: brandFields.name, slug: t.Optional(brandFields.slug), color: t.Optional(brandFields.color) },
  { additionalProperties: false },
);

/** PATCH /v1/brands/{id} body. */
export const brandPatchBody = t.Partial(
  t.Object(
    {
      ...brandFields,
      card_font: oneOf(
        ["sans", "serif", "display"] as const,
        "The letters of the brand's share images (GET /v1/submissions/{id}/card.png): sans (Inter), serif (Lora italic) or display (Playfair Display).",
      ),
      custom_domain: nullable(
        t.String({ maxLength: 253 }),
        "The client's own host name for this brand's wall, collect links and removal pages (reviews.client.com), pointed at this server by a CNAME record; null or empty to let it go. Live brands only; one brand per name on the server (409 domain_taken).",
      ),
      mail_from_name: nullable(mailFromNameField),
      mail_reply_to: nullable(mailReplyToField),
      frame_origins: nullable(frameOriginsField),
      wall_attribution: wallAttributionField,
      review_type: reviewTypeField,
      review_item_name: nullable(reviewItemNameField),
      languages: brandLanguagesField,
      default_language: brandDefaultLanguageField,
    },
    { additionalProperties: false },
  ),
);

/** A brand as the API shows it. */
export const brandSchema = t.Object(
  {
    id: t.String(),
    ...brandFields,
    is_default: t.Boolean({ description: "The brand every organisation starts with, per mode." }),
    submission_count: count("Testimonials of this brand (deleted ones left out)."),
    public_wall_url: address("Where the brand's wall is (reachable when is_public)."),
    logo_url: address("The brand's logo on the CDN, or the default logo."),
    former_slugs: formerSlugsField("{site_url}/b/{slug}"),
    card_font: oneOf(["sans", "serif", "display"] as const, "The letters of the brand's share images."),
    review_type: reviewTypeField,
    review_item_name: nullable(reviewItemNameField),
    languages: brandLanguagesField,
    default_language: brandDefaultLanguageField,
    custom_domain: nullable(t.String(), "The brand's own host name, or null."),
    custom_domain_status: nullable(
      oneOf(["pending", "active", "failed"] as const),
      "pending: waiting for the DNS record and the certificate; active: the wall and links are served there; failed: see custom_domain_error (tried again automatically).",
    ),
    custom_domain_error: nullable(t.String(), "Why the domain is not active, in plain words."),
    mail_from_name: nullable(mailFromNameField),
    mail_reply_to: nullable(mailReplyToField),
    frame_origins: frameOriginsField,
    wall_attribution: wallAttributionField,
    custom_domain_dns: nullable(
      t.Object({
        type: t.Literal("CNAME"),
        name: t.String(),
        value: t.String({ description: "Where the record points: this server's own name." }),
      }),
      "The DNS record the client creates for the domain.",
    ),
    status: oneOf(
      ["active", "deleting"] as const,
      "deleting: its deletion is under way (DELETE /v1/brands/{id}); its wall, widgets and links no longer answer, and it disappears once its testimonials and files are erased.",
    ),
    deletion: nullable(
      t.Object({
        requested_at: timestamp(),
        testimonials_total: count("The brand's testimonials when its deletion started, erased ones included."),
        testimonials_erased: count("How many of them are erased so far."),
      }),
      "How far the deletion is; null for a brand in use.",
    ),
    mode: modeField,
    created_at: timestamp(),
    updated_at: timestamp(),
  },
  { description: "A brand." },
);
/** The brand answer's type. */
export type BrandView = Static<typeof brandSchema>;

/** GET /v1/brands answer. */
export const brandPageSchema = pageSchema(brandSchema);

/** GET /v1/brands/{id}/deletion answer: what deleting the brand takes, said before it is done. */
export const brandDeletionPreviewSchema = t.Object(
  {
    brand_id: t.String(),
    name: t.String({ description: "The brand's name: the dashboard asks for it to be typed before deleting." }),
    can_delete: t.Boolean({ description: "False for the default brand (see reason)." }),
    reason: nullable(t.String(), "Why the brand cannot be deleted; null when it can."),
    testimonials: count("Testimonials erased for good, with their words, names, emails and answers."),
    files: count("Stored files erased: recordings, processed copies, posters, photos, published copies, the logo."),
    widgets: count("Widgets deleted: their documents answer 404 at once."),
    links: count("Collect links deleted: their pages answer 404 at once."),
    reels: count("Reels deleted, with their rendered files and shared copies."),
    requests: count("Request campaigns of its links deleted, with the outbox copies of their emails."),
    slug: t.String({ description: "The wall's slug: it stays with the organisation until slug_held_until." }),
    slug_held_until: timestamp("No other organisation can take the slug (or the links' slugs) until then."),
    custom_domain: nullable(t.String(), "The brand's own domain, released at once (another brand may use it)."),
  },
  { description: "What deleting a brand takes." },
);
/** The preview's type. */
export type BrandDeletionPreview = Static<typeof brandDeletionPreviewSchema>;

/** DELETE /v1/links/{id} answer. */
export const linkDeletedSchema = t.Object(
  {
    id: t.String(),
    deleted: t.Literal(true),
    testimonials_kept: count("Testimonials sent through the link: they stay with the brand."),
    slug: nullable(t.String(), "The link's slug, now held for the organisation; null when it had none."),
    slug_held_until: nullable(timestamp(), "Until then no other organisation can take the slug."),
  },
  { description: "A deleted collect link: its page answers 404 from now on." },
);
/** The link deletion answer's type. */
export type LinkDeletedView = Static<typeof linkDeletedSchema>;

const prompt = t.Object({
  id: t.Optional(t.String({ maxLength: 40 })),
  text: multiLineText({ minLength: 1, maxLength: 500 }),
  max_seconds: t.Optional(
    bodyInteger({ minimum: 10, maximum: 600, description: "Recording time limit for this prompt (default 120)." }),
  ),
});

/*
 * Collect-link settings beyond the contract's fields. Each is one field schema, used by the create and change
 * bodies (wrapped in `t.Optional`, and in `nullable` where null clears it) and by the link's answer, so a request
 * and the answer describe a setting the same way. The service checks the rules the schemas cannot say in words.
 */

/** `slug`: the friendly address part. */
export const linkSlugField = t.String({
  minLength: 3,
  maxLength: 60,
  description:
    "3-60 lowercase letters, digits and single hyphens; the page answers at {site_url}/c/{slug} (test mode: {site_url}/test/{org_id}/c/{slug}) and the id address keeps working. Unique among live links (test: within the organisation); a taken one is 409 slug_taken, as is another organisation's former slug for 365 days after its change. Null removes it; a removed or changed slug stays with the organisation (former_slugs).",
});
/** One kind of answer. */
export const answerKindField = t.Union([t.Literal("video"), t.Literal("audio"), t.Literal("text")]);
/** `accepts`: the kinds of answer the page takes. */
export const linkAcceptsField = t.Array(answerKindField, {
  minItems: 1,
  maxItems: 3,
  description: "Kinds of answer the page takes: any of video, audio, text (default all three).",
});
/** `ask_rating`. */
export const linkAskRatingField = t.Boolean({ description: "Ask for a 1-5 star rating (default true)." });
/** `welcome_message`. */
export const linkWelcomeField = multiLineText({
  maxLength: 1000,
  description: "Plain text shown above the questions, up to 1,000 characters; empty or null for none.",
});
/** `thank_you_message`. */
export const linkThankYouField = multiLineText({
  maxLength: 1000,
  description: "Plain text shown on the thank-you screen, up to 1,000 characters; empty or null for the default.",
});
/** `call_to_action`. */
export const linkCallToActionField = t.Object(
  {
    label: lineText({ minLength: 1, maxLength: 60, description: "Button text, 1-60 characters." }),
    url: t.String({ minLength: 1, maxLength: 2000, description: "http or https address." }),
  },
  { additionalProperties: false, description: "A button on the thank-you screen; not together with redirect_url." },
);
/** `redirect_url`. */
export const linkRedirectField = t.String({
  minLength: 1,
  maxLength: 2000,
  description: "http or https address the respondent is sent to after sending; not together with call_to_action.",
});
/** One of the link's own questions. */
export const linkCustomFieldField = t.Object(
  {
    id: t.Optional(t.String({ maxLength: 40, description: "Kept when it names an existing question." })),
    label: lineText({ minLength: 1, maxLength: 200 }),
    type: t.Union([t.Literal("short_text"), t.Literal("choice"), t.Literal("yes_no")]),
    required: t.Optional(t.Boolean({ description: "Default false." })),
    options: t.Optional(
      t.Union([
        t.Array(lineText({ minLength: 1, maxLength: 100 }), {
          maxItems: 20,
          description: "2-20 distinct choices; only for type choice.",
        }),
        t.Null(),
      ]),
    ),
    show_publicly: t.Optional(
      t.Boolean({ description: "The answer may appear with the testimonial in widgets and on walls (default false)." }),
    ),
  },
  { additionalProperties: false },
);
/** `custom_fields`. */
export const linkCustomFieldsField = t.Array(linkCustomFieldField, {
  maxItems: 10,
  description: "Up to 10 questions of your own (short text, choice, yes/no), answered beside the testimonial.",
});
/** `collect_photo`. */
export const linkCollectPhotoField = t.Boolean({
  description: "Ask for a photo (headshot or logo), cropped square and used as the avatar (default false).",
});
/** `expires_at`. */
export const linkExpiresAtField = t.String({
  maxLength: 40,
  description: "ISO 8601 time after which the page takes nothing (closed reason expired); null for never.",
});
/** `max_responses`. */
export const linkMaxResponsesField = bodyInteger({
  minimum: 1,
  maximum: 1_000_000,
  description: "Testimonials after which the page takes nothing (closed reason full); null for no cap.",
});

/** The settings every link create and change body takes. */
const linkSettingsBody = {
  slug: t.Optional(nullable(linkSlugField)),
  accepts: t.Optional(linkAcceptsField),
  ask_rating: t.Optional(linkAskRatingField),
  welcome_message: t.Optional(nullable(linkWelcomeField)),
  thank_you_message: t.Optional(nullable(linkThankYouField)),
  call_to_action: t.Optional(nullable(linkCallToActionField)),
  redirect_url: t.Optional(nullable(linkRedirectField)),
  custom_fields: t.Optional(linkCustomFieldsField),
  collect_photo: t.Optional(linkCollectPhotoField),
  expires_at: t.Optional(nullable(linkExpiresAtField)),
  max_responses: t.Optional(nullable(linkMaxResponsesField)),
  language: t.Optional(nullable(linkLanguageField)),
  translations: t.Optional(nullable(linkTranslationsField)),
};

/** Why a link takes nothing, as its answer and the capture page say: set by its team, or reached. */
export const linkClosedReasonAnswer = nullable(
  t.Union([t.Literal("paused"), t.Literal("closed"), t.Literal("expired"), t.Literal("full")]),
  "paused or closed (set by the team), expired (past expires_at) or full (max_responses reached); null while open. is_active is false whenever a reason is set.",
);

/** A custom question as answers show it (every key present). */
export const linkCustomFieldAnswer = t.Object({
  id: t.String(),
  label: t.String(),
  type: t.Union([t.Literal("short_text"), t.Literal("choice"), t.Literal("yes_no")]),
  required: t.Boolean(),
  options: nullable(t.Array(t.String())),
  show_publicly: t.Boolean(),
});

/** The settings as a link's answer carries them, for the response schema (plus `response_count`, `id_url`). */
export const linkSettingsAnswer = {
  slug: nullable(linkSlugField),
  id_url: t.String({ description: "The id address {site_url}/c/{id}: always works, slug or not." }),
  accepts: linkAcceptsField,
  ask_rating: linkAskRatingField,
  welcome_message: nullable(linkWelcomeField),
  thank_you_message: nullable(linkThankYouField),
  call_to_action: nullable(linkCallToActionField),
  redirect_url: nullable(linkRedirectField),
  custom_fields: t.Array(linkCustomFieldAnswer),
  collect_photo: linkCollectPhotoField,
  expires_at: nullable(timestamp(), linkExpiresAtField.description),
  max_responses: nullable(count(), linkMaxResponsesField.description),
  response_count: count("Testimonials sent through the link (deleted ones not counted); compared with max_responses."),
  language: nullable(linkLanguageField),
  translations: nullable(linkTranslationsField),
};

/** POST /v1/brands/{id}/links body. */
export const newLinkBody = t.Object(
  {
    title: lineText({ minLength: 1, maxLength: 200 }),
    prompts: t.Array(prompt, { minItems: 1, maxItems: 10 }),
    consent_text: multiLineText({
      minLength: 1,
      maxLength: 5000,
      description: "Shown to the respondent and stored with each testimonial word for word.",
    }),
    consent_version: lineText({
      minLength: 1,
      maxLength: 40,
      description: "Date-like version label, e.g. 2026-11-01.",
    }),
    ...linkSettingsBody,
  },
  { additionalProperties: false },
);

/** PATCH /v1/links/{id} body. */
export const linkPatchBody = t.Object(
  {
    title: t.Optional(lineText({ minLength: 1, maxLength: 200 })),
    prompts: t.Optional(t.Array(prompt, { minItems: 1, maxItems: 10 })),
    consent_text: t.Optional(multiLineText({ minLength: 1, maxLength: 5000 })),
    consent_version: t.Optional(lineText({ minLength: 1, maxLength: 40 })),
    is_active: t.Optional(t.Boolean()),
    closed_reason: t.Optional(t.Union([t.Literal("paused"), t.Literal("closed"), t.Null()])),
    ...linkSettingsBody,
  },
  { additionalProperties: false },
);

/** A prompt as answers show it (every key present). */
const promptAnswer = t.Object({
  id: t.String(),
  text: prompt.properties.text,
  max_seconds: count("Recording time limit for this prompt."),
});

/** A collect link as the API shows it: the create body's fields (every key present), its state and settings. */
export const linkSchema = t.Object(
  {
    id: t.String(),
    brand_id: t.String(),
    url: address("The address a respondent opens: the friendly one with a slug, else the id address."),
    title: newLinkBody.properties.title,
    is_active: t.Boolean({ description: "Takes testimonials now (false whenever closed_reason is set)." }),
    closed_reason: linkClosedReasonAnswer,
    prompts: t.Array(promptAnswer),
    consent_text: newLinkBody.properties.consent_text,
    consent_version: newLinkBody.properties.consent_version,
    ...linkSettingsAnswer,
    former_slugs: formerSlugsField("{site_url}/c/{slug}"),
    mode: modeField,
    created_at: timestamp(),
    updated_at: timestamp(),
  },
  { description: "A collect link." },
);
/** The link answer's type. */
export type LinkView = Static<typeof linkSchema>;

/** GET /v1/brands/{id}/links answer. */
export const linkPageSchema = pageSchema(linkSchema);
