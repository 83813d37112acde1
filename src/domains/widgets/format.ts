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
  attribution: boolean;
  /** Where the attribution link goes. */
  attribution_url: string;
  brand_name: string;
  /** Over every testimonial the brand shows (not only this widget's); `count` is how many carry a rating. */
  rating: { average: number; count: number };
  items: DocumentItem[];
}
