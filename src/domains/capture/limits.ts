/**
 * How many testimonials strangers may send, so nobody can use up an organisation's monthly allowance and stop a
 * brand from collecting: a few per client address per link (a short and a longer window), and a larger hourly cap
 * per link whoever sends (see src/platform/rate-limit.ts). The per-address figures leave room for a kiosk or an
 * office where many people share one public address (ten a minute, sixty an hour). Only accepted testimonials
 * count (a form sent back with a mistake does not), and a refusal is a 429 with `Retry-After` and a sentence the
 * capture page shows as it is.
 */
import type { Clock } from "../../platform/clock";
import { RateLimiter, checkRates, type RateCheck, type RateRule } from "../../platform/rate-limit";

/** Testimonials one client address may send to one link. */
export const PER_CLIENT: RateRule[] = [
  { requests: 10, windowMs: 60_000 },
  { requests: 60, windowMs: 60 * 60_000 },
];
/** Testimonials one link takes in an hour from everyone together. */
export const PER_LINK: RateRule = { requests: 200, windowMs: 60 * 60_000 };

const CLIENT_REFUSAL = {
  message: "Thank you! You have sent several testimonials in a short time. Please wait a little and try again.",
  details: { reason: "client_rate" },
};
const LINK_REFUSAL = {
  message: "This page is receiving a lot of testimonials right now. Please wait a few minutes and try again.",
  details: { reason: "link_rate" },
};

/** The capture limits of one app. */
export class CaptureLimits {
  private readonly client: RateLimiter[];
  private readonly link: RateLimiter;

  constructor(clock: Clock, perClient = PER_CLIENT, perLink = PER_LINK) {
    this.client = perClient.map((rule) => new RateLimiter(clock, rule));
    this.link = new RateLimiter(clock, perLink);
  }

  /**
   * Runs `send` when this client and link are within their limits and counts it once it succeeded; otherwise sets
   * `Retry-After` and throws the 429. An "unknown" client (in-process calls only) is held by the link cap alone.
   */
  guard<T>(linkId: string, client: string, set: { headers: Record<string, unknown> }, send: () => T): T {
    const clientChecks: RateCheck[] = client === "unknown" ? [] : this.client.map((l) => [l, `${linkId} ${client}`]);
    const linkChecks: RateCheck[] = [[this.link, linkId]];
    // Checks first, counting nothing; the send is synchronous, so nothing else runs between check and count.
    checkRates(clientChecks, set, CLIENT_REFUSAL);
    checkRates(linkChecks, set, LINK_REFUSAL);
    const result = send();
    for (const [limiter, key] of [...clientChecks, ...linkChecks]) limiter.record(key);
    return result;
  }
}
