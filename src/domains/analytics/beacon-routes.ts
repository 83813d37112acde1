/**
 * `POST /public/beacons`: what the embed script and the wall pages report (docs/analytics.md). No credential, no
 * cookie set, nothing read from a cookie but whether the dashboard's session is there. The body is text (what
 * `navigator.sendBeacon` sends for a string, so no CORS preflight is needed) or JSON, read within 8 KB before it is
 * parsed (the root's body limits, src/platform/http/body-limits.ts); the answer is `204` whether or not the beacon was counted.
 * Most beacons are answered by the fast lane before the framework (./beacon-fast-path.ts), the same way.
 */
import { Elysia } from "elysia";
import type { Deps } from "../../platform/deps";
import { BEACON_PATH } from "../../platform/beacon-address";
import { checkBeacon, countBeacon } from "./ingest";
import { beaconBody, MAX_BEACON_BYTES } from "./model";
import { visitorLimit, visitorOf } from "./visitors";
import { BEACON_HEADERS, beaconFastPath } from "./beacon-fast-path";
import { errorHandling } from "../../platform/http/errors";
import { bodyLimits } from "../../platform/http/body-limits";

const BEACON_DOC = {
  required: true,
  content: {
    "text/plain": { schema: beaconBody },
    "application/json": { schema: beaconBody },
  },
};

/** The beacon route alone (the app's, and the fast lane's for the beacons it does not read itself). */
export function beaconRoute(deps: Deps) {
  return new Elysia({ name: "analytics-beacons", seed: deps.config.baseUrl }).post(
    BEACON_PATH,
    ({ body, request, server }) => {
      const beacon = checkBeacon(body);
      countBeacon(deps, visitorLimit(deps), request, visitorOf(deps, request, server), beacon);
      return new Response(null, { status: 204, headers: BEACON_HEADERS });
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

/**
 * The beacon route, with its fast path registered in the app's fast lane. A beacon the fast path has read but must
 * refuse goes to this route inside the root's error handling and body limits (made on first use), which answer it
 * as the app would.
 */
export function beaconRoutes(deps: Deps) {
  let framework: { handle(request: Request): Promise<Response> } | null = null;
  beaconFastPath(deps, (request) => {
    framework ??= new Elysia({ normalize: false })
      .use(errorHandling(deps.log))
      .use(bodyLimits())
      .use(beaconRoute(deps));
    return framework.handle(request);
  });
  return beaconRoute(deps);
}
