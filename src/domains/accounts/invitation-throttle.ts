/**
 * A limit on the invitee's routes (`POST /v1/invitations/lookup` and `/accept`) per client address, counted
 * together: they need no account and no key, so anyone can call them. Tokens carry 256 random bits, so guessing is
 * hopeless anyway; the limit stops one address from hammering them. A person opens a link, maybe mistypes a
 * password or signs in first, and accepts: a handful of calls, far below the limit. Counted by the shared limiter
 * (src/platform/rate-limit.ts) under the client address the trusted-proxy rule gives (src/platform/client-address.ts).
 */
import type { Deps } from "../../platform/deps";
import { clientAddress, type PeerSource } from "../../platform/client-address";
import { RateLimiter, enforceRates, type RateRule } from "../../platform/rate-limit";

/** Calls one client address may make to the invitee's routes in a window. */
export const INVITATION_LIMIT: RateRule = { requests: 20, windowMs: 10 * 60_000 };

/** What a refused caller reads (the accept page shows it as it is). */
export const INVITATION_REFUSAL = {
  code: "rate_limited",
  message: "Too many attempts with invitation links from your connection. Please wait a few minutes and try again.",
};

/**
 * The invitee routes' limiter, as a hook that counts one call for the request's client address or throws the 429
 * `rate_limited` (with `Retry-After`). An "unknown" client (only in-process calls, which note no peer) is not
 * counted: a served request always has its peer's address.
 */
export function invitationThrottle(deps: Pick<Deps, "clock" | "config">, rule = INVITATION_LIMIT) {
  const limiter = new RateLimiter(deps.clock, rule);
  return ({
    request,
    server,
    set,
  }: {
    request: Request;
    server: PeerSource | null;
    set: { headers: Record<string, unknown> };
  }) => {
    const client = clientAddress(request, server, deps.config);
    if (client !== "unknown") enforceRates([[limiter, client]], set, INVITATION_REFUSAL);
  };
}
