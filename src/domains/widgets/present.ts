/** How widgets look in the API: settings, the embed snippet and the public addresses. */
import { isLanguage } from "../../platform/i18n/languages";
import type { Config } from "../../config";
import { iso } from "../../platform/clock";
import { widgetHeight } from "./format";
import { documentKey, fragmentKey } from "./publisher";
import type { WidgetRow } from "./tables";
import type { WidgetView } from "./model";
import { withStyle } from "./settings";

/** The one embed script for every widget; its address never changes (the file behind it is the current build). */
export const scriptUrl = (cdnUrl: string) => `${cdnUrl}/widget.js`;

/** Where a widget's document is published; never changes. */
export const documentUrl = (cdnUrl: string, widgetId: string) => `${cdnUrl}/${documentKey(widgetId)}`;

/** Where the widget's HTML fragment (the same testimonials as HTML needing no script) is; never changes. */
export const fragmentUrl = (cdnUrl: string, widgetId: string) => `${cdnUrl}/${fragmentKey(widgetId)}`;

const attr = (s: string) =>
  s.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

/**
 * The snippet a customer pastes: a div naming the widget with its height fixed inline (the page does not move
 * when the widget draws), then the async script. A second widget on the page needs only its div.
 */
export function snippet(cdnUrl: string, widgetId: string, height: number): string {
  return `<div data-svc-widget="${attr(widgetId)}" style="height:${height}px"></div>\n<script async src="${attr(scriptUrl(cdnUrl))}"></script>`;
}

/**
 * A widget as the API shows it. `accent_color` is always a colour (contract: a string, the brand's colour when
 * unset); `accent_color_from_brand` says it follows the brand's colour (no colour of its own is stored), so a
 * later change of the brand's colour changes the widget too.
 */
export function presentWidget(config: Pick<Config, "cdnUrl">, row: WidgetRow, brandColor: string): WidgetView {
  const s = withStyle(row.settings);
  const height = widgetHeight(s.layout, s.look);
  return {
    id: row.id,
    brand_id: row.brandId,
    name: row.name,
    layout: s.layout,
    theme: s.theme,
    accent_color: s.accent_color ?? brandColor,
    accent_color_from_brand: s.accent_color === null,
    selection: s.selection,
    tag_ids: s.tag_ids,
    min_rating: s.min_rating,
    submission_ids: s.submission_ids,
    max_items: s.max_items,
    fields: s.fields,
    look: s.look,
    background: s.background,
    card_border: s.card_border,
    card_shadow: s.card_shadow,
    card_radius: s.card_radius,
    font: s.font,
    star_color: s.star_color,
    show_attribution: s.show_attribution,
    language: isLanguage(s.language) ? s.language : null,
    snippet: snippet(config.cdnUrl, row.id, height),
    height,
    script_url: scriptUrl(config.cdnUrl),
    document_url: documentUrl(config.cdnUrl, row.id),
    html_url: fragmentUrl(config.cdnUrl, row.id),
    published_at: iso(row.publishedAt),
    mode: row.mode,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}
