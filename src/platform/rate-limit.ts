/**
 * Per-key request limits counted in memory (one appliance process): a sliding window of hit times per key, so a
 * burst at a window's edge cannot double the allowance. Used by the public routes that strangers can call (removal
 * links, capture) with keys built from the client address (platform/client-address.ts). A refusal is a 429 in the
 * one error shape with `details.retry_after_seconds` and a `Retry-After` header.
 */
import type { Clock } from "./clock";
import { AppError } from "./errors";
import { HalvingMap } from "./halving-map";

/** At most `requests` hits in any `windowMs`. */
export interface RateRule {
  requests: number;
  windowMs: number;
}

/**
 * Keys tracked before the least recently used half is forgotten (./halving-map.ts), so a flood of addresses cannot
 * grow memory without bound, and forgetting never costs a walk of the map.
 */
const MAX_TRACKED = 20_000;

/** A sliding-window counter per key. */
export class RateLimiter {
  private readonly hits: HalvingMap<string, number[]>;

  constructor(
    private readonly clock: Clock,
    readonly rule: RateRule,
    maxKeys = MAX_TRACKED,
  ) {
    this.hits = new HalvingMap(maxKeys);
  }

  private recent(key: string, now: number): number[] {
    return (this.hits.get(key) ?? []).filter((t) => now - t < this.rule.windowMs);
  }

  /** Seconds until `key` may make another request (0 when it may now); counts nothing. */
  waitSeconds(key: string): number {
    const now = this.clock.now();
    const recent = this.recent(key, now);
    if (recent.length < this.rule.requests) return 0;
    return Math.max(1, Math.ceil((recent[recent.length - this.rule.requests]! + this.rule.windowMs - now) / 1000));
  }

  /** Counts one request for `key`. */
  record(key: string): void {
    const now = this.clock.now();
    const recent = this.recent(key, now);
    recent.push(now);
    this.hits.set(key, recent);
  }

  /** Counts one request, or returns the seconds to wait when `key` has used up its window (nothing counted). */
  take(key: string): number {
    const wait = this.waitSeconds(key);
    if (!wait) this.record(key);
    return wait;
  }
}

/** A limiter and the key it counts for one request. */
export type RateCheck = [RateLimiter, string];

/** What a refusal says. */
export interface RateRefusal {
  code?: string;
  message: string;
  details?: Record<string, unknown>;
}

/** The 429 for a refusal; put `retryAfter` in the `Retry-After` header too (see `enforceRates`). */
export function tooManyRequests(refusal: RateRefusal, retryAfter: number): AppError {
  return new AppError(refusal.code ?? "too_many_requests", 429, refusal.message, {
    ...refusal.details,
    retry_after_seconds: retryAfter,
  });
}

/**
 * Refuses when any check's limiter is used up, counting nothing: sets the `Retry-After` header on `set` (Elysia
 * keeps it on the error response) and throws the 429.
 */
export function checkRates(checks: RateCheck[], set: { headers: Record<string, unknown> }, refusal: RateRefusal): void {
  const wait = Math.max(0, ...checks.map(([limiter, key]) => limiter.waitSeconds(key)));
  if (wait > 0) {
    set.headers["retry-after"] = String(wait);
    throw tooManyRequests(refusal, wait);
  }
}

/** Counts one request against every check, all or nothing (`checkRates` first, then one hit each). */
export function enforceRates(
  checks: RateCheck[],
  set: { headers: Record<string, unknown> },
  refusal: RateRefusal,
): void {
  checkRates(checks, set, refusal);
  for (const [limiter, key] of checks) limiter.record(key);
}
