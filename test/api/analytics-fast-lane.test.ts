/**
 * Beacons through the fast lane (src/domains/analytics/beacon-fast-path.ts) against the beacon route: a beacon the
 * fast lane reads gets the route's status, headers and body and counts the same events; a malformed beacon it reads
 * gets the route's refusal (same status, headers and error body but the request id); what it does not read (other
 * types, no length, an oversize body, other methods and paths) goes to the framework; and a visitor has one flood
 * allowance whichever answers.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { requestHandler } from "../../src/app";
import { fastAnswer } from "../../src/platform/http/fast-lane";
import { notePeer } from "../../src/platform/client-address";
import { flushAnalytics } from "../../src/domains/analytics";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { makeLink, writeTestimonial } from "../helpers/testimonials";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
/** The trusted proxy every request comes through (as in the benchmark). */
const PROXY = "127.0.0.1";
const server = { requestIP: () => ({ address: PROXY }) };

let t: TestApp;
let a: TestOrg;
let widgetId: string;
let shownIds: string[];
let handle: ReturnType<typeof requestHandler>;
let seq = 0;

beforeAll(async () => {
  t = await makeTestApp({ PLAUDIT_TRUSTED_PROXIES: PROXY });
  a = await t.org();
  const link = await makeLink(t, a.liveKey);
  shownIds = [];
  for (const text of ["Counted the same either way.", "Also counted the same."]) {
    const id = await writeTestimonial(t, link.id, text);
    await t.call("POST", `/v1/submissions/${id}/approve`, { auth: a.liveKey });
    await t.call("POST", `/v1/submissions/${id}/visibility`, { auth: a.liveKey, body: { is_public: true } });
    shownIds.push(id);
  }
  widgetId = (await t.call("POST", "/v1/widgets", { auth: a.liveKey, body: { brand_id: link.brandId } })).body.id;
  handle = requestHandler(t.app, t.deps);
});
afterAll(() => t.close());

/** A beacon request as a browser sends it through the proxy: text/plain with its length, from its own address. */
function beacon(body: string | Uint8Array, headers: Record<string, string> = {}, method = "POST", path = "") {
  const bytes = typeof body === "string" ? new TextEncoder().encode(body) : body;
  return new Request(`${t.base}/public/beacons${path}`, {
    method,
    headers: {
      "content-type": "text/plain;charset=UTF-8",
      "content-length": String(bytes.byteLength),
      "user-agent": CHROME,
      origin: "https://shop.example",
      "x-forwarded-for": `203.0.113.${++seq % 250}`,
      ...headers,
    },
    body: method === "GET" || method === "HEAD" ? undefined : (bytes as Uint8Array<ArrayBuffer>),
  });
}

/** The answer of the fast lane, as the request handler asks it (the peer noted right after), or null. */
async function viaLane(request: Request): Promise<Response | null> {
  const lane = fastAnswer(t.deps, request);
  if (lane === null) return null;
  notePeer(request, PROXY);
  return (await lane) ?? null;
}

/** The answer of the beacon route (the framework), for the same connecting peer. */
function viaRoute(request: Request): Promise<Response> {
  notePeer(request, PROXY);
  return t.app.handle(request);
}

/** Status, headers but the request id, and body (an error's without its request id). */
async function shape(res: Response) {
  const headers = Object.fromEntries([...res.headers].filter(([k]) => k !== "x-request-id"));
  const text = await res.text();
  let body: unknown = text;
  if (text) {
    body = JSON.parse(text);
    delete (body as { error?: { request_id?: string } }).error?.request_id;
  }
  return { status: res.status, headers, body, requestId: res.headers.get("x-request-id") };
}

/** The widget's views (whole and per card) counted so far, waiting counts written first. */
function views() {
  flushAnalytics(t.deps);
  return t.deps.db.$client
    .query("SELECT submission_id AS id, sum(count) AS n FROM analytics_daily WHERE widget_id = ? GROUP BY 1 ORDER BY 1")
    .all(widgetId);
}

