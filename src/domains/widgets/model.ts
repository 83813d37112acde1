/** Request schemas of the widget routes (typebox through Elysia's `t`) and the defaults of every setting. */
import { LANGUAGES } from "../../platform/i18n/languages";
import { Type } from "@sinclair/typebox";
import { t, type Static } from "elysia";
import type { TBoolean } from "@sinclair/typebox";
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
import { captionCueSchema } from "../submissions";
import { bodyInteger } from "../../platform/http/strict-schema";
import { lineText } from "../../platform/http/text-schema";
import {
  BACKGROUNDS,
  CARD_BORDERS,
  CARD_SHADOWS,
  NEW_WIDGET_STYLE,
  FIELD_KEYS,
  FONTS,
  LAYOUTS,
  LOOKS,
  MAX_CARD_RADIUS,
  SELECTIONS,
  THEMES,
  type WidgetDocument,
  type WidgetFields,
} from "./format";
import type { WidgetSettings } from "./tables";
import { PLANS, type PlanId } from "../../platform/access";

/** Most testimonials a widget shows (contract §8). */
export const MAX_ITEMS = 50;

/** What a widget is before anyone changes a setting (contract: "not shown"; see docs/widgets.md). */
export const DEFAULT_SETTINGS: WidgetSettings = {
  layout: "wall",
  theme: "light",
  accent_color: null,
  selection: "automatic",
  tag_ids: [],
  min_rating: null,
  submission_ids: [],
  max_items: 12,
  fields: Object.fromEntries(FIELD_KEYS.map((k) => [k, true])) as WidgetFields,
  show_attribution: true,
  language: null,
  ...NEW_WIDGET_STYLE,
};

/**
 * The defaults a new widget starts from on `plan`: "Powered by Plaudit" is off wherever the plan allows hiding it
 * (`remove_attribution`), and on where it does not (where switching it off would be a 402).
 */
export function defaultSettingsFor(plan: PlanId): WidgetSettings {
  return { ...DEFAULT_SETTINGS, show_attribution: !PLANS[plan].features.remove_attribution };
}

const literals = <const T extends readonly [string, ...string[]]>(values: T, description: string) =>
  oneOf(values, description);
const id = t.String({ minLength: 1, maxLength: 64 });

