/**
 * Issue 30, "QR answers lack nosniff": every answer the server makes carries `X-Content-Type-Options: nosniff`, set
 * once for all (src/platform/http/errors.ts). Swept against the executable users run, over HTTP, with a sample of
 * every kind of answer: API JSON, errors (400, 401, 404, 412, 413), QR PNG and SVG, CDN files and the widget script,
 * the wall page, sitemap and robots, the capture page and its assets, the dashboard and its assets, the removal
 * and unsubscribe pages, redirects, CORS preflights and the API reference.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startServer, type RunningServer } from "../helpers/server";
import { httpApi, wallBrand } from "../helpers/walls";

let server: RunningServer;
let key: string;

beforeAll(async () => {
  server = await startServer({ env: { PLAUDIT_WORKERS: "0", PLAUDIT_SELF_TEST: "0", PLAUDIT_LOG_LEVEL: "error" } });
  key = await server.createKey("live");
}, 120_000);

afterAll(async () => {
  await server?.stop();
}, 30_000);

/** The path of the first script the page at `path` loads (relative to its `<base href>`). */
async function scriptOf(path: string): Promise<string> {
  const html = await (await fetch(`${server.url}${path}`)).text();
  const found = /<script[^>]+src="([^"]+)"/.exec(html)?.[1];
  if (!found) throw new Error(`no script in ${path}`);
  const base = new URL(/<base href="([^"]+)"/.exec(html)?.[1] ?? path, server.url);
  return new URL(found, base).pathname;
}

test("every kind of answer says nosniff", async () => {
  const api = httpApi(server.url, key);
  const wall = await wallBrand(api, { isPublic: true });
  const widget = (await api("POST", "/v1/widgets", { brand_id: wall.id })).body;
  const auth = { authorization: `Bearer ${key}` };
  const json = { ...auth, "content-type": "application/json" };
  const captureAsset = await scriptOf(`/c/${wall.linkId}`);
  const dashboardAsset = await scriptOf("/app/");
  const wallPath = new URL(wall.wallUrl).pathname;

  const sample: [string, string, RequestInit & { expect: number }][] = [
    ["health JSON", "/healthz", { expect: 200 }],
    ["API JSON", "/v1/brands", { headers: auth, expect: 200 }],
    ["API 401", "/v1/brands", { expect: 401 }],
    ["API 400", "/v1/brands", { method: "POST", headers: json, body: "[]", expect: 400 }],
    ["API 404 (no such route)", "/v1/nothing-here", { headers: auth, expect: 404 }],
    ["API 404 (no such brand)", "/v1/brands/brd_unknown", { headers: auth, expect: 404 }],
    ["API 413", "/public/removals/lookup", { method: "POST", body: "x".repeat(300_000), expect: 413 }],
    ["QR PNG", `/v1/links/${wall.linkId}/qr.png`, { headers: auth, expect: 200 }],
    ["QR SVG", `/v1/links/${wall.linkId}/qr.svg`, { headers: auth, expect: 200 }],
    ["OpenAPI document", "/v1/openapi.json", { expect: 200 }],
    ["API reference page", "/v1/reference", { expect: 200 }],
    ["capture link JSON", `/public/links/${wall.linkId}`, { expect: 200 }],
    ["CORS preflight", "/public/uploads/upl_x", { method: "OPTIONS", expect: 204 }],
    ["tus 412", "/public/uploads/upl_x", { method: "HEAD", expect: 412 }],
    ["CDN widget script", "/cdn/widget.js", { expect: 200 }],
    ["CDN file", "/cdn/assets/default-logo.png", { expect: 200 }],
    ["CDN 404", "/cdn/widgets/wgt_unknown.json", { expect: 404 }],
    ["CDN widget document or its 404", `/cdn/widgets/${widget.id}.json`, { expect: 0 }],
    ["wall page", wallPath, { expect: 200 }],
    ["wall 404", "/b/no-such-brand-here", { expect: 404 }],
    ["sitemap", "/sitemap.xml", { expect: 200 }],
    ["robots.txt", "/robots.txt", { expect: 200 }],
    ["capture page", `/c/${wall.linkId}`, { expect: 200 }],
    ["capture page for an unknown link", "/c/lnk_unknown", { expect: 404 }],
    ["capture page asset", captureAsset, { expect: 200 }],
    ["removal page", "/remove", { expect: 200 }],
    ["unsubscribe page", "/u/not-a-token", { expect: 0 }],
    ["dashboard page", "/app/", { expect: 200 }],
    ["dashboard asset", dashboardAsset, { expect: 200 }],
    ["redirect to the dashboard", "/", { expect: 302 }],
  ];
  const missing: string[] = [];
  for (const [what, path, { expect: status, ...init }] of sample) {
    const r = await fetch(`${server.url}${path}`, { redirect: "manual", ...init });
    await r.arrayBuffer();
    if (status && r.status !== status) missing.push(`${what} ${path}: status ${r.status}, expected ${status}`);
    if (r.headers.get("x-content-type-options") !== "nosniff")
      missing.push(`${what} ${path} (${r.status} ${r.headers.get("content-type")}): no nosniff`);
  }
  expect(missing).toEqual([]);
}, 120_000);