test("a beacon read by the fast lane gets the route's status, headers and body, and counts the same events", async () => {
  const body = JSON.stringify({
    widget_id: widgetId,
    events: [{ type: "view" }, ...shownIds.map((id) => ({ type: "view", submission_id: id }))],
  });
  for (const type of [
    "text/plain;charset=UTF-8",
    "text/plain",
    "application/json",
    "application/json; charset=utf-8",
  ]) {
    const start = views();
    const lane = await viaLane(beacon(body, { "content-type": type }));
    expect(lane, type).not.toBeNull();
    const afterLane = views();
    const route = await viaRoute(beacon(body, { "content-type": type }));
    const afterRoute = views();
    const [l, r] = [await shape(lane!), await shape(route)];
    expect(l.requestId).toMatch(/^req_/);
    expect({ ...l, requestId: null }).toEqual({ ...r, requestId: null });
    expect(l.status).toBe(204);
    const delta = (x: any[], y: any[]) => x.map((row, i) => row.n - (y[i]?.n ?? 0));
    expect(delta(afterLane, start)).toEqual([1, 1, 1]);
    expect(delta(afterRoute, afterLane)).toEqual([1, 1, 1]);
  }
});

test("the caller's request id is kept, as the route keeps it", async () => {
  const body = JSON.stringify({ widget_id: widgetId, events: [{ type: "view" }] });
  const lane = await viaLane(beacon(body, { "x-request-id": "page-42" }));
  expect(lane!.headers.get("x-request-id")).toBe("page-42");
  const bad = await viaLane(beacon("{", { "x-request-id": "page-43" }));
  expect(bad!.headers.get("x-request-id")).toBe("page-43");
  expect((await bad!.json()).error.request_id).toBe("page-43");
});

test("a malformed beacon read by the fast lane gets the route's refusal: same status, headers and error body", async () => {
  const ok = { widget_id: widgetId, events: [{ type: "view" }] };
  const cases: [string, string | Uint8Array, number][] = [
    ["not json", "not json", 400],
    ["an array", "[1,2,3]", 400],
    ["null", "null", 400],
    ["a string", '"x"', 400],
    ["blank", "   ", 400],
    ["too deep", `${"[".repeat(3000)}${"]".repeat(3000)}`, 400],
    ["no id", JSON.stringify({ events: [{ type: "view" }] }), 400],
    ["both ids", JSON.stringify({ ...ok, brand_id: "brd_x" }), 400],
    ["no events", JSON.stringify({ widget_id: widgetId, events: [] }), 400],
    ["unknown type", JSON.stringify({ widget_id: widgetId, events: [{ type: "hover" }] }), 400],
    ["odd percent", JSON.stringify({ widget_id: widgetId, events: [{ type: "progress", percent: 30 }] }), 400],
    ["extra field", JSON.stringify({ widget_id: widgetId, events: [{ type: "view", extra: 1 }] }), 400],
    ["extra top field", JSON.stringify({ ...ok, x: 1 }), 400],
    ["bad id", JSON.stringify({ widget_id: "<script>", events: [{ type: "view" }] }), 400],
    ["51 events", JSON.stringify({ widget_id: widgetId, events: Array.from({ length: 51 }, () => ok.events[0]) }), 400],
    ["a line break in an id", JSON.stringify({ widget_id: `${widgetId}\r\n`, events: [{ type: "view" }] }), 400],
    ["not UTF-8", new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]), 400],
    // Well formed, written otherwise than the scripts write it: taken the same way.
    ["spaces and escapes", `{ "widget_id" : "${widgetId}", "events" : [ { "type" : "vi\\u0065w" } ] }\n`, 204],
    ["a byte order mark", new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(JSON.stringify(ok))]), 204],
    ["an unknown widget", JSON.stringify({ widget_id: "wgt_nosuchwidget", events: [{ type: "view" }] }), 204],
  ];
  for (const [name, body, status] of cases) {
    const lane = await viaLane(beacon(body));
    expect(lane, `${name}: read by the fast lane`).not.toBeNull();
    const route = await viaRoute(beacon(body));
    const [l, r] = [await shape(lane!), await shape(route)];
    expect({ name, ...l, requestId: null }).toEqual({ name, ...r, requestId: null });
    expect([name, l.status]).toEqual([name, status]);
    expect(l.requestId).toMatch(/^req_/);
  }
});

