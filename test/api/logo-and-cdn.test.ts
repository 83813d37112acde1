/** Logo uploads (decoded with sharp, published on the CDN) and the CDN's headers. */
import { afterAll, beforeAll, expect, test } from "bun:test";
import sharp from "sharp";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";

let t: TestApp;
let a: TestOrg;
let brand: string;

beforeAll(async () => {
  t = await makeTestApp();
  a = await t.org();
  brand = (await t.call("GET", "/v1/brands", { auth: a.liveKey })).body.data[0].id;
});
afterAll(() => t.close());

function form(bytes: Uint8Array | string, name = "logo.png", type = "image/png") {
  const f = new FormData();
  f.append("file", new File([bytes as BlobPart], name, { type }));
  return f;
}

test("a PNG logo is resized, published and served from the CDN with CORS and caching", async () => {
  const png = await sharp({ create: { width: 1200, height: 600, channels: 3, background: "#ff0000" } })
    .png()
    .toBuffer();
  const r = await t.call("POST", `/v1/brands/${brand}/logo`, { auth: a.liveKey, body: form(png) });
  expect(r.status).toBe(200);
  expect(r.body.logo_url).toMatch(/^http:\/\/plaudit\.test\/cdn\/brands\/brd_[0-9a-z]+\/logo-[\w-]+\.png$/);
  const file = await t.app.handle(new Request(r.body.logo_url));
  expect(file.status).toBe(200);
  expect(file.headers.get("access-control-allow-origin")).toBe("*");
  expect(file.headers.get("content-type")).toBe("image/png");
  const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
  expect(meta.width).toBe(512);
  const etag = file.headers.get("etag")!;
  const again = await t.app.handle(new Request(r.body.logo_url, { headers: { "if-none-match": etag } }));
  expect(again.status).toBe(304);
});

const hostile: [string, () => FormData, number][] = [
  ["a text file named .png", () => form("<script>alert(1)</script>"), 415],
  ["a truncated PNG", () => form(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0])), 415],
  ["an empty file", () => form(new Uint8Array()), 400],
];
for (const [name, make, status] of hostile) {
  test(`refuses ${name} with ${status} and keeps the old logo`, async () => {
    const before = (await t.call("GET", `/v1/brands/${brand}`, { auth: a.liveKey })).body.logo_url;
    const r = await t.call("POST", `/v1/brands/${brand}/logo`, { auth: a.liveKey, body: make() });
    expect(r.status).toBe(status);
    expect(r.body.error.code).toBeString();
    expect((await t.call("GET", `/v1/brands/${brand}`, { auth: a.liveKey })).body.logo_url).toBe(before);
  });
}

test("no file at all is a 400, not a 500", async () => {
  const r = await t.call("POST", `/v1/brands/${brand}/logo`, { auth: a.liveKey, body: new FormData() });
  expect(r.status).toBe(400);
});

test("the default logo is served; a path climbing out of public/ is 404", async () => {
  const fresh = (await t.call("GET", "/v1/brands", { auth: a.testKey })).body.data[0].logo_url;
  expect(fresh).toBe("http://plaudit.test/cdn/assets/default-logo.png");
  expect((await t.app.handle(new Request(fresh))).status).toBe(200);
  expect((await t.app.handle(new Request("http://plaudit.test/cdn/..%2f..%2fplaudit.db"))).status).toBe(404);
  expect((await t.app.handle(new Request("http://plaudit.test/cdn/../secret.key"))).status).toBe(404);
});

test("with a CDN host of its own, files are served on that host and not under /cdn of the API host", async () => {
  const { makeTestApp } = await import("../helpers/app");
  const { requestHandler } = await import("../../src/app");
  const t2 = await makeTestApp({ PLAUDIT_CDN_URL: "http://cdn.plaudit.test" });
  try {
    const handle = requestHandler(t2.app, t2.deps);
    const org = await t2.org();
    const brand = (await t2.call("GET", "/v1/brands", { auth: org.liveKey })).body.data[0];
    expect(brand.logo_url).toBe("http://cdn.plaudit.test/assets/default-logo.png");
    const res = await handle(new Request(brand.logo_url));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect((await handle(new Request("http://plaudit.test/cdn/assets/default-logo.png"))).status).toBe(404);
    expect((await handle(new Request("http://plaudit.test/healthz"))).status).toBe(200);
  } finally {
    t2.close();
  }
});
