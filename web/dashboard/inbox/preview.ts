/**
 * What a testimonial will look like once it is shown in widgets and on the wall: the public item's own fields
 * (contract: widget document item), taken from the testimonial the way the server presents shown items. Whether
 * it is shown is the server's rule alone; this only previews the look.
 */
import type { Submission } from "./types";
import { wordsShown } from "./publishable";

/** The public item's visible fields. */
export interface PublicPreview {
  kind: Submission["kind"];
  name: string | null;
  title: string | null;
  company: string | null;
  rating: number | null;
  /** YYYY-MM-DD: when the customer wrote it (imports) or sent it. */
  date: string;
  text: string | null;
  duration_ms: number | null;
}

/** The preview of a testimonial's public item. */
export function publicPreview(s: Submission): PublicPreview {
  return {
    kind: s.kind,
    name: s.respondent_name.trim() || null,
    title: s.respondent_title,
    company: s.respondent_company,
    rating: s.rating,
    date: (s.reviewed_at ?? s.created_at).slice(0, 10),
    // A recording shown without its words (hidden, or a draft nobody checked) has no quote anywhere public.
    text: wordsShown(s) ? s.text_input : null,
    duration_ms: s.kind === "text" ? null : s.duration_ms,
  };
}

/** "Head of Operations, Buyer Inc" (either part may be missing). */
export const byline = (p: Pick<PublicPreview, "title" | "company">): string =>
  [p.title, p.company].filter((x) => x && x.trim()).join(", ");

/** "★★★★☆" for 4; empty when there is no rating. */
export const stars = (rating: number | null): string =>
  rating ? "★".repeat(rating) + "☆".repeat(Math.max(0, 5 - rating)) : "";
