/**
 * QR codes of a collect link's address: the SVG and the PNG carry exactly the QR matrix of the link's `url` (the
 * friendly address once a slug is set), download as attachments, follow the link's read permission, and answer 404
 * for another organisation's link or the other mode's.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import sharp from "sharp";
import { encode } from "uqr";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";

let t: TestApp;
let a: TestOrg;
let b: TestOrg;
let linkId: string;

const body = {
  title: "Tell us about Acme",
  prompts: [{ text: "What changed for you?", max_seconds: 90 }],
  consent_text: "I agree that Acme may publish my testimonial.",
  consent_version: "2026-11-01",
};

/** Raw bytes of a response (the harness parses text; QR images are read straight from the app). */
async function fetchRaw(path: string, auth: string) {
  const res = await t.app.handle(new Request(`${t.base}${path}`, { headers: { authorization: `Bearer ${auth}` } }));
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

/** The dark/light matrix read back from a QR image by sampling each module's centre. */
async function readMatrix(png: Uint8Array, modules: number): Promise<boolean[][]> {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  expect(info.width).toBe(info.height);
  const cell = info.width / modules;
  return Array.from({ length: modules }, (_, y) =>
    Array.from({ length: modules }, (_, x) => {
      const px = Math.floor((x + 0.5) * cell) + Math.floor((y + 0.5) * cell) * info.width;
      return data[px * info.channels]! < 128;
    }),
  );
}

beforeAll(async () => {
  t = await makeTestApp();
  a = await t.org();
  b = await t.org();
  const brand = (await t.call("GET", "/v1/brands", { auth: a.liveKey })).body.data[0].id;
  const r = await t.call("POST", `/v1/brands/${brand}/links`, { auth: a.liveKey, body });
  expect(r.status).toBe(201);
  linkId = r.body.id;
});
afterAll(() => t.close());

describe("QR codes of a link", () => {
  test("the SVG is an attachment holding the QR code of the link's url", async () => {
    const { res, bytes } = await fetchRaw(`/v1/links/${linkId}/qr.svg`, a.liveKey);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/svg+xml");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${linkId}-qr.svg"`);
    const svg = new TextDecoder().decode(bytes);
    expect(svg.startsWith("<svg ")).toBe(true);
    // Rasterised, it reads back as the matrix of the id address (the link has no slug yet).
    const expected = encode(`http://plaudit.test/c/${linkId}`, { ecc: "M", border: 4 });
    const png = await sharp(bytes).png().toBuffer();
    expect(await readMatrix(png, expected.size)).toEqual(expected.data);
  }, 30_000);

  test("the PNG decodes as a square image of about 1000 px holding the same code", async () => {
    const { res, bytes } = await fetchRaw(`/v1/links/${linkId}/qr.png`, a.liveKey);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${linkId}-qr.png"`);
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe("png");
    expect(meta.width).toBe(meta.height);
    expect(meta.width!).toBeGreaterThan(900);
    expect(meta.width!).toBeLessThanOrEqual(1024);
    const expected = encode(`http://plaudit.test/c/${linkId}`, { ecc: "M", border: 4 });
    expect(meta.width! % expected.size).toBe(0);
    expect(await readMatrix(bytes, expected.size)).toEqual(expected.data);
  }, 30_000);

  test("once the link has a slug, the code carries the friendly address", async () => {
    const patch = await t.call("PATCH", `/v1/links/${linkId}`, { auth: a.liveKey, body: { slug: "acme-feedback" } });
    expect(patch.status).toBe(200);
    expect(patch.body.url).toBe("http://plaudit.test/c/acme-feedback");
    const { bytes } = await fetchRaw(`/v1/links/${linkId}/qr.png`, a.liveKey);
    const expected = encode("http://plaudit.test/c/acme-feedback", { ecc: "M", border: 4 });
    expect(await readMatrix(bytes, expected.size)).toEqual(expected.data);
  }, 30_000);

  test("a member signed in to the dashboard may download it (reading a link is enough)", async () => {
    const member = await a.member("member");
    const r = await t.call("GET", `/v1/links/${linkId}/qr.svg`, { auth: member });
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("image/svg+xml");
  }, 30_000);

  test("another organisation's link, the other mode's, or an unknown id is 404 in the error shape", async () => {
    for (const [path, auth] of [
      [`/v1/links/${linkId}/qr.svg`, b.liveKey],
      [`/v1/links/${linkId}/qr.png`, b.liveKey],
      [`/v1/links/${linkId}/qr.png`, a.testKey],
      ["/v1/links/lnk_06h0knqc7g000fdegm85eqzxmc/qr.svg", a.liveKey],
    ] as const) {
      const r = await t.call("GET", path, { auth });
      expect(r.status).toBe(404);
      expect(r.body.error.code).toBe("not_found");
    }
  }, 30_000);

  test("a key without brands:read is refused; no key is 401", async () => {
    const key = a.key("live", ["submissions:read"]);
    expect((await t.call("GET", `/v1/links/${linkId}/qr.svg`, { auth: key })).status).toBe(403);
    expect((await t.call("GET", `/v1/links/${linkId}/qr.svg`)).status).toBe(401);
  }, 30_000);

  test("the OpenAPI document lists both routes with a binary answer", async () => {
    const doc = (await t.call("GET", "/v1/openapi.json")).body;
    const svg = doc.paths["/v1/links/{link_id}/qr.svg"].get;
    const png = doc.paths["/v1/links/{link_id}/qr.png"].get;
    expect(svg.responses["200"].content["image/svg+xml"].schema).toEqual({ type: "string", format: "binary" });
    expect(png.responses["200"].content["image/png"].schema).toEqual({ type: "string", format: "binary" });
    expect(png.responses["404"]).toBeDefined();
  }, 30_000);
});