/** Every setting, each optional (omitted ones keep their current or default value). */
const settings = {
  name: t.Optional(
    lineText({
      minLength: 1,
      maxLength: 80,
      description: "For the team; never published. Default: the layout's name.",
    }),
  ),
  layout: t.Optional(
    literals(
      LAYOUTS,
      "wall (grid of cards), carousel (scrolling row), single (one featured), avatars (faces and a rating). Default wall.",
    ),
  ),
  theme: t.Optional(literals(THEMES, "light, dark, or auto (follows the visitor's system setting). Default light.")),
  accent_color: t.Optional(
    t.Union([t.String({ pattern: "^#[0-9a-fA-F]{6}$" }), t.Null()], {
      description:
        "Hex colour such as #4f46e5; null (the default) follows the brand's colour. Widgets always answer a colour: the brand's while none is set (then accent_color_from_brand is true).",
    }),
  ),
  selection: t.Optional(
    literals(
      SELECTIONS,
      "automatic: newest approvals first, narrowed by tag_ids and min_rating; manual: exactly submission_ids in order. Default automatic.",
    ),
  ),
  tag_ids: t.Optional(
    t.Array(id, {
      maxItems: 20,
      uniqueItems: true,
      description: "Automatic selection: testimonials carrying any of these tags (empty: any).",
    }),
  ),
  min_rating: t.Optional(
    t.Union([bodyInteger({ minimum: 1, maximum: 5 }), t.Null()], {
      description: "Automatic selection: only testimonials rated at least this (null: any, default).",
    }),
  ),
  submission_ids: t.Optional(
    t.Array(id, {
      maxItems: MAX_ITEMS,
      uniqueItems: true,
      description: "Manual selection, in display order; a pick no longer shown is skipped.",
    }),
  ),
  max_items: t.Optional(
    bodyInteger({
      minimum: 1,
      maximum: MAX_ITEMS,
      description: "At most this many testimonials (1 to 50, default 12).",
    }),
  ),
  fields: t.Optional(
    t.Object(Object.fromEntries(FIELD_KEYS.map((k) => [k, t.Optional(t.Boolean())])), {
      additionalProperties: false,
      description:
        "Which details appear (all true by default); a switched-off field is omitted from the document. In PATCH, only the given keys change.",
    }),
  ),
  look: t.Optional(
    literals(
      LOOKS,
      "standard (any layout), masonry (wall), marquee (carousel), floating (avatars: a badge in the visitor's corner). A look of another layout is a 400; a layout change without a look falls back to standard. Default standard.",
    ),
  ),
  background: t.Optional(
    literals(
      BACKGROUNDS,
      "solid (the theme's panel) or transparent (the page shows through). Default transparent (widgets stored without a background read as solid).",
    ),
  ),
  card_border: t.Optional(
    literals(CARD_BORDERS, "accent (thin border, accent on top), subtle (thin border) or none. Default accent."),
  ),
  card_shadow: t.Optional(literals(CARD_SHADOWS, "none, soft or lifted. Default none.")),
  card_radius: t.Optional(
    bodyInteger({
      minimum: 0,
      maximum: MAX_CARD_RADIUS,
      description: "Card corner radius in pixels (0 to 24, default 10).",
    }),
  ),
  font: t.Optional(literals(FONTS, "system (a system font stack) or inherit (the host page's font). Default system.")),
  star_color: t.Optional(
    t.Union([t.String({ pattern: "^#[0-9a-fA-F]{6}$" }), t.Null()], {
      description: "Hex colour of the stars; null (the default) uses the theme's amber, which reads on both themes.",
    }),
  ),
  language: t.Optional(
    t.Union([literals(LANGUAGES, "A language code."), t.Null()], {
      description: `The language of the widget's own words ("Read more") and dates: ${LANGUAGES.join(", ")}; null (the default) follows the host page's <html lang>, else the visitor's browser.`,
    }),
  ),
  show_attribution: t.Optional(
    t.Boolean({
      description:
        'The "Powered by Plaudit" link. Default: false on plans that may hide it (Starter and above), true on Free; false needs a paid plan (402 on Free).',
    }),
  ),
};

/** Path parameter of a widget. */
export const widgetParams = t.Object({ id });

/** POST /v1/widgets and POST /v1/widgets/preview body: only `brand_id` is required. */
export const newWidgetBody = t.Object({ brand_id: id, ...settings }, { additionalProperties: false });

/** PATCH /v1/widgets/{id} body. */
export const widgetPatchBody = t.Object(settings, { additionalProperties: false });

/** GET /v1/widgets query. */
export const widgetListQuery = t.Object({ brand_id: t.Optional(id), ...pageQuerySchema });

/** A widget's settings as sent (create, patch, preview). */
export type SettingsInput = Partial<Omit<WidgetSettings, "fields">> & { fields?: Partial<WidgetFields>; name?: string };

/* Answers. A widget shows every setting its requests take, each present; the document mirrors format.ts. */

/** Which details appear, every key present. */
const fieldsAnswer = t.Object(
  Object.fromEntries(FIELD_KEYS.map((k) => [k, t.Boolean()])) as Record<(typeof FIELD_KEYS)[number], TBoolean>,
);

