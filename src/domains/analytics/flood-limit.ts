/**
 * The flood limit of beacons: each visitor (a client address) may have `BEACONS_PER_MINUTE` counted beacons in any
 * minute, a sliding window of the times of its counted beacons, as the platform's rate limiter counts
 * (src/platform/rate-limit.ts). Kept in memory only, for at most `MAX_VISITORS` addresses: past that the least
 * recently seen half is forgotten at once (src/platform/halving-map.ts), never one address at a time, so a flood of new
 * addresses costs each beacon no more than one it has seen.
 */
import type { Clock } from "../../platform/clock";
import { HalvingMap } from "../../platform/halving-map";

/** Counted beacons a visitor may send a minute (a page sends one every few seconds at most). */
export const BEACONS_PER_MINUTE = 60;

/** The window of the limit (ms). */
const WINDOW_MS = 60_000;

/** Addresses remembered at most. */
export const MAX_VISITORS = 20_000;

/** Per-visitor counts of beacons in the last minute. */
export class FloodLimit {
  private readonly hits = new HalvingMap<string, number[]>(MAX_VISITORS);

  constructor(private readonly clock: Pick<Clock, "now">) {}

  /** Counts a beacon of `visitor` and returns true, or returns false (nothing counted) when its minute is full. */
  take(visitor: string): boolean {
    const now = this.clock.now();
    let times = this.hits.get(visitor);
    if (times === undefined) {
      this.hits.add(visitor, [now]);
      return true;
    }
    let old = 0;
    while (old < times.length && now - times[old]! >= WINDOW_MS) old++;
    if (old) times = times.slice(old);
    if (times.length >= BEACONS_PER_MINUTE) {
      if (old) this.hits.set(visitor, times);
      return false;
    }
    times.push(now);
    if (old) this.hits.set(visitor, times);
    return true;
  }
}
