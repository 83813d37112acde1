/** How wall pages write dates, lengths and ratings for people, in the page's language. */
import { wordsFor, type Words } from "../../../platform/i18n/server-words";

const ENGLISH = wordsFor("wall", "en");

/** The locale a language's dates and numbers are written in (English as in the UK). */
const locale = (lang: string) => (lang === "en" ? "en-GB" : lang);

// Made on first use, one per language: an Intl formatter costs ~25 ms to make, which start-up need not pay (issue 28).
const dates = new Map<string, Intl.DateTimeFormat>();

/** `2026-11-22` → `22 November 2026` (`22. November 2026`, `22 novembre 2026`…). */
export const humanDate = (date: string, lang = "en") => {
  let f = dates.get(lang);
  if (!f) {
    f = new Intl.DateTimeFormat(locale(lang), { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
    dates.set(lang, f);
  }
  return f.format(new Date(`${date}T00:00:00Z`));
};

/** Milliseconds → `m:ss`. */
export function clock(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** Milliseconds → words for a screen reader (`1 minute 5 seconds`). */
export function spokenLength(ms: number, w: Words = ENGLISH): string {
  const s = Math.max(0, Math.round(ms / 1000));
  const m = Math.floor(s / 60);
  const parts = [
    m ? w.t("media.minutes", { minutes: m }) : "",
    s % 60 || !m ? w.t("media.seconds", { seconds: s % 60 }) : "",
  ];
  return parts.filter(Boolean).join(" ");
}

/** An average like 4.75 → `4.8` (`4,8` in German). */
export const oneDecimal = (n: number, lang = "en") =>
  new Intl.NumberFormat(locale(lang), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
    Math.round(n * 10) / 10,
  );

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