/** A widget: every setting, its embed snippet and its public addresses. */
export const widgetSchema = t.Object({
  id: t.String(),
  brand_id: t.String(),
  ...t.Required(t.Object(settings)).properties,
  accent_color: t.String({ description: "The widget's colour, or the brand's while it has none of its own." }),
  accent_color_from_brand: t.Boolean({ description: "No colour of its own: follows the brand's colour." }),
  fields: fieldsAnswer,
  snippet: t.String({ description: "The HTML to paste: a div with the height fixed inline, then the script." }),
  height: count("Height of the embed box in CSS pixels (0 for the floating badge)."),
  script_url: address(),
  document_url: address("The published document (JSON) the script reads."),
  html_url: address(
    "The same testimonials as an HTML fragment that needs no script (scoped styles, JSON-LD reviews), to include in the page on the server: the embed script leaves it as it is.",
  ),
  published_at: maybeTimestamp(),
  mode: modeField,
  created_at: timestamp(),
  updated_at: timestamp(),
});
/** The widget answer's type. */
export type WidgetView = Static<typeof widgetSchema>;

/** A testimonial in the widget document; keys of switched-off fields are absent. */
const documentItemSchema = t.Object({
  id: t.String(),
  kind: oneOf(["video", "audio", "text"]),
  name: t.Optional(nullable(t.String())),
  title: t.Optional(nullable(t.String())),
  company: t.Optional(nullable(t.String())),
  rating: t.Optional(nullable(Type.Number({ minimum: 1, maximum: 5 }))),
  date: t.Optional(nullable(t.String())),
  avatar_url: t.Optional(nullable(address())),
  text: nullable(t.String()),
  video_url: nullable(address()),
  audio_url: nullable(address()),
  poster_url: nullable(address()),
  duration_ms: nullable(Type.Number({ minimum: 0 })),
  language: nullable(t.String()),
  captions: nullable(t.Array(captionCueSchema)),
});

/** The widget document (version 1), as published on the CDN and answered by the preview. */
export const widgetDocumentSchema = t.Object({
  version: Type.Number({ description: "Changes only for a breaking change." }),
  widget_id: nullable(t.String(), "Null in a preview."),
  generated_at: timestamp(),
  layout: oneOf(LAYOUTS),
  theme: oneOf(THEMES),
  accent_color: t.String(),
  fields: fieldsAnswer,
  style: t.Optional(
    t.Object({
      look: oneOf(LOOKS),
      background: oneOf(BACKGROUNDS),
      card_border: oneOf(CARD_BORDERS),
      card_shadow: oneOf(CARD_SHADOWS),
      card_radius: Type.Number({ minimum: 0, maximum: MAX_CARD_RADIUS }),
      font: oneOf(FONTS),
      star_color: nullable(t.String()),
    }),
  ),
  attribution: t.Boolean(),
  language: t.Optional(t.String({ description: "The widget's language, when it has one of its own." })),
  attribution_url: address(),
  beacon_url: t.Optional(address("Where the embed script reports views, plays and clicks (the box's own address).")),
  brand_name: t.String(),
  rating: t.Object({ average: Type.Number({ minimum: 0, maximum: 5 }), count: count() }),
  items: t.Array(documentItemSchema),
  review_item: t.Optional(
    t.Object(
      {
        type: t.String({ description: "The brand's review_type (schema.org)." }),
        name: t.String({ description: "The reviewed item's name: the brand's review_item_name, else its name." }),
        url: nullable(t.String(), "The brand's website, else its public wall; null when neither."),
        image_url: nullable(t.String(), "The brand's logo."),
      },
      { description: "What the testimonials review, for the JSON-LD of the widget's HTML ({cdn}/widgets/{id}.html)." },
    ),
  ),
});

/** format.ts's `WidgetDocument` and this schema describe the same document (checked by the compiler both ways). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const documentShapesAgree: Same<Static<typeof widgetDocumentSchema>, WidgetDocument> = true;
void documentShapesAgree;

/** DELETE /v1/widgets/{id} answer. */
export const widgetDeletedSchema = t.Object({ id: t.String(), deleted: t.Literal(true) });

/** GET /v1/widgets answer. */
export const widgetPageSchema = pageSchema(widgetSchema);
