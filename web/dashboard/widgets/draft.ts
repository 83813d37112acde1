/**
 * The builder's working copy of a widget: the settings a person is editing, made from a saved widget or the
 * defaults, and turned back into the request body of create, change and preview.
 */
import {
  DEFAULT_STYLE,
  NEW_WIDGET_STYLE,
  FIELD_KEYS,
  LAYOUT_HEIGHTS,
  LOOK_LAYOUT,
  MAX_CARD_RADIUS,
  widgetHeight,
  type Background,
  type CardBorder,
  type CardShadow,
  type Font,
  type Layout,
  type Look,
  type Selection,
  type Theme,
  type WidgetFields,
  type WidgetStyle,
} from "../../../src/domains/widgets/format";
import type { WidgetView } from "../../../src/domains/widgets/model";
import { t } from "../i18n";

export { FIELD_KEYS, LAYOUT_HEIGHTS, LOOK_LAYOUT, MAX_CARD_RADIUS, widgetHeight };
export type { Background, CardBorder, CardShadow, Font, Layout, Look, Theme, Selection, WidgetFields };

/** A widget as the API answers it. */
export type Widget = WidgetView;

/** The settings the builder edits. */
export type Draft = Pick<
  Widget,
  | "name"
  | "layout"
  | "theme"
  | "selection"
  | "tag_ids"
  | "min_rating"
  | "submission_ids"
  | "max_items"
  | "fields"
  | "show_attribution"
  | "language"
  | keyof WidgetStyle
> & {
  /** The widget's own colour, or null to follow the brand's (answers always carry a colour). */
  accent_color: string | null;
};

/** Words for each layout and theme, in the order the builder offers them. */
export const LAYOUT_LABELS: Record<Layout, string> = {
  wall: t("widgets.draft.layout_wall"),
  carousel: t("widgets.draft.layout_carousel"),
  single: t("widgets.draft.layout_single"),
  avatars: t("widgets.draft.layout_avatars"),
};
export const THEME_LABELS: Record<Theme, string> = {
  light: t("widgets.draft.theme_light"),
  dark: t("widgets.draft.theme_dark"),
  auto: t("widgets.draft.theme_auto"),
};
/** The looks a layout offers, with their words: `standard` and the layout's own. */
export const LOOK_LABELS: Record<Look, string> = {
  standard: t("widgets.draft.look_standard"),
  masonry: t("widgets.draft.look_masonry"),
  marquee: t("widgets.draft.look_marquee"),
  floating: t("widgets.draft.look_floating"),
};
export const BACKGROUND_LABELS: Record<Background, string> = {
  solid: t("widgets.draft.background_solid"),
  transparent: t("widgets.draft.background_transparent"),
};
export const BORDER_LABELS: Record<CardBorder, string> = {
  accent: t("widgets.draft.border_accent"),
  subtle: t("widgets.draft.border_subtle"),
  none: t("widgets.draft.border_none"),
};
export const SHADOW_LABELS: Record<CardShadow, string> = {
  none: t("widgets.draft.shadow_none"),
  soft: t("widgets.draft.shadow_soft"),
  lifted: t("widgets.draft.shadow_lifted"),
};
export const FONT_LABELS: Record<Font, string> = {
  system: t("widgets.draft.font_system"),
  inherit: t("widgets.draft.font_inherit"),
};
export const FIELD_LABELS: Record<keyof WidgetFields, string> = {
  avatar: t("widgets.draft.field_avatar"),
  name: t("widgets.draft.field_name"),
  title: t("widgets.draft.field_title"),
  company: t("widgets.draft.field_company"),
  rating: t("widgets.draft.field_rating"),
  date: t("widgets.draft.field_date"),
};

/**
 * A new widget's settings (the server's defaults); `showAttribution` follows the plan: off where the plan may
 * hide "Powered by Plaudit", on where it may not.
 */
export const newDraft = (showAttribution = true): Draft => ({
  name: "",
  layout: "wall",
  theme: "light",
  accent_color: null,
  selection: "automatic",
  tag_ids: [],
  min_rating: null,
  submission_ids: [],
  max_items: 12,
  fields: { avatar: true, name: true, title: true, company: true, rating: true, date: true },
  show_attribution: showAttribution,
  language: null,
  ...NEW_WIDGET_STYLE,
});

/** The editable settings of a saved widget; a widget following its brand's colour keeps following it (null). */
export const draftOf = (w: Widget): Draft => ({
  name: w.name,
  layout: w.layout,
  theme: w.theme,
  accent_color: w.accent_color_from_brand ? null : w.accent_color,
  selection: w.selection,
  tag_ids: w.tag_ids,
  min_rating: w.min_rating,
  submission_ids: w.submission_ids,
  max_items: w.max_items,
  fields: w.fields,
  show_attribution: w.show_attribution,
  language: w.language ?? null,
  look: w.look ?? DEFAULT_STYLE.look,
  background: w.background ?? DEFAULT_STYLE.background,
  card_border: w.card_border ?? DEFAULT_STYLE.card_border,
  card_shadow: w.card_shadow ?? DEFAULT_STYLE.card_shadow,
  card_radius: w.card_radius ?? DEFAULT_STYLE.card_radius,
  font: w.font ?? DEFAULT_STYLE.font,
  star_color: w.star_color ?? DEFAULT_STYLE.star_color,
});

/** The request body for a draft; an empty name lets the server name the widget after its layout. */
export function bodyOf(d: Draft): Record<string, unknown> {
  const { name, ...rest } = d;
  return name.trim() ? { name: name.trim(), ...rest } : rest;
}

/** True when two drafts would save the same widget (the builder's "unsaved changes" test). */
export function sameDraft(a: Draft, b: Draft): boolean {
  const keys = Object.keys(a) as (keyof Draft)[];
  return keys.every((k) =>
    k === "fields"
      ? FIELD_KEYS.every((f) => a.fields[f] === b.fields[f])
      : k === "name"
        ? a.name.trim() === b.name.trim()
        : JSON.stringify(a[k]) === JSON.stringify(b[k]),
  );
}

/** What the organisation's plan says about "Powered by Plaudit", read from `GET /v1/billing`. */
export interface AttributionPlan {
  /** The organisation's plan, by name ("Plus"). */
  planName: string;
  /** True when the plan may hide the attribution. */
  mayHide: boolean;
  /** The cheapest plan that may hide it, by name and id, when this one may not. */
  upgrade: { id: string; name: string } | null;
}

/** Reads `AttributionPlan` from the billing answer (plans are listed cheapest first). */
export function attributionPlan(billing: {
  plan: string;
  plans: { id: string; name: string; features?: Record<string, boolean> }[];
}): AttributionPlan {
  const at = billing.plans.findIndex((p) => p.id === billing.plan);
  const current = billing.plans[at];
  const mayHide = current?.features?.remove_attribution === true;
  const upgrade = mayHide ? null : (billing.plans.slice(at + 1).find((p) => p.features?.remove_attribution) ?? null);
  return {
    planName: current?.name ?? billing.plan,
    mayHide,
    upgrade: upgrade && { id: upgrade.id, name: upgrade.name },
  };
}
