/**
 * The widget document (format version 1): what a widget's settings select among the testimonials the one
 * visibility rule shows, presented as the contract's public item, with switched-off fields left out.
 */
import type { Deps } from "../../platform/deps";
import { sha256 } from "../../platform/crypto";
import { beaconUrl } from "../../platform/beacon-address";
import { PLANS, type PlanId } from "../../platform/access";
import { logoUrl, wallUrl, type BrandRow } from "../brands";
import { listShown, pickShown, presentShown, publicMediaUrls, shownSummary } from "../submissions";
import { DOCUMENT_VERSION, FIELD_KEYS, type DocumentItem, type FieldKey, type WidgetDocument } from "./format";
import type { WidgetSettings } from "./tables";
import { withStyle } from "./settings";

/** Item keys each switchable field controls. */
const FIELD_ITEM_KEYS: Record<FieldKey, (keyof DocumentItem)[]> = {
  avatar: ["avatar_url"],
  name: ["name"],
  title: ["title"],
  company: ["company"],
  rating: ["rating"],
  date: ["date"],
};

/** What a document is built from. */
export interface DocumentInput {
  widgetId: string | null;
  brand: BrandRow;
  settings: WidgetSettings;
  /** The organisation's plan: a plan without `remove_attribution` always shows it. */
  plan: PlanId;
}

/** The testimonials the settings select, in display order. */
function selectRows(deps: Deps, brandId: string, s: WidgetSettings) {
  if (s.selection === "manual") return pickShown(deps.db, brandId, s.submission_ids).slice(0, s.max_items);
  return listShown(deps.db, { brandId, tagIds: s.tag_ids, minRating: s.min_rating ?? undefined, limit: s.max_items });
}

/**
 * The ids of the testimonials a widget shows now, in display order (what its document lists): the analytics
 * module counts a widget's beacons only for these.
 */
export function shownIdsOf(deps: Deps, brandId: string, settings: WidgetSettings): string[] {
  return selectRows(deps, brandId, withStyle(settings)).map((r) => r.id);
}

/** Builds the document a widget publishes (or a draft would publish). */
export function buildDocument(deps: Deps, input: DocumentInput): WidgetDocument {
  const { brand } = input;
  const s = withStyle(input.settings);
  const rows = selectRows(deps, brand.id, s);
  // The face: the respondent's own photo when they gave one, else a video's thumbnail.
  const faces = new Map(
    rows.map((r) => {
      const media = publicMediaUrls(deps.config.cdnUrl, r.publicMedia);
      return [r.id, media?.avatar_url ?? (r.kind === "video" ? (media?.thumbnail_url ?? null) : null)];
    }),
  );
  const off = FIELD_KEYS.filter((k) => !s.fields[k]).flatMap((k) => FIELD_ITEM_KEYS[k]);
  const items = presentShown(deps.db, deps.config.cdnUrl, rows).map((shown) => {
    const item: DocumentItem = {
      ...shown,
      kind: shown.kind as DocumentItem["kind"],
      // The respondent's photo where they gave one, else a video's small poster (the script draws initials).
      avatar_url: shown.avatar_url ?? faces.get(shown.id) ?? null,
    };
    for (const key of off) delete item[key];
    return item;
  });
  const summary = shownSummary(deps.db, { brandId: brand.id });
  return {
    version: DOCUMENT_VERSION,
    widget_id: input.widgetId,
    generated_at: new Date(deps.clock.now()).toISOString(),
    layout: s.layout,
    theme: s.theme,
    accent_color: s.accent_color ?? brand.color,
    fields: { ...s.fields },
    style: {
      look: s.look,
      background: s.background,
      card_border: s.card_border,
      card_shadow: s.card_shadow,
      card_radius: s.card_radius,
      font: s.font,
      star_color: s.star_color,
    },
    attribution: s.show_attribution || !PLANS[input.plan].features.remove_attribution,
    ...(s.language ? { language: s.language } : {}),
    attribution_url: deps.config.appUrl,
    beacon_url: beaconUrl(deps.config.baseUrl),
    brand_name: brand.name,
    rating: { average: summary.rated ? (summary.average ?? 0) : 0, count: summary.rated },
    items,
    review_item: {
      type: brand.reviewType,
      name: brand.reviewItemName ?? brand.name,
      url: brand.websiteUrl ?? (brand.isPublic ? wallUrl(deps.config.siteUrl, brand) : null),
      image_url: logoUrl(deps.config.cdnUrl, brand),
    },
  };
}

/** A hash of what the document says, leaving out when it was generated. */
export function contentHash(doc: WidgetDocument): string {
  const { generated_at: _at, ...content } = doc;
  return sha256(JSON.stringify(content));
}
