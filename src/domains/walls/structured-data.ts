/**
 * schema.org JSON-LD of wall pages: the item the brand's testimonials review (the brand's `review_type`, `Product`
 * unless it chose another; named by `review_item_name` or the brand's name) with an `AggregateRating` computed over
 * every testimonial the wall shows (not only this page), and each testimonial on the page with both a rating and a
 * name as a `Review`; one lacking either is shown without markup. A wall with no rating at all has no
 * `AggregateRating` (a rating count of zero is invalid markup). The same markup as the widgets' HTML fragments
 * (src/domains/brands/review-markup.ts).
 */
import { reviewable, reviewedItemJsonLd, scriptJson } from "../brands";
import type { WallItem, WallSummary } from "./wall-data";

export { scriptJson };

/** True when a testimonial is marked up as a Review. */
export const isReview = (w: WallItem) => reviewable(w.item);

/** The JSON-LD object for a wall page (or a permalink, with its one testimonial). */
export function wallJsonLd(summary: WallSummary, items: WallItem[]) {
  const { brand, rating } = summary;
  return reviewedItemJsonLd(
    {
      type: brand.reviewType,
      name: brand.reviewItemName ?? brand.name,
      url: summary.wallUrl,
      imageUrl: summary.logoUrl,
      rating: rating.count > 0 && rating.average !== null ? { average: rating.average, count: rating.count } : null,
    },
    items.filter(isReview).map((w) => ({
      url: w.url,
      name: w.item.name!,
      rating: w.item.rating!,
      text: w.item.text,
      date: w.item.date,
    })),
  );
}
