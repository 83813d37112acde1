/** Star ratings: drawn stars hidden from screen readers, with the same rating in words beside them. */
import { oneDecimal } from "./format";

const stars = (n: number) => "★".repeat(n) + "☆".repeat(5 - n);

/** One testimonial's rating (1–5). */
export function Stars({ rating }: { rating: number }) {
  return (
    <p class="stars">
      <span aria-hidden="true">{stars(rating)}</span>
      <span class="vh">{`Rated ${rating} out of 5`}</span>
    </p>
  );
}

/** The wall's rating summary: average over the shown testimonials that carry a rating, and the counts. */
export function RatingSummary({
  average,
  ratings,
  testimonials,
}: {
  average: number | null;
  ratings: number;
  testimonials: number;
}) {
  const count = `${testimonials} testimonial${testimonials === 1 ? "" : "s"}`;
  if (average === null || ratings === 0) return <p class="summary">{count}</p>;
  return (
    <p class="summary">
      <span class="avg" aria-hidden="true">
        {oneDecimal(average)}
      </span>
      <span class="stars" aria-hidden="true">
        {stars(Math.round(average))}
      </span>
      <span class="vh">{`${oneDecimal(average)} out of 5 `}</span>
      <span>{`from ${ratings} rating${ratings === 1 ? "" : "s"} · ${count}`}</span>
    </p>
  );
}
