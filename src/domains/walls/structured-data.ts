/**
 * schema.org JSON-LD of wall pages: the wall is an `Organization` with an `AggregateRating` computed over every
 * testimonial the wall shows (not only this page), and each testimonial on the page with both a rating and a
 * name is a `Review`; one lacking either is shown without markup. A wall with no rating at all has no
 * `AggregateRating` (a rating count of zero is invalid markup).
 */
import type { WallItem, WallSummary } from "./wall-data";

const RATING_SCALE = { bestRating: 5, worstRating: 1 } as const;

/** True when a testimonial is marked up as a Review. */
export const isReview = (w: WallItem) => w.item.rating !== null && !!w.item.name;

function review(w: WallItem) {
  return {
    "@type": "Review",
    "@id": w.url,
    url: w.url,
    author: { "@type": "Person", name: w.item.name },
    reviewRating: { "@type": "Rating", ratingValue: w.item.rating, ...RATING_SCALE },
    ...(w.item.text ? { reviewBody: w.item.text } : {}),
    ...(w.item.date ? { datePublished: w.item.date } : {}),
  };
}

/** The JSON-LD object for a wall page (or a permalink, with its one testimonial). */
export function wallJsonLd(summary: WallSummary, items: WallItem[]) {
  const reviews = items.filter(isReview).map(review);
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    "@id": `${summary.wallUrl}#organization`,
    name: summary.brand.name,
    url: summary.wallUrl,
    logo: summary.logoUrl,
    ...(summary.rating.count > 0 && summary.rating.average !== null
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: summary.rating.average,
            ratingCount: summary.rating.count,
            ...RATING_SCALE,
          },
        }
      : {}),
    ...(reviews.length ? { review: reviews } : {}),
  };
}

/**
 * JSON for inside `<script type="application/ld+json">`: `<`, `>`, `&` and the line separators are escaped as
 * JSON `\u` sequences, so no testimonial text can close the element or open markup.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}
