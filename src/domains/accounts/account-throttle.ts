/**
 * Limits on the routes that mail a link or take one (password reset, email change), counted by the shared limiter
 * (src/platform/rate-limit.ts) under the client address the trusted-proxy rule gives (src/platform/client-address.ts).
 * Asking for a reset link is limited per address asked for (so nobody can flood one inbox) and per client; using a
 * link (its lookup and confirm) per client. Asking to change one's email is limited per person: each ask mails an
 * address they typed. Tokens carry 256 random bits, so guessing is hopeless anyway; the limits stop hammering and
 * mail floods. A refusal is 429 `rate_limited` with `Retry-After`.
 */
import type { Deps } from "../../platform/deps";
import { clientAddress, type PeerSource } from "../../platform/client-address";
import { RateLimiter, enforceRates, type RateCheck, type RateRule } from "../../platform/rate-limit";

/** Reset links asked for one email address in a window (whether or not it has an account). */
export const RESET_PER_EMAIL: RateRule = { requests: 5, windowMs: 60 * 60_000 };
/** Reset links one client address may ask for in a window. */
export const RESET_PER_CLIENT: RateRule = { requests: 20, windowMs: 60 * 60_000 };
/** Calls with a link's token (lookups and confirmations) one client address may make in a window. */
export const LINK_USE_PER_CLIENT: RateRule = { requests: 30, windowMs: 10 * 60_000 };
/** Email changes one person may ask for in a window. */
export const EMAIL_CHANGE_PER_PERSON: RateRule = { requests: 5, windowMs: 60 * 60_000 };

const REFUSAL = {
  code: "rate_limited",
  message: "Too many attempts from your connection or for this address. Please wait a while and try again.",
};

/** What a throttle hook receives from Elysia. */
interface HookContext {
  request: Request;
  server: PeerSource | null;
  set: { headers: Record<string, unknown> };
}

/** The limiters of one app's account-link routes. */
export class AccountThrottle {
  private readonly resetEmail: RateLimiter;
  private readonly resetClient: RateLimiter;
  private readonly linkUse: RateLimiter;
  private readonly emailChange: RateLimiter;

  constructor(private readonly deps: Pick<Deps, "clock" | "config">) {
    this.resetEmail = new RateLimiter(deps.clock, RESET_PER_EMAIL);
    this.resetClient = new RateLimiter(deps.clock, RESET_PER_CLIENT);
    this.linkUse = new RateLimiter(deps.clock, LINK_USE_PER_CLIENT);
    this.emailChange = new RateLimiter(deps.clock, EMAIL_CHANGE_PER_PERSON);
  }

  /** The client's check, or none for an in-process call that noted no peer (a served request always has one). */
  private client(limiter: RateLimiter, c: HookContext): RateCheck[] {
    const client = clientAddress(c.request, c.server, this.deps.config);
    return client === "unknown" ? [] : [[limiter, client]];
  }

  /** Counts one reset request for `email` and the client, or throws the 429 (all or nothing). */
  resetAsked(c: HookContext, email: string): void {
    enforceRates([[this.resetEmail, email], ...this.client(this.resetClient, c)], c.set, REFUSAL);
  }

  /** A transform hook counting one use of a link's token for the client (malformed calls count too). */
  readonly linkUsed = (c: HookContext): void => enforceRates(this.client(this.linkUse, c), c.set, REFUSAL);

  /** Counts one email change asked for by `userId`, or throws the 429. */
  emailChangeAsked(c: HookContext, userId: string): void {
    enforceRates([[this.emailChange, userId]], c.set, REFUSAL);
  }
}
