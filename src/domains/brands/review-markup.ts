/**
 * What a brand's testimonials review, for search engines (issue 25): the schema.org type of the reviewed item
 * (`review_type`, migration 0029) and its name, and the JSON-LD both the wall pages and the widgets' HTML
 * fragments (`{cdn}/widgets/{id}.html`) print: the reviewed item, with an `AggregateRating` over every testimonial the
 * brand shows and a `Review` for each testimonial on the page that has a name and a rating.
 *
 * Which types earn review stars: Google shows review snippets for a closed list of `itemReviewed` types, and
 * ignores reviews a business publishes about itself when the item is an `Organization` or `LocalBusiness`
 * ("self-serving reviews", 2019). So the default is `Product`, offered types say whether Google honours them, and
 * docs/widgets.md explains the choice.
 */

/** A type a brand's testimonials may review, and whether Google shows review stars for it. */
export interface ReviewType {
  type: string;
  /** Google shows review snippets (stars) for this type on the brand's own pages. */
  stars: boolean;
  /** When to choose it, in plain words (the dashboard's hint). */
  hint: string;
}

/** The types offered, the default first. */
export const REVIEW_TYPES: readonly ReviewType[] = [
  { type: "Product", stars: true, hint: "Something customers buy: goods, a plan, a package." },
  { type: "SoftwareApplication", stars: true, hint: "An app or software product." },
  { type: "Course", stars: true, hint: "A course or training people take." },
  { type: "Book", stars: true, hint: "A book." },
  { type: "Event", stars: true, hint: "An event, conference or show." },
  { type: "Recipe", stars: true, hint: "A recipe." },
  { type: "Game", stars: true, hint: "A game." },
  { type: "Movie", stars: true, hint: "A film." },
  { type: "CreativeWorkSeries", stars: true, hint: "A series: a podcast, a show, a collection." },
  {
    type: "Service",
    stars: false,
    hint: "A service. Valid and honest, but Google shows no stars for it.",
  },
  {
    type: "LocalBusiness",
    stars: false,
    hint: "The business itself: Google shows no stars for reviews a business shows about itself.",
  },
  {
    type: "Organization",
    stars: false,
    hint: "The organisation itself: Google shows no stars for reviews an organisation shows about itself.",
  },
];

/** The names of the offered types. */
export const REVIEW_TYPE_NAMES = REVIEW_TYPES.map((t) => t.type) as [string, ...string[]];

/** The type a brand gets until it chooses. */
export const DEFAULT_REVIEW_TYPE = "Product";

/** Types whose picture is a `logo` (organisations); the others take `image`. */
const LOGO_TYPES = new Set(["Organization", "LocalBusiness"]);

const RATING_SCALE = { bestRating: 5, worstRating: 1 } as const;

/** One testimonial as a `Review` (only those with a name and a rating are marked up: Google requires both). */
export interface ReviewEntry {
  /** The testimonial's own address (a wall permalink), when it has one. */
  url?: string | null;
  name: string;
  rating: number;
  text?: string | null;
  date?: string | null;
}

/** The reviewed item as a page shows it. */
export interface ReviewedItem {
  type: string;
  name: string;
  /** Where the item is described (the brand's website or wall), an `@id` base too. */
  url: string | null;
  /** The brand's logo. */
  imageUrl: string | null;
  /** Over every testimonial the brand shows, not only those on the page; null when none is rated. */
  rating: { average: number; count: number } | null;
}

/** True when a testimonial can be marked up as a `Review` (it has a name and a rating). */
export const reviewable = (i: { name?: string | null; rating?: number | null }): boolean =>
  !!i.name && typeof i.rating === "number" && i.rating >= 1;

/** The reviewed item with its rating and reviews, as a JSON-LD object. */
export function reviewedItemJsonLd(item: ReviewedItem, reviews: ReviewEntry[]) {
  const picture = item.imageUrl ? { [LOGO_TYPES.has(item.type) ? "logo" : "image"]: item.imageUrl } : {};
  return {
    "@context": "https://schema.org",
    "@type": item.type,
    ...(item.url ? { "@id": `${item.url}#reviewed`, url: item.url } : {}),
    name: item.name,
    ...picture,
    ...(item.rating && item.rating.count > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: item.rating.average,
            ratingCount: item.rating.count,
            ...RATING_SCALE,
          },
        }
      : {}),
    ...(reviews.length
      ? {
          review: reviews.map((r) => ({
            "@type": "Review",
            ...(r.url ? { "@id": r.url, url: r.url } : {}),
            author: { "@type": "Person", name: r.name },
            reviewRating: { "@type": "Rating", ratingValue: r.rating, ...RATING_SCALE },
            ...(r.text ? { reviewBody: r.text } : {}),
            ...(r.date ? { datePublished: r.date } : {}),
          })),
        }
      : {}),
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
