/** Request schemas of the widget routes (typebox through Elysia's `t`) and the defaults of every setting. */
import { t } from "elysia";
import { pageQuerySchema } from "../../platform/http/pagination";
import { bodyInteger } from "../../platform/http/strict-schema";
import { FIELD_KEYS, LAYOUTS, SELECTIONS, THEMES, type WidgetFields } from "./format";
import type { WidgetSettings } from "./tables";
import { PLANS, type PlanId } from "../accounts";

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
};

/**
 * The defaults a new widget starts from on `plan`: "Powered by Plaudit" is off wherever the plan allows hiding it
 * (`remove_attribution`), and on where it does not (where switching it off would be a 402).
 */
export function defaultSettingsFor(plan: PlanId): WidgetSettings {
  return { ...DEFAULT_SETTINGS, show_attribution: !PLANS[plan].features.remove_attribution };
}

const literals = <T extends readonly string[]>(values: T, description: string) =>
  t.Union(
    values.map((v) => t.Literal(v)),
    { description },
  );
const id = t.String({ minLength: 1, maxLength: 64 });

/** Every setting, each optional (omitted ones keep their current or default value). */
const settings = {
  name: t.Optional(
    t.String({
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
