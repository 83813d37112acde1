/** Walls as the public JSON routes show them (contract section 2, "Public wall"). */
import type { WallItem, WallPage, WallPermalink, WallSummary } from "./wall-data";
import { PAGE_SIZE } from "./wall-data";
import type { PermalinkView, WallItemView, WallPageView } from "./model";

/** A testimonial as the contract lists it, with its permalink (`url`) added. */
export function presentWallItem(w: WallItem): WallItemView {
  return { ...w.item, url: w.url };
}

function presentSummary(s: WallSummary) {
  return {
    brand: { name: s.brand.name, slug: s.brand.slug, logo_url: s.logoUrl, accent_color: s.brand.color },
    wall_url: s.wallUrl,
    testimonial_count: s.testimonialCount,
    rating: s.rating,
    indexable: s.indexable,
    header: { intro: s.header.intro, website_url: s.header.website, share_url: s.header.shareUrl },
  };
}

/** `GET /public/walls/{slug}?page=n`. */
export function presentWallPage(p: WallPage): WallPageView {
  return {
    ...presentSummary(p),
    url: p.url,
    page: p.page,
    page_count: p.pageCount,
    page_size: PAGE_SIZE,
    testimonials: p.items.map(presentWallItem),
  };
}

/** `GET /public/walls/{slug}/testimonials/{id}`: the testimonial with its wall's summary; `url` is its permalink. */
export function presentPermalink(p: WallPermalink): PermalinkView {
  return { ...presentSummary(p), url: p.url, testimonial: presentWallItem(p.item) };
}
