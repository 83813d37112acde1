/**
 * Local time in a member's time zone, for the daily digest: when the latest digest slot (the chosen hour, that day
 * or the day before) was, as a UTC instant. Built on `Intl` only; across a daylight-saving change the slot keeps its
 * wall-clock hour (an hour that does not exist that day falls an hour later).
 */

interface Parts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function partsIn(ms: number, timeZone: string): Parts {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      hourCycle: "h23",
    });
    formats.set(timeZone, f);
  }
  const out: Record<string, number> = {};
  for (const p of f.formatToParts(ms)) if (p.type !== "literal") out[p.type] = Number(p.value);
  return { year: out.year!, month: out.month!, day: out.day!, hour: out.hour! % 24, minute: out.minute! };
}

/** How far `timeZone` is ahead of UTC at `ms`, in milliseconds. */
function offsetAt(ms: number, timeZone: string): number {
  const p = partsIn(ms, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) - Math.floor(ms / 60_000) * 60_000;
}

/** The instant of a wall-clock time in `timeZone` (day may overflow: Date.UTC normalises it). */
export function zonedTime(year: number, month: number, day: number, hour: number, timeZone: string): number {
  const guess = Date.UTC(year, month - 1, day, hour);
  const first = guess - offsetAt(guess, timeZone);
  return guess - offsetAt(first, timeZone);
}

/** The latest moment at or before `now` when it was `hour` o'clock in `timeZone`. */
export function lastSlot(now: number, timeZone: string, hour: number): number {
  const p = partsIn(now, timeZone);
  let slot = zonedTime(p.year, p.month, p.day - (p.hour < hour ? 1 : 0), hour, timeZone);
  if (slot > now) slot = zonedTime(p.year, p.month, p.day - 1 - (p.hour < hour ? 1 : 0), hour, timeZone);
  return slot;
}
