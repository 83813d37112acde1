/**
 * A modest limit on the removal routes per client address: tokens carry 192 random bits, so guessing is hopeless
 * anyway; the limit stops one address from hammering the lookups. Counted in memory per app.
 */
import ipaddr from "ipaddr.js";
import type { Clock } from "../../platform/clock";
import { AppError } from "../../platform/errors";

/** Requests one address may make in a window. */
export const REMOVAL_LIMIT = { requests: 30, windowMs: 10 * 60_000 };

const MAX_TRACKED = 20_000;

/**
 * The client's address: the peer, or, when the peer is a proxy on this machine or a private network (or unknown,
 * as under `app.handle` in tests), the last address that proxy wrote into `X-Forwarded-For`.
 */
export function clientAddress(request: Request, peer: string | null | undefined): string {
  const forwarded = request.headers.get("x-forwarded-for")?.split(",").map((s) => s.trim()).filter(Boolean).pop();
  if (!peer) return forwarded ?? "unknown";
  let trusted = false;
  try {
    const range = ipaddr.process(peer).range();
    trusted = ["loopback", "private", "uniqueLocal", "linkLocal"].includes(range);
  } catch {
    trusted = false;
  }
  return trusted && forwarded ? forwarded : peer;
}

/** A sliding-window counter per address. */
export class AddressThrottle {
  private readonly hits = new Map<string, number[]>();

  constructor(private readonly clock: Clock, private readonly limit = REMOVAL_LIMIT) {}

  /** Counts one request; 429 when the address has used up its window. */
  take(address: string) {
    const now = this.clock.now();
    const recent = (this.hits.get(address) ?? []).filter((t) => now - t < this.limit.windowMs);
    if (recent.length >= this.limit.requests) {
      const retry = Math.ceil((recent[0]! + this.limit.windowMs - now) / 1000);
      throw new AppError("too_many_requests", 429, "Too many attempts from your connection. Please wait a few minutes and try again.", { retry_after_seconds: retry });
    }
    recent.push(now);
    this.hits.delete(address);
    this.hits.set(address, recent);
    if (this.hits.size > MAX_TRACKED) this.hits.delete(this.hits.keys().next().value!);
  }
}
