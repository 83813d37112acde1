/**
 * Formatting for people: dates in the reader's locale, numbers with separators, durations in words.
 */

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
const number = new Intl.NumberFormat();

/** "22 Nov 2025, 14:03" (locale-dependent); an empty or bad value gives "—". */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return "—";
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "—" : dateTime.format(d);
}

/** "22 Nov 2025" (locale-dependent). */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return "—";
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "—" : dateOnly.format(d);
}

/** 12,345 (locale-dependent). */
export const formatNumber = (n: number): string => number.format(n);

/** "45 s", "2 min", "1 min 30 s". */
export function formatSeconds(total: number): string {
  if (total < 60) return `${total} s`;
  const m = Math.floor(total / 60);
  const s = total % 60;
  return s ? `${m} min ${s} s` : `${m} min`;
}

/** Seconds as minutes for allowances: "0 min", "2.5 min", "600 min". */
export const formatMinutes = (seconds: number): string => `${number.format(Math.round((seconds / 60) * 10) / 10)} min`;

/** Today's date as YYYY-MM-DD in the reader's time zone (used as a consent version label). */
export function todayLabel(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
