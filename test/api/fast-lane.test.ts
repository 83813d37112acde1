/**
 * The fast lane (src/platform/http/fast-lane.ts) through the request handler `serve` uses: a widget document, its
 * HTML fragment, the embed script and a kept wall page answered before the framework carry exactly what the
 * framework's routes send (status, headers but the request id, bytes; `304` on `If-None-Match`), and what is not
 * kept (a first wall visit, an unknown widget, a HEAD) still goes through the routes.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { requestHandler } from "../../src/app";
import { fastAnswer } from "../../src/platform/http/fast-lane";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { appApi, publish, sendWritten, wallBrand } from "../helpers/walls";
import { makeLink, writeTestimonial } from "../helpers/testimonials";
import { runDueJobs } from "../../src/platform/jobs/worker";
import { buildRegistry } from "../../src/composition";
import { REBUILD_DELAY_MS } from "../../src/domains/widgets/publisher";

let t: TestApp;
let a: TestOrg;
let handle: (request: Request) => Response | Promise<Response>;
let wallUrl: string;
let documentUrl: string;

beforeAll(async () => {
  t = await makeTestApp({}, { web: true });
  a = await t.org({ name: "Fast Lane Co" });
  const api = appApi(t, a.liveKey);
  const wall = await wallBrand(api);
  wallUrl = wall.wallUrl;
  await publish(
    api,
    await sendWritten(api, wall.linkId, [{ text: "Sent before the framework.", name: "Ada Fast", rating: 5 }]),
  );
  const link = await makeLink(t, a.liveKey);
  const id = await writeTestimonial(
    t,
    link.id,
    "A widget document kept in memory. ".repeat(20),
    { name: "Ben Kept" },
    5,
  );
  await t.call("POST", `/v1/submissions/${id}/approve`, { auth: a.liveKey });
  await t.call("POST", `/v1/submissions/${id}/visibility`, { auth: a.liveKey, body: { is_public: true } });
  const widget = (await t.call("POST", "/v1/widgets", { auth: a.liveKey, body: { brand_id: link.brandId } })).body;
  t.clock.advance(REBUILD_DELAY_MS + 1);
  await runDueJobs(t.deps, buildRegistry());
  documentUrl = widget.document_url;
  handle = requestHandler(t.app, t.deps);
});
afterAll(() => t.close());

/** Status, headers without the request id, and bytes of an answer. */
async function shape(res: Response) {
  const headers = Object.fromEntries([...res.headers].filter(([k]) => k !== "x-request-id"));
  return { status: res.status, headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

const cases = () => [
  ["widget document", documentUrl],
  ["widget fragment", documentUrl.replace(/\.json$/, ".html")],
  [
    "embed script",
    `${new URL(documentUrl).origin}${new URL(documentUrl).pathname.replace(/widgets\/.*$/, "widget.js")}`,
  ],
  ["wall page", wallUrl],
];

test("kept documents answer the same status, headers and bytes as the routes, in every encoding, with a request id", async () => {
  for (const [name, url] of cases()) {
    await (await t.app.handle(new Request(url!))).arrayBuffer(); // kept now (a wall page is kept by its first visit)
    for (const encoding of ["", "gzip", "gzip, deflate, br"]) {
      const headers: Record<string, string> = encoding ? { "accept-encoding": encoding } : {};
      const viaRoute = await t.app.handle(new Request(url!, { headers }));
      expect(fastAnswer(t.deps, new Request(url!, { headers })), name).toBeInstanceOf(Response);
      const viaLane = await handle(new Request(url!, { headers }));
      expect(viaLane.headers.get("x-request-id"), name).toMatch(/^req_/);
      expect(await shape(viaLane), `${name} ${encoding}`).toEqual(await shape(viaRoute));
    }
    const etag = (await t.app.handle(new Request(url!))).headers.get("etag")!;
    const lane304 = await handle(new Request(url!, { headers: { "if-none-match": etag } }));
    const route304 = await t.app.handle(new Request(url!, { headers: { "if-none-match": etag } }));
    expect(await shape(lane304), name).toEqual(await shape(route304));
    expect(lane304.status).toBe(304);
  }
});

test("what is not kept goes through the routes: an unknown widget, a HEAD, a page asked twice in the query", async () => {
  const unknown = documentUrl.replace(/wgt_[A-Za-z0-9]+/, "wgt_doesnotexist");
  expect(fastAnswer(t.deps, new Request(unknown))).toBeNull();
  expect((await handle(new Request(unknown))).status).toBe(404);
  const head = await handle(new Request(documentUrl, { method: "HEAD" }));
  expect(await shape(head)).toEqual(await shape(await t.app.handle(new Request(documentUrl, { method: "HEAD" }))));
  const twice = `${wallUrl}?page=1&page=2`;
  expect(await shape(await handle(new Request(twice)))).toEqual(await shape(await t.app.handle(new Request(twice))));
});

test("/healthz from the fast lane is the route's answer", async () => {
  const url = `${new URL(wallUrl).origin}/healthz`;
  expect(fastAnswer(t.deps, new Request(url))).toBeInstanceOf(Response);
  expect(await shape(await handle(new Request(url)))).toEqual(await shape(await t.app.handle(new Request(url))));
});

test("a wall page is kept once per language wish: the lane answers each visitor the page of their language", async () => {
  const asked = [
    { "accept-language": "de-DE,de;q=0.9" },
    { "accept-language": "fr" },
    {},
    { "accept-language": "de" },
  ] as Record<string, string>[];
  for (const headers of asked) await (await t.app.handle(new Request(wallUrl, { headers }))).arrayBuffer();
  for (const headers of asked) {
    const lane = fastAnswer(t.deps, new Request(wallUrl, { headers }));
    expect(lane, JSON.stringify(headers)).toBeInstanceOf(Response);
    const viaLane = await handle(new Request(wallUrl, { headers }));
    const viaRoute = await t.app.handle(new Request(wallUrl, { headers }));
    expect(await shape(viaLane), JSON.stringify(headers)).toEqual(await shape(viaRoute));
  }
  const html = async (headers: Record<string, string>) => (await handle(new Request(wallUrl, { headers }))).text();
  expect(await html({ "accept-language": "de" })).toContain('<html lang="de"');
  expect(await html({ "accept-language": "fr" })).toContain('<html lang="fr"');
  expect(await html({})).toContain('<html lang="en"');
  const withLang = `${wallUrl}?lang=fr`;
  await (await t.app.handle(new Request(withLang))).arrayBuffer();
  expect(await (await handle(new Request(withLang, { headers: { "accept-language": "de" } }))).text()).toContain(
    '<html lang="fr"',
  );
});
