/**
 * `POST /public/beacons`: what the embed script and the wall pages report (docs/analytics.md). No credential, no
 * cookie set, nothing read from a cookie but whether the dashboard's session is there. The body is text (what
 * `navigator.sendBeacon` sends for a string, so no CORS preflight is needed) or JSON, read within 8 KB before it is
 * parsed (the root's body limits, src/platform/http/body-limits.ts); the answer is `204` whether or not the beacon was counted.
 */
import { Elysia } from "elysia";
import type { Deps } from "../../platform/deps";
import { clientAddress } from "../../platform/client-address";
import { BEACON_PATH } from "../../platform/beacon-address";
import { beaconLimiter, checkBeacon, countBeacon } from "./ingest";
import { beaconBody, MAX_BEACON_BYTES } from "./model";

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
  return new Elysia({ name: "analytics-beacons", seed: deps.config.baseUrl }).post(
    BEACON_PATH,
    ({ body, request, server }) => {
      const beacon = checkBeacon(body);
      countBeacon(deps, limiter, request, clientAddress(request, server, deps.config), beacon);
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
