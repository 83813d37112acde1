/** Time as a dependency, so tests can move it (retries, expiry, disabling). Domain code never calls Date.now(). */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

/** The real clock. */
export const systemClock: Clock = { now: () => Date.now() };

/** A clock tests can set and advance. */
export class ManualClock implements Clock {
  constructor(private t = Date.UTC(2026, 10, 1, 12, 0, 0)) {}
  now() {
    return this.t;
  }
  /** Moves time forward by `ms`. */
  advance(ms: number) {
    this.t += ms;
  }
  /** Sets the time. */
  set(ms: number) {
    this.t = ms;
  }
}

/** ISO 8601 UTC with milliseconds, the only timestamp format in JSON. */
export function iso(ms: number): string;
export function iso(ms: number | null | undefined): string | null;
export function iso(ms: number | null | undefined): string | null {
  return ms == null ? null : new Date(ms).toISOString();
}
