/**
 * Who is calling: the client address the per-client limits count. The connecting peer is the client, unless the
 * peer is one of the operator's reverse proxies (`PLAUDIT_TRUSTED_PROXIES`, none by default): then the address
 * that proxy wrote into `X-Forwarded-For` is, walking the list from the right past further trusted proxies.
 * Nobody else can choose the address a limit counts by sending a header.
 */
import ipaddr from "ipaddr.js";
import type { Config } from "../config";

/** The part of Bun's server this needs (Elysia hands it to handlers as `server`; null under `app.handle`). */
export interface PeerSource {
  requestIP(request: Request): { address: string } | null;
}

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** Connecting addresses noted by the server's fetch handler, for requests Elysia gets through `app.handle`. */
const peers = new WeakMap<Request, string>();

/**
 * Records the connecting address of a request as Bun's server received it. The server's fetch handler calls this
 * before handing the request (possibly rewritten by the host router) to `app.handle`, where Elysia has no `server`:
 * `notePeer(routed, server.requestIP(original)?.address)`.
 */
export function notePeer(request: Request, address: string | null | undefined): void {
  if (address) peers.set(request, address);
}

const parsed = new WeakMap<readonly string[], Range[]>();

function ranges(list: readonly string[]): Range[] {
  let out = parsed.get(list);
  if (!out) {
    out = list.map((entry): Range => {
      if (entry.includes("/")) return ipaddr.parseCIDR(entry);
      const a = ipaddr.parse(entry);
      return [a, a.kind() === "ipv4" ? 32 : 128];
    });
    parsed.set(list, out);
  }
  return out;
}

/** A plain address (IPv4-mapped IPv6 as IPv4), or null when `value` is not an IP address. */
function normalise(value: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  try {
    return ipaddr.process(value.trim().replace(/^\[(.*)\]$/, "$1"));
  } catch {
    return null;
  }
}

/** True when `address` is in one of the trusted proxy ranges. */
export function isTrustedProxy(address: string, trusted: readonly string[]): boolean {
  const ip = normalise(address);
  if (!ip) return false;
  return ranges(trusted).some(([range, bits]) => {
    if (ip.kind() === range.kind()) return ip.match(range, bits);
    // An IPv4 range also covers the same addresses written as IPv4-mapped IPv6, and the reverse.
    if (ip.kind() === "ipv4" && range.kind() === "ipv6" && (range as ipaddr.IPv6).isIPv4MappedAddress())
      return ip.match((range as ipaddr.IPv6).toIPv4Address(), bits - 96);
    return false;
  });
}

/**
 * The address of whoever opened the connection (the client, or a proxy in front): the server's
 * (`server.requestIP`), else the one the fetch handler noted (`notePeer`); null only for in-process calls.
 */
export function peerAddress(request: Request, server: PeerSource | null | undefined): string | null {
  return server?.requestIP(request)?.address ?? peers.get(request) ?? null;
}

/**
 * The client address of a request (a normalised IP string). The peer is the server's (`server.requestIP`) or the
 * one noted by the fetch handler (`notePeer`). With no peer at all (only in-process calls such as `app.handle` in
 * tests; a server whose fetch handler notes its peers always has one) the last `X-Forwarded-For` entry is used,
 * else "unknown".
 */
export function clientAddress(
  request: Request,
  server: PeerSource | null | undefined,
  config: Pick<Config, "trustedProxies">,
): string {
  const chain = (request.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const peer = peerAddress(request, server);
  if (!peer) {
    const last = chain[chain.length - 1];
    return last ? (normalise(last)?.toString() ?? last) : "unknown";
  }
  const trusted = config.trustedProxies ?? [];
  let client = normalise(peer)?.toString() ?? peer;
  if (!trusted.length || !isTrustedProxy(client, trusted)) return client;
  // Right to left: each trusted hop vouches for the address before it; the first untrusted one is the client.
  for (let i = chain.length - 1; i >= 0; i--) {
    const hop = normalise(chain[i]!);
    if (!hop) return client;
    client = hop.toString();
    if (!isTrustedProxy(client, trusted)) return client;
  }
  return client;
}