test("what the fast lane does not read goes to the framework, which answers as before", async () => {
  const body = JSON.stringify({ widget_id: widgetId, events: [{ type: "view" }] });
  const big = JSON.stringify({ widget_id: widgetId, events: [{ type: "view" }], pad: "x".repeat(9000) });
  const noLength = new Request(`${t.base}/public/beacons`, {
    method: "POST",
    headers: { "content-type": "text/plain", "user-agent": CHROME },
    body,
  });
  const cases: [string, () => Request, number][] = [
    ["no length", () => noLength.clone(), 204],
    ["empty", () => beacon(""), 400],
    ["oversize", () => beacon(big), 413],
    ["form type", () => beacon(body, { "content-type": "application/x-www-form-urlencoded" }), 400],
    ["html type", () => beacon(body, { "content-type": "text/html" }), 415],
    ["a space before the parameters", () => beacon(body, { "content-type": "text/plain ;charset=UTF-8" }), 415],
    ["no type", () => beacon(body, { "content-type": "" }), 204],
    // Another path as the root matches it: text is not taken there (as before).
    ["a trailing slash", () => beacon(body, {}, "POST", "/"), 415],
    ["PUT", () => beacon(body, {}, "PUT"), 404],
    ["OPTIONS", () => beacon(body, {}, "OPTIONS"), 204],
    ["over the header limit", () => beacon(body, { "x-pad": "x".repeat(40_000) }), 431],
  ];
  for (const [name, make, status] of cases) {
    expect([name, fastAnswer(t.deps, make())]).toEqual([name, null]);
    const viaHandler = await handle(make(), server);
    const route = await viaRoute(make());
    const [h, r] = [await shape(viaHandler), await shape(route)];
    expect({ name, ...h, requestId: null }).toEqual({ name, ...r, requestId: null });
    if (name !== "OPTIONS" && name !== "PUT") expect([name, h.status]).toEqual([name, status]);
  }
});

test("one flood allowance per visitor, whichever answers: 60 counted beacons a minute", async () => {
  const body = JSON.stringify({ widget_id: widgetId, events: [{ type: "view" }] });
  const whole = () => (views() as { id: string; n: number }[]).find((r) => r.id === "")!.n;
  const before = whole();
  const from = { "x-forwarded-for": "198.51.100.77" };
  for (let i = 0; i < 40; i++) {
    expect((await viaLane(beacon(body, from)))!.status).toBe(204);
    expect((await viaRoute(beacon(body, from))).status).toBe(204);
  }
  expect(whole()).toBe(before + 60);
  t.clock.advance(61_000);
  await viaLane(beacon(body, from));
  expect(whole()).toBe(before + 61);
});

test("the request handler answers beacons from the fast lane and the framework alike", async () => {
  const body = JSON.stringify({ widget_id: widgetId, events: [{ type: "view", submission_id: shownIds[0] }] });
  const res = await handle(beacon(body), server);
  expect(res.status).toBe(204);
  expect(res.headers.get("access-control-allow-origin")).toBe("*");
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  const refused = await handle(beacon("{}"), server);
  expect(refused.status).toBe(400);
  expect((await refused.json()).error.code).toBe("validation_failed");
});

test("a body that breaks off while the fast lane reads it gets an answer, not a thrown error", async () => {
  const broken = new Request(`${t.base}/public/beacons`, {
    method: "POST",
    headers: { "content-type": "text/plain", "content-length": "40", "user-agent": CHROME },
    body: new ReadableStream({
      start(c) {
        c.error(new Error("the page went away"));
      },
    }),
  });
  const res = await viaLane(broken);
  expect(res!.status).toBe(400);
  expect((await res!.json()).error.request_id).toMatch(/^req_/);
});
