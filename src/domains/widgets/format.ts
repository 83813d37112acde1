/**
 * The widget's vocabulary and the published document's format (version 1), with no runtime dependencies, so the
 * server, the embed script (`web/widget/`) and the dashboard's builder share one definition.
 */

/** Layouts a widget draws. */
export const LAYOUTS = ["wall", "carousel", "single", "avatars"] as const;
export type Layout = (typeof LAYOUTS)[number];

/** Colour themes; `auto` follows the visitor's system setting. */
export const THEMES = ["light", "dark", "auto"] as const;
export type Theme = (typeof THEMES)[number];

/** How testimonials are chosen. */
export const SELECTIONS = ["automatic", "manual"] as const;
export type Selection = (typeof SELECTIONS)[number];

/** Fields that can be switched off; a switched-off field is absent from the document. */
export const FIELD_KEYS = ["avatar", "name", "title", "company", "rating", "date"] as const;
export type FieldKey = (typeof FIELD_KEYS)[number];
export type WidgetFields = Record<FieldKey, boolean>;

/**
 * Height of the embed box per layout (CSS pixels). The snippet fixes it inline so the host page does not move
 * when the widget draws; a layout change changes it, which is why the snippet is pasted again then.
 */
export const LAYOUT_HEIGHTS: Record<Layout, number> = { wall: 640, carousel: 420, single: 380, avatars: 96 };

/**
 * Looks: a variation of a layout. `standard` suits every layout; `masonry` (cards of their natural height, packed
 * in columns, paged) goes with `wall`, `marquee` (a slowly moving row of quotes) with `carousel`, `floating` (the
 * faces-and-rating badge fixed in the visitor's bottom corner, opening the testimonials) with `avatars`.
 */
export const LOOKS = ["standard", "masonry", "marquee", "floating"] as const;
export type Look = (typeof LOOKS)[number];

/** The layout each look other than `standard` belongs to. */
export const LOOK_LAYOUT: Record<Exclude<Look, "standard">, Layout> = {
  masonry: "wall",
  marquee: "carousel",
  floating: "avatars",
};

/** Behind the widget: the theme's panel, or nothing (the host page shows through). */
export const BACKGROUNDS = ["solid", "transparent"] as const;
export type Background = (typeof BACKGROUNDS)[number];

/** Card edges: a thin border with the accent on top, a thin border, or none. */
export const CARD_BORDERS = ["accent", "subtle", "none"] as const;
export type CardBorder = (typeof CARD_BORDERS)[number];

/** Card shadows. */
export const CARD_SHADOWS = ["none", "soft", "lifted"] as const;
export type CardShadow = (typeof CARD_SHADOWS)[number];

/** Letters: a system font stack, or the host page's own font. */
export const FONTS = ["system", "inherit"] as const;
export type Font = (typeof FONTS)[number];

/** Largest card corner radius (CSS pixels). */
export const MAX_CARD_RADIUS = 24;

/** How a widget looks beyond layout, theme and accent (every value's default keeps the first release's look). */
export interface WidgetStyle {
  look: Look;
  background: Background;
  card_border: CardBorder;
  card_shadow: CardShadow;
  /** Corner radius of cards, 0 to `MAX_CARD_RADIUS` pixels. */
  card_radius: number;
  font: Font;
  /** Hex colour of the stars; null: the theme's. */
  star_color: string | null;
}

/** Every style setting's default: the look of widgets made before these settings existed. */
export const DEFAULT_STYLE: WidgetStyle = {
  look: "standard",
  background: "solid",
  card_border: "accent",
  card_shadow: "none",
  card_radius: 10,
  font: "system",
  star_color: null,
};

/**
 * The style a new widget starts with: the standard look on a transparent panel, so the cards sit on the host page's
 * own background (an opaque theme panel read as a white slab on coloured pages). Widgets stored or published
 * without a background keep reading `DEFAULT_STYLE`'s solid panel, so pasted widgets do not change.
 */
export const NEW_WIDGET_STYLE: WidgetStyle = { ...DEFAULT_STYLE, background: "transparent" };

/** The height of a widget's box: its layout's, except the floating badge, which takes no room in the page. */
export const widgetHeight = (layout: Layout, look: Look): number => (look === "floating" ? 0 : LAYOUT_HEIGHTS[layout]);

/** The document's format version; it changes only for a breaking change. */
export const DOCUMENT_VERSION = 1;

/** One caption cue, from the transcript's words. */
export interface CaptionCue {
  start_ms: number;
  end_ms: number;
  text: string;
}

/** A testimonial in the document. Keys of switched-off fields are absent. */
export interface DocumentItem {
  id: string;
  kind: "video" | "audio" | "text";
  name?: string | null;
  title?: string | null;
  company?: string | null;
  rating?: number | null;
  date?: string | null;
  /** A face for the card: the published thumbnail of a video testimonial, else null (the script draws initials). */
  avatar_url?: string | null;
  text: string | null;
  video_url: string | null;
  audio_url: string | null;
  poster_url: string | null;
  duration_ms: number | null;
  language: string | null;
  captions: CaptionCue[] | null;
  /** Answers to the link's own questions the owner chose to show (absent when none). */
  answers?: { label: string; value: string | boolean }[];
  /** A video's picture size in pixels (absent in older documents): the card keeps this shape. */
  width?: number | null;
  height?: number | null;
  /** Where the face is in a video's poster (fractions); null or absent: crop around the centre. */
  focus?: { x: number; y: number } | null;
  /** Where an imported review was first published (Google, Trustpilot…); null for testimonials collected here. */
  source?: { name: string; url: string | null } | null;
}

/** The published widget document (contract: Widget document). Readers ignore fields they do not know. */
export interface WidgetDocument {
  version: number;
  /** Null in a preview (nothing is saved). */
  widget_id: string | null;
  generated_at: string;
  layout: Layout;
  theme: Theme;
  accent_color: string;
  fields: WidgetFields;
  /** Additive: the look and card style (absent in documents published before it; read as every default). */
  style?: WidgetStyle;
  attribution: boolean;
  /** Additive (issue 26): the widget's own language; absent: the host page's `<html lang>`, else the visitor's. */
  language?: string;
  /** Where the attribution link goes. */
  attribution_url: string;
  /**
   * Additive (issue 25): where the embed script reports what visitors saw and played (`{base_url}/public/beacons`,
   * on the box even when the CDN address is a bucket). Absent in documents published before it: nothing is reported.
   */
  beacon_url?: string;
  brand_name: string;
  /** Over every testimonial the brand shows (not only this widget's); `count` is how many carry a rating. */
  rating: { average: number; count: number };
  items: DocumentItem[];
  /**
   * Additive: what the testimonials review, for the JSON-LD of the widget's HTML (`{cdn}/widgets/{id}.html`): the
   * brand's schema.org type and item name, where the item is described (the brand's website, else its public
   * wall), and its logo.
   */
  review_item?: ReviewItem;
}

/** The reviewed item of a widget document. */
export interface ReviewItem {
  type: string;
  name: string;
  url: string | null;
  image_url: string | null;
}

/** Black or white, whichever reads better on the given hex colour (at least 4.5:1 for any colour). */
export function inkOn(hex: string): string {
  const n = parseInt(hex.slice(1), 16);
  const lin = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const l = 0.2126 * lin(n >> 16) + 0.7152 * lin((n >> 8) & 255) + 0.0722 * lin(n & 255);
  return (l + 0.05) / 0.05 > 1.05 / (l + 0.05) ? "#111" : "#fff";
}
