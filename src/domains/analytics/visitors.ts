/**
 * Who sent a beacon, for the flood limit only: the client address (src/platform/client-address.ts, through
 * `PLAUDIT_TRUSTED_PROXIES` as every per-client limit), and the limit counting per address (./flood-limit.ts).
 * One of each per app (`deps.state`), shared by the beacon route and its fast lane, so a visitor has one allowance
 * whichever answers. Kept in memory only, never stored.
 *
 * Parsing addresses costs more than the rest of a beacon, so what it gives is remembered: whether each connecting
 * peer is a trusted proxy (and its address when it is not), and the client address of each (peer,
 * `X-Forwarded-For`) pair. Behind a trusted proxy, a forwarded address that is one plain IPv4 address (four
 * decimal numbers up to 255, no leading zero) is the client address as written, which is what the platform's
 * parse gives for it; anything else (IPv6, a chain of proxies, odd spellings) goes through the platform's parse.
 */
import type { Slot } from "../../platform/app-state";
import type { Deps } from "../../platform/deps";
import { clientAddress, isTrustedProxy, peerAddress, type PeerSource } from "../../platform/client-address";
import { FloodLimit } from "./flood-limit";
import { HalvingMap } from "../../platform/halving-map";

/** (peer, X-Forwarded-For) pairs whose client address is remembered. */
const MAX_PAIRS = 10_000;
/** Connecting peers remembered (the proxies in front, or the visitors themselves without one). */
const MAX_PEERS = 10_000;

/** A peer that is a trusted proxy: the client is in its `X-Forwarded-For`. */
const PROXY = "\u0000";

/** The app's flood limit and remembered addresses. */
interface Visitors {
  limit: FloodLimit;
  /** Peer → its own address when it is the client, `PROXY` when it is a trusted proxy. */
  peers: HalvingMap<string, string>;
  pairs: HalvingMap<string, string>;
}

const VISITORS: Slot<{ visitors: Visitors | null }> = { name: "analytics.visitors", make: () => ({ visitors: null }) };

function visitorsOf(deps: Pick<Deps, "clock" | "state">): Visitors {
  const slot = deps.state.of(VISITORS);
  slot.visitors ??= {
    limit: new FloodLimit(deps.clock),
    peers: new HalvingMap(MAX_PEERS),
    pairs: new HalvingMap(MAX_PAIRS),
  };
  return slot.visitors;
}

/** The beacon flood limit of this app (one per app, made on first use). */
export function visitorLimit(deps: Pick<Deps, "clock" | "state">): FloodLimit {
  return visitorsOf(deps).limit;
}

/** True when `s` is an IPv4 address written plainly: four decimal numbers 0–255, no leading zero, nothing else. */
export function plainIPv4(s: string): boolean {
  const n = s.length;
  if (n < 7 || n > 15) return false;
  let parts = 0;
  let i = 0;
  while (i < n) {
    const start = i;
    let value = 0;
    while (i < n) {
      const c = s.charCodeAt(i);
      if (c < 48 || c > 57) break;
      value = value * 10 + (c - 48);
      i++;
    }
    const digits = i - start;
    if (digits === 0 || digits > 3 || value > 255 || (digits > 1 && s.charCodeAt(start) === 48)) return false;
    parts++;
    if (i === n) break;
    if (s.charCodeAt(i) !== 46 || parts === 4) return false;
    i++;
    if (i === n) return false;
  }
  return parts === 4;
}

/** The client address of a beacon's request (what `clientAddress` gives), remembered as the file comment says. */
export function visitorOf(
  deps: Pick<Deps, "clock" | "state" | "config">,
  request: Request,
  server: PeerSource | null,
): string {
  const v = visitorsOf(deps);
  const peer = peerAddress(request, server);
  const forwarded = request.headers.get("x-forwarded-for");
  if (peer !== null) {
    let own = v.peers.get(peer);
    if (own === undefined) {
      const trusted = deps.config.trustedProxies ?? [];
      own = trusted.length && isTrustedProxy(peer, trusted) ? PROXY : clientAddress(request, server, deps.config);
      if (peer.length <= 64) v.peers.set(peer, own);
    }
    if (own !== PROXY) return own;
    if (forwarded !== null && plainIPv4(forwarded)) return forwarded;
  }
  const pair = `${peer}|${forwarded ?? ""}`;
  let visitor = v.pairs.get(pair);
  if (visitor === undefined) {
    visitor = clientAddress(request, server, deps.config);
    if (pair.length <= 512) v.pairs.set(pair, visitor);
  }
  return visitor;
}
