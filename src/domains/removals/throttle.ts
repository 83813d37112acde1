/**
 * A modest limit on the removal routes per client address: tokens carry 192 bits, so guessing is hopeless anyway;
 * the limit stops one address from hammering the lookups. The shared limiter (platform/rate-limit.ts) counts, keyed
 * by the client address the trusted-proxy rule gives (platform/client-address.ts).
 */
import type { Clock } from "../../platform/clock";
import { RateLimiter, type RateRule } from "../../platform/rate-limit";

/** Requests one address may make in a window. */
export const REMOVAL_LIMIT: RateRule = { requests: 30, windowMs: 10 * 60_000 };

/** What a refused caller reads on the removal page. */
export const REMOVAL_REFUSAL = {
  message: "Too many attempts from your connection. Please wait a few minutes and try again.",
};

/** The per-address limiter of one app's removal routes. */
export const removalLimiter = (clock: Clock, rule = REMOVAL_LIMIT) => new RateLimiter(clock, rule);
