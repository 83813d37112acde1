/**
 * Widget documents and the embed script served from memory (src/domains/widgets/document-cache.ts, script.ts):
 * strong ETags and `304` on `If-None-Match`, brotli and gzip bodies that decode to the stored bytes, the CDN's
 * CORS and caching headers, a change (approval, withdrawal, brand edit) showing on the first request after the
 * rebuild's coalescing delay, a deleted widget answering 404 at once, a document written by another process
 * showing within `RECHECK_MS`, and two organisations' widgets never sharing an entry.
 */
import { brotliDecompressSync } from "node:zlib";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { makeLink, writeTestimonial } from "../helpers/testimonials";
import { runDueJobs } from "../../src/platform/jobs/worker";
import { buildRegistry } from "../../src/composition";
import { documentKey, widgetScriptPlugin } from "../../src/domains/widgets";
import { RECHECK_MS } from "../../src/domains/widgets/document-cache";
import { REBUILD_DELAY_MS } from "../../src/domains/widgets/publisher";

let t: TestApp;
let a: TestOrg;
let b: TestOrg;
let linkA: { id: string; brandId: string };
let linkB: { id: string; brandId: string };
const registry = buildRegistry();

beforeAll(async () => {
  t = await makeTestApp();
  a = await t.org({ name: "Widget Cache A" });
  b = await t.org({ name: "Widget Cache B" });
  linkA = await makeLink(t, a.liveKey);
  linkB = await makeLink(t, b.liveKey);
});
afterAll(() => t.close());

/** Lets the coalescing delay pass and runs the due rebuilds. */
async function settle() {
  t.clock.advance(REBUILD_DELAY_MS + 1);
  await runDueJobs(t.deps, registry);
}

const get = async (url: string, headers: Record<string, string> = {}) => {
  const res = await t.app.handle(new Request(url, { headers }));
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
};
const json = (bytes: Uint8Array) => JSON.parse(new TextDecoder().decode(bytes));
const act = (org: TestOrg, id: string, action: string, body?: unknown) =>
  t.call("POST", `/v1/submissions/${id}/${action}`, { auth: org.liveKey, body });
async function shown(org: TestOrg, link: { id: string }, text: string, name: string) {
  const id = await writeTestimonial(t, link.id, text, { name }, 5);
  await act(org, id, "approve");
  await act(org, id, "visibility", { is_public: true });
  return id;
}
const widget = async (org: TestOrg, link: { brandId: string }) =>
  (await t.call("POST", "/v1/widgets", { auth: org.liveKey, body: { brand_id: link.brandId } })).body;

