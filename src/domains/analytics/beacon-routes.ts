/**
 * `POST /public/beacons`: what the embed script and the wall pages report (docs/analytics.md). No credential, no
 * cookie set, nothing read from a cookie but whether the dashboard's session is there. The body is text (what
 * `navigator.sendBeacon` sends for a string, so no CORS preflight is needed) or JSON, read within 8 KB before it is
 * parsed (the root's body limits, src/platform/http/body-limits.ts); the answer is `204` whether or not the beacon was counted.
 */
import { Elysia } from "elysia";
import type { Deps } from "../../platform/deps";
import { clientAddress, peerAddress, type PeerSource } from "../../platform/client-address";
import { BEACON_PATH } from "../../platform/beacon-address";
import { beaconLimiter, checkBeacon, countBeacon } from "./ingest";
import { beaconBody, MAX_BEACON_BYTES } from "./model";

/** (peer, X-Forwarded-For) pairs whose client address is remembered. */
const MAX_VISITORS = 10_000;

const HEADERS = {
  "access-control-allow-origin": "*",
  "cache-control": "no-store",
  "referrer-policy": "no-referrer",
};

const BEACON_DOC = {
  required: true,
  content: {
    "text/plain": { schema: beaconBody },
    "application/json": { schema: beaconBody },
  },
};

/** The beacon route. */
export function beaconRoutes(deps: Deps) {
  const limiter = beaconLimiter(deps);
  // The client address of a (peer, X-Forwarded-For) pair, remembered: parsing addresses costs more than the rest of
  // a beacon, and a visitor sends several. Kept in memory only, at most `MAX_VISITORS` pairs.
  const visitors = new Map<string, string>();
  const visitorOf = (request: Request, server: PeerSource | null) => {
    const pair = `${peerAddress(request, server)}|${request.headers.get("x-forwarded-for") ?? ""}`;
    let visitor = visitors.get(pair);
    if (visitor === undefined) {
      visitor = clientAddress(request, server, deps.config);
      if (visitors.size >= MAX_VISITORS) visitors.delete(visitors.keys().next().value!);
      visitors.set(pair, visitor);
    }
    return visitor;
  };
  return new Elysia({ name: "analytics-beacons", seed: deps.config.baseUrl }).post(
    BEACON_PATH,
    ({ body, request, server }) => {
      const beacon = checkBeacon(body);
      countBeacon(deps, limiter, request, visitorOf(request, server), beacon);
      return new Response(null, { status: 204, headers: HEADERS });
    },
    {
      detail: {
        tags: ["Analytics"],
        summary: "Report what a visitor saw, played and clicked in a widget or on a wall (sent by the embed script)",
        description: `Body up to ${MAX_BEACON_BYTES} bytes, sent as text/plain by navigator.sendBeacon. Always 204 when well formed, counted or not: Do Not Track, Global Privacy Control, bots, the dashboard's own previews, floods and ids the widget or wall does not show are left out.`,
        security: [],
        requestBody: BEACON_DOC,
        responses: { 204: { description: "Received (counted or not)." } },
      },
    },
  );
}
