/**
 * Turning spreadsheet cells into import values: ratings (`4`, `4/5`, `4 stars`, `★★★★☆`) and dates (ISO,
 * `3 March 2026`, `March 3, 2026`). Numeric day/month dates such as `03/04/2026` are refused as ambiguous; a
 * rating that is not a whole number is refused, never rounded, as the API does.
 */
import { t } from "../i18n";

/** A cell's value (null when empty), or why it cannot be used. */
export type Parsed<T> = { ok: true; value: T | null } | { ok: false; message: string };

const ok = <T>(value: T | null): Parsed<T> => ({ ok: true, value });
const no = <T>(message: string): Parsed<T> => ({ ok: false, message });

const FILLED_STARS = /[★⭐✭✮✯✪]/gu;
const EMPTY_STARS = /[☆✩]/gu;
const RATING = /^(\d+(?:[.,]\d+)?)(?:\s*(?:\/|out\s+of|of)\s*(\d+(?:[.,]\d+)?))?(?:\s*stars?)?$/i;

function checkRating(value: number, raw: string): Parsed<number> {
  if (!Number.isInteger(value)) return no(t("import.values.not_whole", { raw }));
  if (value < 1 || value > 5) return no(t("import.values.out_of_range", { raw }));
  return ok(value);
}

/** Reads a rating cell. */
export function parseRating(cell: string): Parsed<number> {
  const raw = cell.trim();
  if (raw === "") return ok(null);
  if (/^[★⭐✭✮✯✪☆✩½\s\uFE0F]+$/u.test(raw)) {
    if (raw.includes("½")) return no(t("import.values.half_star", { raw }));
    const filled = raw.match(FILLED_STARS)?.length ?? 0;
    const empty = raw.match(EMPTY_STARS)?.length ?? 0;
    if (filled + empty > 5) return no(t("import.values.too_many_stars", { raw }));
    return checkRating(filled, raw);
  }
  const m = RATING.exec(raw);
  if (!m) return no(t("import.values.not_rating", { raw }));
  const value = Number(m[1]!.replace(",", "."));
  if (m[2] !== undefined && Number(m[2].replace(",", ".")) !== 5) return no(t("import.values.not_out_of_5", { raw }));
  return checkRating(value, raw);
}

const MONTHS: Record<string, number> = {
  january: 1,
  february: 2,
  march: 3,
  april: 4,
  may: 5,
  june: 6,
  july: 7,
  august: 8,
  september: 9,
  october: 10,
  november: 11,
  december: 12,
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};

const pad = (n: number) => String(n).padStart(2, "0");

/** `YYYY-MM-DD` when the day exists, else null. */
export function isoDate(y: number, m: number, d: number): string | null {
  const date = new Date(0);
  date.setUTCFullYear(y, m - 1, d);
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, "0")}-${pad(m)}-${pad(d)}`;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_LOCAL = /^(\d{4})-(\d{2})-(\d{2})[ T]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?$/;
const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})$/;
const DAY_MONTH_YEAR = /^(\d{1,2})(?:st|nd|rd|th)?[\s./-]*(?:of\s+)?([a-z]+)\.?,?[\s./-]*(\d{4})$/i;
const MONTH_DAY_YEAR = /^([a-z]+)\.?[\s./-]*(\d{1,2})(?:st|nd|rd|th)?,?[\s./-]*(\d{4})$/i;
const NUMERIC = /^\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}$/;
const WEEKDAY = /^(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)[a-z]*\.?,?\s+/i;

const hint = () => t("import.values.date_hint");

function named(raw: string, dayText: string, monthText: string, yearText: string): Parsed<string> {
  const month = MONTHS[monthText.toLowerCase()];
  if (!month) return no(t("import.values.not_month", { raw, month: monthText, hint: hint() }));
  const iso = isoDate(Number(yearText), month, Number(dayText));
  return iso ? ok(iso) : no(t("import.values.not_calendar", { raw }));
}

/** Reads a date cell as `YYYY-MM-DD` (or an RFC 3339 timestamp, kept as written); refuses dates after today (UTC). */
export function parseReviewDate(cell: string, now: Date): Parsed<string> {
  const raw = cell.trim();
  if (raw === "") return ok(null);
  const result = readDate(raw);
  if (!result.ok || result.value === null) return result;
  const day = result.value.slice(0, 10);
  const today = now.toISOString().slice(0, 10);
  const future = RFC3339.test(result.value) ? Date.parse(result.value) > now.getTime() : day > today;
  return future ? no(t("import.values.future", { raw, today })) : result;
}

function readDate(raw: string): Parsed<string> {
  if (RFC3339.test(raw)) return Number.isNaN(Date.parse(raw)) ? no(t("import.values.not_time", { raw })) : ok(raw);
  const iso = ISO_DATE.exec(raw) ?? ISO_LOCAL.exec(raw);
  if (iso)
    return isoDate(+iso[1]!, +iso[2]!, +iso[3]!)
      ? ok(isoDate(+iso[1]!, +iso[2]!, +iso[3]!))
      : no(t("import.values.not_calendar", { raw }));
  if (NUMERIC.test(raw)) return no(t("import.values.ambiguous", { raw, hint: hint() }));
  const text = raw.replace(WEEKDAY, "");
  const dmy = DAY_MONTH_YEAR.exec(text);
  if (dmy) return named(raw, dmy[1]!, dmy[2]!, dmy[3]!);
  const mdy = MONTH_DAY_YEAR.exec(text);
  if (mdy) return named(raw, mdy[2]!, mdy[1]!, mdy[3]!);
  return no(t("import.values.not_date", { raw, hint: hint() }));
}
