/**
 * The days a stats request covers: `from` and `to` are calendar dates (UTC, `YYYY-MM-DD`), both included; without
 * them the last 30 days up to today. A date that does not exist (`2026-02-30`), `from` after `to`, or more than
 * `MAX_DAYS` days is `400 validation_failed` naming the field.
 */
import type { Clock } from "../../platform/clock";
import { invalid } from "../../platform/errors";

/** Most days one request covers. */
export const MAX_DAYS = 366;
/** Days covered without `from`. */
export const DEFAULT_DAYS = 30;

const DAY_MS = 86_400_000;

/** A day range, both ends included. */
export interface DayRange {
  from: string;
  to: string;
}

/** The UTC day of a time. */
export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Midnight UTC of a `YYYY-MM-DD` that exists, else null. */
function parseDay(value: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(ms) && isoDay(ms) === value ? ms : null;
}

/** The range a query asks for (see the file comment). */
export function dayRange(clock: Clock, q: { from?: string; to?: string }): DayRange {
  const to = q.to === undefined ? Date.parse(`${isoDay(clock.now())}T00:00:00Z`) : parseDay(q.to);
  if (to === null) throw invalid("to is a calendar date, YYYY-MM-DD.", "to");
  const from = q.from === undefined ? to - (DEFAULT_DAYS - 1) * DAY_MS : parseDay(q.from);
  if (from === null) throw invalid("from is a calendar date, YYYY-MM-DD.", "from");
  if (from > to) throw invalid("from must not be after to.", "from");
  if ((to - from) / DAY_MS + 1 > MAX_DAYS) throw invalid(`A range covers at most ${MAX_DAYS} days.`, "to");
  return { from: isoDay(from), to: isoDay(to) };
}

/** Every day of a range, in order. */
export function daysOf(range: DayRange): string[] {
  const out: string[] = [];
  const end = Date.parse(`${range.to}T00:00:00Z`);
  for (let d = Date.parse(`${range.from}T00:00:00Z`); d <= end; d += DAY_MS) out.push(isoDay(d));
  return out;
}