describe("a widget document", () => {
  test("has a strong ETag, 304 on If-None-Match of any encoding, the CDN's CORS and caching headers, and encodings that decode to the stored bytes", async () => {
    await shown(a, linkA, "Served from memory, compressed once. ".repeat(20), "Ada Memory");
    const w = await widget(a, linkA);
    await settle();
    const plain = await get(w.document_url);
    expect(plain.status).toBe(200);
    const stored = new Uint8Array(await Bun.file(t.deps.storage.path("public", documentKey(w.id))).arrayBuffer());
    expect(plain.bytes).toEqual(stored);
    for (const [name, value] of [
      ["access-control-allow-origin", "*"],
      ["cache-control", "public, max-age=60"],
      ["x-content-type-options", "nosniff"],
      ["cross-origin-resource-policy", "cross-origin"],
      ["vary", "Accept-Encoding"],
    ]) {
      expect(plain.headers.get(name!)).toBe(value!);
    }
    expect(plain.headers.get("content-type")).toContain("application/json");
    const etag = plain.headers.get("etag")!;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const br = await get(w.document_url, { "accept-encoding": "gzip, deflate, br" });
    const gz = await get(w.document_url, { "accept-encoding": "gzip" });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(new Uint8Array(brotliDecompressSync(br.bytes))).toEqual(stored);
    expect(new Uint8Array(Bun.gunzipSync(gz.bytes))).toEqual(stored);
    expect(br.headers.get("access-control-allow-origin")).toBe("*");
    for (const tag of [etag, br.headers.get("etag")!, gz.headers.get("etag")!]) {
      const r = await get(w.document_url, { "if-none-match": tag, "accept-encoding": "br" });
      expect(r.status).toBe(304);
      expect(r.bytes.length).toBe(0);
      expect(r.headers.get("access-control-allow-origin")).toBe("*");
      expect(r.headers.get("etag")).toBe(br.headers.get("etag"));
    }
  });

  test("an approval, a withdrawal and a brand edit show on the first request after the coalescing delay", async () => {
    const w = await widget(a, linkA);
    await settle();
    const before = await get(w.document_url);
    const id = await shown(a, linkA, "Approved after the widget was published.", "Cleo Later");
    await settle();
    const approved = await get(w.document_url, { "if-none-match": before.headers.get("etag")! });
    expect(approved.status).toBe(200);
    expect(json(approved.bytes).items.map((i: any) => i.name)).toContain("Cleo Later");
    await act(a, id, "unapprove");
    await settle();
    expect(json((await get(w.document_url)).bytes).items.map((i: any) => i.name)).not.toContain("Cleo Later");
    expect(
      (
        await t.call("PATCH", `/v1/brands/${linkA.brandId}`, {
          auth: a.liveKey,
          body: { name: "Renamed Widget Brand" },
        })
      ).status,
    ).toBe(200);
    await settle();
    expect(
      json(
        (
          await get(w.document_url, { "accept-encoding": "br" }).then((r) => ({
            ...r,
            bytes: new Uint8Array(brotliDecompressSync(r.bytes)),
          }))
        ).bytes,
      ).brand_name,
    ).toBe("Renamed Widget Brand");
  });

  test("a deleted widget answers 404 at once, before its file is gone, and stays gone", async () => {
    const w = await widget(a, linkA);
    await settle();
    expect((await get(w.document_url)).status).toBe(200);
    expect((await t.call("DELETE", `/v1/widgets/${w.id}`, { auth: a.liveKey })).status).toBe(200);
    expect((await get(w.document_url)).status).toBe(404);
    await settle();
    expect((await get(w.document_url)).status).toBe(404);
  });

  test("a document written by another process shows once RECHECK_MS has passed", async () => {
    const w = await widget(a, linkA);
    await settle();
    const first = json((await get(w.document_url)).bytes);
    // As another process would: the file replaced in the public area, nothing told in this one.
    writeFileSync(
      t.deps.storage.path("public", documentKey(w.id)),
      JSON.stringify({ ...first, brand_name: "Written elsewhere, and longer" }),
    );
    expect(json((await get(w.document_url)).bytes).brand_name).not.toBe("Written elsewhere, and longer");
    t.clock.advance(RECHECK_MS + 1);
    expect(json((await get(w.document_url)).bytes).brand_name).toBe("Written elsewhere, and longer");
  });

  test("two organisations' widgets never share an entry", async () => {
    await shown(b, linkB, "Only organisation B says this.", "Bob OfB");
    const wa = await widget(a, linkA);
    const wb = await widget(b, linkB);
    await settle();
    for (let round = 0; round < 2; round++) {
      const da = json((await get(wa.document_url)).bytes);
      const db = json((await get(wb.document_url)).bytes);
      expect(da.widget_id).toBe(wa.id);
      expect(db.widget_id).toBe(wb.id);
      expect(da.items.map((i: any) => i.name)).not.toContain("Bob OfB");
      expect(db.items.map((i: any) => i.name)).toEqual(["Bob OfB"]);
    }
  });
});

describe("the embed script", () => {
  test("is served from memory with a strong ETag per encoding, 304, CORS, and encodings that decode to the same bytes", async () => {
    const dir = mkdtempSync(join(tmpdir(), "widget-script-"));
    try {
      const file = join(dir, "main-test.js");
      writeFileSync(file, `console.log("embed ${"x".repeat(2000)}");`);
      const plugin = widgetScriptPlugin(
        new Map([["/widget/main-test.js", { path: file, type: "text/javascript; charset=utf-8" }]]),
        t.deps,
      );
      const url = `${t.deps.config.cdnUrl}/widget.js`;
      const call = async (headers: Record<string, string> = {}) => {
        const res = await plugin.handle(new Request(url, { headers }));
        return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
      };
      const plain = await call();
      expect(plain.status).toBe(200);
      expect(new TextDecoder().decode(plain.bytes)).toStartWith('(function(){"use strict";');
      expect(plain.headers.get("access-control-allow-origin")).toBe("*");
      expect(plain.headers.get("cache-control")).toBe("public, max-age=300");
      const br = await call({ "accept-encoding": "br, gzip" });
      const gz = await call({ "accept-encoding": "gzip" });
      expect(new Uint8Array(brotliDecompressSync(br.bytes))).toEqual(plain.bytes);
      expect(new Uint8Array(Bun.gunzipSync(gz.bytes))).toEqual(plain.bytes);
      for (const r of [plain, br, gz]) {
        expect(r.headers.get("etag")).toMatch(/^"[0-9a-f]{32}(-br|-gz)?"$/);
        expect((await call({ "if-none-match": r.headers.get("etag")!, "accept-encoding": "gzip" })).status).toBe(304);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
