/** Star ratings: drawn stars hidden from screen readers, with the same rating in words beside them. */
import type { Words } from "../../../platform/i18n/server-words";
import { oneDecimal } from "./format";

const stars = (n: number) => "★".repeat(n) + "☆".repeat(5 - n);

/** One testimonial's rating (1–5). */
export function Stars({ rating, w }: { rating: number; w: Words }) {
  return (
    <p class="stars">
      <span aria-hidden="true">{stars(rating)}</span>
      <span class="vh">{w.t("rating.stars", { rating })}</span>
    </p>
  );
}

/** The wall's rating summary: average over the shown testimonials that carry a rating, and the counts. */
export function RatingSummary({
  average,
  ratings,
  testimonials,
  w,
}: {
  average: number | null;
  ratings: number;
  testimonials: number;
  w: Words;
}) {
  const count = w.t("rating.testimonials", { count: testimonials });
  if (average === null || ratings === 0) return <p class="summary">{count}</p>;
  return (
    <p class="summary">
      <span class="avg" aria-hidden="true">
        {oneDecimal(average, w.lang)}
      </span>
      <span class="stars" aria-hidden="true">
        {stars(Math.round(average))}
      </span>
      <span class="vh">{`${w.t("rating.average", { average: oneDecimal(average, w.lang) })} `}</span>
      <span>{w.t("rating.from", { ratings, testimonials: count })}</span>
    </p>
  );
}
