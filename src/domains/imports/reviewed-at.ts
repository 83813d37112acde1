/**
 * `reviewed_at` of an imported row: a calendar date `YYYY-MM-DD` or an RFC 3339 timestamp, never in the future.
 * "Future" is judged in UTC with the injected clock: a date is allowed up to today's UTC date; a timestamp up to
 * the current instant, and is stored as its UTC date.
 */

/**
 * The parsed value to store, always a date `YYYY-MM-DD` (the contract's `reviewed_at` is a date): a date as given,
 * a timestamp as its UTC date. Or why not.
 */
export type ReviewedAt =
  | { ok: true; value: string }
  | { ok: false; reason: "invalid_date" | "future_date"; message: string };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const STAMP = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})$/;

/** Milliseconds of a UTC calendar day at midnight, or null when the day does not exist (2026-02-30). */
function utcDay(y: number, m: number, d: number): number | null {
  const date = new Date(0);
  date.setUTCFullYear(y, m - 1, d);
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.getTime();
}

/** Today's date in UTC as `YYYY-MM-DD`. */
export const utcToday = (nowMs: number): string => new Date(nowMs).toISOString().slice(0, 10);

const FORMAT_HINT = "Use a date like 2026-03-04 or an RFC 3339 timestamp like 2026-03-04T10:30:00Z.";

/** Parses and checks one `reviewed_at` value. */
export function parseReviewedAt(input: string, nowMs: number): ReviewedAt {
  const value = input.trim();
  const date = DATE.exec(value);
  if (date) {
    if (utcDay(+date[1]!, +date[2]!, +date[3]!) === null)
      return { ok: false, reason: "invalid_date", message: `${value} is not a calendar date. ${FORMAT_HINT}` };
    if (value > utcToday(nowMs))
      return {
        ok: false,
        reason: "future_date",
        message: `${value} is in the future (today is ${utcToday(nowMs)} in UTC).`,
      };
    return { ok: true, value };
  }
  const stamp = STAMP.exec(value);
  if (!stamp)
    return { ok: false, reason: "invalid_date", message: `"${value.slice(0, 40)}" is not a date. ${FORMAT_HINT}` };
  const [, y, mo, d, h, mi, s, frac, zone] = stamp;
  const day = utcDay(+y!, +mo!, +d!);
  if (day === null || +h! > 23 || +mi! > 59 || +s! > 59)
    return { ok: false, reason: "invalid_date", message: `${value} is not a valid time. ${FORMAT_HINT}` };
  let offsetMin = 0;
  if (zone !== "Z" && zone !== "z") {
    const oh = +zone!.slice(1, 3);
    const om = +zone!.slice(4, 6);
    if (oh > 23 || om > 59)
      return {
        ok: false,
        reason: "invalid_date",
        message: `${value} has an impossible time-zone offset. ${FORMAT_HINT}`,
      };
    offsetMin = (zone![0] === "-" ? -1 : 1) * (oh * 60 + om);
  }
  const ms = frac ? Math.floor(Number(`0${frac}`) * 1000) : 0;
  const instant = day + ((+h! * 60 + +mi!) * 60 + +s!) * 1000 + ms - offsetMin * 60_000;
  if (instant > nowMs)
    return {
      ok: false,
      reason: "future_date",
      message: `${value} is in the future (now is ${new Date(nowMs).toISOString()}).`,
    };
  // The UTC date: a timestamp accepted (not after now) never becomes a date after today's UTC date.
  return { ok: true, value: new Date(instant).toISOString().slice(0, 10) };
}
