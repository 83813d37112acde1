/** How wall pages write dates, lengths and ratings for people. */

// Made on first use: an Intl formatter costs ~25 ms to make, which start-up need not pay (issue 28).
let DATE: Intl.DateTimeFormat | null = null;

/** `2026-11-22` → `22 November 2026`. */
export const humanDate = (date: string) =>
  (DATE ??= new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  })).format(new Date(`${date}T00:00:00Z`));

/** Milliseconds → `m:ss`. */
export function clock(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** Milliseconds → words for a screen reader (`1 minute 5 seconds`). */
export function spokenLength(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  const m = Math.floor(s / 60);
  const parts = [
    m ? `${m} minute${m === 1 ? "" : "s"}` : "",
    s % 60 || !m ? `${s % 60} second${s % 60 === 1 ? "" : "s"}` : "",
  ];
  return parts.filter(Boolean).join(" ");
}

/** An average like 4.75 → `4.8`. */
export const oneDecimal = (n: number) => (Math.round(n * 10) / 10).toFixed(1);

/** A language tag safe to put in `lang` (two or three letters, optional subtags), else undefined. */
export const langTag = (language: string | null) =>
  language && /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(language) ? language : undefined;

/** The first `max` characters of a text, cut at a word, with an ellipsis when cut. */
export function excerpt(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, "")}…`;
}
