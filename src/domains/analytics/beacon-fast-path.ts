/**
 * Beacons through the fast lane (src/platform/http/fast-lane.ts, issue 28): `POST /public/beacons` answered before
 * the framework, counted exactly as the route counts them (./beacon-routes.ts) with the same answer.
 *
 * Before the body is read, only the usual beacon is taken: `text/plain` (what `navigator.sendBeacon` sends) or
 * `application/json`, with a `Content-Length` from 1 byte to the route's cap; anything else (another type, no
 * length, an empty or oversize body, a request over the root's limits) is left to the framework, which answers or
 * refuses it as before. Once read, the body is parsed as the root's body limits would (UTF-8, `JSON.parse`) and
 * checked by the route's own strict check; a beacon that passes is counted and answered `204` here. One that does
 * not (bad JSON, the wrong shape, both ids…) is handed with its bytes to the beacon route inside the root's error
 * handling and body limits, so every refusal keeps its status and documented error shape.
 */
import type { Deps } from "../../platform/deps";
import { BEACON_PATH } from "../../platform/beacon-address";
import { peerAddress, notePeer } from "../../platform/client-address";
import { setFastPath } from "../../platform/http/fast-lane";
import { EVERY_ANSWER_HEADERS } from "../../platform/http/errors";
import { countBeacon } from "./ingest";
import { beaconCheck, MAX_BEACON_BYTES, type Beacon } from "./model";
import { visitorLimit, visitorOf } from "./visitors";
import { HalvingMap } from "../../platform/halving-map";

/** The headers of the `204` (the root adds the request id and `nosniff`). */
export const BEACON_HEADERS: Readonly<Record<string, string>> = {
  "access-control-allow-origin": "*",
  "cache-control": "no-store",
  "referrer-policy": "no-referrer",
};

/**
 * The route's headers and those the root puts on every answer, made once: a Response copies them, which costs less
 * than reading them from an object. Only the request id is set per answer.
 */
const RECEIVED_HEADERS = new Headers({ ...BEACON_HEADERS, ...EVERY_ANSWER_HEADERS });

/** The `204` with the route's headers and those the root adds (`extra`: the request id, and `nosniff` already in). */
function received(extra: Record<string, string>): Response {
  const answer = new Response(null, { status: 204, headers: RECEIVED_HEADERS });
  for (const name in extra) if (EVERY_ANSWER_HEADERS[name] !== extra[name]) answer.headers.set(name, extra[name]!);
  return answer;
}

/** Content types read here, as the framework compares them (the part before any `;`, as sent). */
const READ_HERE: ReadonlySet<string> = new Set(["text/plain", "application/json"]);

const decoder = new TextDecoder();

/**
 * Beacons already read, by their text: the visitors of one page send the same beacon (the widget and the cards they
 * saw), so most are parsed and checked once. At most 1,000 beacons of up to 1 KB each, frozen (counting only reads).
 */
const taken = new HalvingMap<string, Beacon>(1000);
const MAX_REMEMBERED = 1024;

/** A `Content-Length` the fast lane takes: digits only, 1 to `MAX_BEACON_BYTES`. */
function takenLength(value: string | null): boolean {
  if (value === null || value.length === 0 || value.length > 5) return false;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  const n = Number(value);
  return n >= 1 && n <= MAX_BEACON_BYTES;
}

/**
 * The beacon in `bytes` when the route would take it as it is, else null. The route reads the same bytes as UTF-8,
 * parses them with `JSON.parse` (after a depth scan and a check that the text is not blank, which a beacon that
 * passes below always passes) and runs `checkBeacon`: the compiled strict check and one id of the two. (Reading the
 * usual beacon by hand measured slower than `JSON.parse` and the compiled check: docs/performance.md.)
 */
export function quickBeacon(bytes: Uint8Array): Beacon | null {
  if (bytes.byteLength > MAX_BEACON_BYTES) return null;
  const text = decoder.decode(bytes);
  const known = taken.get(text);
  if (known) return known;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!beaconCheck.Check(value)) return null;
  if ((value.widget_id === undefined) === (value.brand_id === undefined)) return null;
  if (text.length <= MAX_REMEMBERED) {
    for (const e of value.events) Object.freeze(e);
    Object.freeze(value.events);
    taken.set(text, Object.freeze(value));
  }
  return value;
}

/**
 * Registers the beacon path in the app's fast lane. `viaRoute` answers a request through the beacon route with the
 * root's error handling and body limits (for the beacons read here that the route must refuse).
 */
export function beaconFastPath(deps: Deps, viaRoute: (request: Request) => Promise<Response>): void {
  const take = async (request: Request, extra: Record<string, string>): Promise<Response> => {
    let bytes: Uint8Array<ArrayBuffer>;
    try {
      bytes = await request.bytes();
    } catch {
      // The body broke off (the page went away mid-send): nothing to count; the route answers an empty beacon.
      bytes = new Uint8Array(0);
    }
    // The handler has noted the peer by now (it does right after asking the fast lane): `visitorOf` reads it.
    const beacon = quickBeacon(bytes);
    if (beacon) {
      try {
        countBeacon(deps, visitorLimit(deps), request, visitorOf(deps, request, null), beacon);
        return received(extra);
      } catch {
        // Not expected (the database closed under it…): the route tries again and answers in the error shape.
      }
    }
    const again = new Request(request.url, { method: "POST", headers: request.headers, body: bytes });
    again.headers.set("x-request-id", extra["x-request-id"]!);
    notePeer(again, peerAddress(request, null));
    return viaRoute(again);
  };
  setFastPath(
    deps,
    "beacons",
    BEACON_PATH,
    (request, path, _search, extra) => {
      if (path !== BEACON_PATH) return null;
      const h = request.headers;
      const type = h.get("content-type");
      if (type === null) return null;
      const semi = type.indexOf(";");
      if (!READ_HERE.has(semi < 0 ? type : type.slice(0, semi))) return null;
      if (!takenLength(h.get("content-length"))) return null;
      return take(request, extra);
    },
    "POST",
  );
}
