/**
 * Wall pages and permalinks as kept documents (src/domains/walls/page-cache.ts) through `app.handle`: a strong ETag
 * and `304`, brotli and gzip bodies that decode to the same bytes, Cache-Control a CDN respects, the same bytes
 * and CSP for everyone (hashes, no nonce) with inline script blocked unless its hash is listed, a change
 * (approval, withdrawal, brand edit) showing on the very next request, a change that does not announce itself
 * showing once the kept page's two seconds have passed, and tenants never sharing an entry.
 */
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { appApi, publish, sendWritten, wallBrand, type Api } from "../helpers/walls";
import { submissions } from "../../src/domains/submissions";
import { TTL_MS } from "../../src/domains/walls/page-cache";

let t: TestApp;
let a: TestOrg;
let b: TestOrg;
let api: Api;
let wall: Awaited<ReturnType<typeof wallBrand>>;
let ids: string[];

const get = async (url: string, headers: Record<string, string> = {}) => {
  const res = await t.app.handle(new Request(url, { headers }));
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
};
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

beforeAll(async () => {
  t = await makeTestApp();
  a = await t.org({ name: "Cache Co" });
  b = await t.org({ name: "Other Co" });
  api = appApi(t, a.liveKey);
  wall = await wallBrand(api);
  ids = await sendWritten(api, wall.linkId, [
    { text: "Kept and served from memory.", name: "Ada Cached", rating: 5 },
    { text: "Second testimonial on the wall.", name: "Ben Second", rating: 4 },
  ]);
  await publish(api, ids);
});
afterAll(() => t.close());

describe("a kept wall page", () => {
  test("carries a strong ETag and Cache-Control a CDN respects; If-None-Match of any encoding answers 304 without a body", async () => {
    const plain = await get(wall.wallUrl);
    expect(plain.status).toBe(200);
    const etag = plain.headers.get("etag")!;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(plain.headers.get("cache-control")).toBe("public, max-age=5, stale-while-revalidate=60");
    expect(plain.headers.get("vary")).toBe("Accept-Language, Accept-Encoding");
    const br = await get(wall.wallUrl, { "accept-encoding": "gzip, deflate, br" });
    const gz = await get(wall.wallUrl, { "accept-encoding": "gzip" });
    expect(new Set([etag, br.headers.get("etag"), gz.headers.get("etag")]).size).toBe(3);
    for (const tag of [
      etag,
      br.headers.get("etag")!,
      gz.headers.get("etag")!,
      `W/${etag}`,
      `"nope", ${gz.headers.get("etag")}`,
    ]) {
      const r = await get(wall.wallUrl, { "if-none-match": tag, "accept-encoding": "gzip, br" });
      expect(r.status).toBe(304);
      expect(r.bytes.length).toBe(0);
      expect(r.headers.get("cache-control")).toBe("public, max-age=5, stale-while-revalidate=60");
      expect(r.headers.get("vary")).toBe("Accept-Language, Accept-Encoding");
      expect(r.headers.get("etag")).toBe(br.headers.get("etag"));
    }
    expect((await get(wall.wallUrl, { "if-none-match": '"something-else"' })).status).toBe(200);
  });

  test("brotli and gzip bodies decode to exactly the plain bytes, for the wall and a permalink", async () => {
    for (const url of [wall.wallUrl, `${wall.wallUrl}/t/${ids[0]}`]) {
      const plain = await get(url);
      const br = await get(url, { "accept-encoding": "br" });
      const gz = await get(url, { "accept-encoding": "gzip, deflate" });
      expect(br.headers.get("content-encoding")).toBe("br");
      expect(gz.headers.get("content-encoding")).toBe("gzip");
      expect(plain.headers.get("content-encoding")).toBeNull();
      expect(new Uint8Array(brotliDecompressSync(br.bytes))).toEqual(plain.bytes);
      expect(new Uint8Array(Bun.gunzipSync(gz.bytes))).toEqual(plain.bytes);
      expect(br.bytes.length).toBeLessThan(plain.bytes.length);
      // An encoding refused with q=0 is not sent.
      expect((await get(url, { "accept-encoding": "br;q=0, gzip" })).headers.get("content-encoding")).toBe("gzip");
    }
  });

  test("has the same bytes and CSP for everyone: no nonce, and inline script runs only if its hash is listed", async () => {
    const [one, two] = [await get(wall.wallUrl), await get(wall.wallUrl)];
    expect(two.bytes).toEqual(one.bytes);
    const csp = one.headers.get("content-security-policy")!;
    expect(two.headers.get("content-security-policy")).toBe(csp);
    expect(csp).not.toContain("nonce");
    expect(text(one.bytes)).not.toContain("nonce");
    expect(csp).not.toContain("unsafe-inline");
    const directive = (name: string) =>
      csp
        .split("; ")
        .find((d) => d.startsWith(`${name} `))!
        .split(" ")
        .slice(1);
    // No video on this wall: only the analytics script may run (issue 25), by its hash; the style by its own.
    const script = /<script>([\s\S]*?)<\/script>/.exec(text(one.bytes))![1]!;
    expect(directive("script-src")).toEqual([
      `'sha256-${new Bun.CryptoHasher("sha256").update(script).digest("base64")}'`,
    ]);
    const style = /<style>([\s\S]*?)<\/style>/.exec(text(one.bytes))![1]!;
    expect(directive("style-src")).toEqual([
      `'sha256-${new Bun.CryptoHasher("sha256").update(style).digest("base64")}'`,
    ]);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("require-trusted-types-for 'script'");
  });
});

describe("changes", () => {
  test("an approval and a withdrawal show on the very next request, on the wall and its permalinks", async () => {
    const before = await get(wall.wallUrl);
    const [fresh] = await sendWritten(api, wall.linkId, [
      { text: "Approved just now and shown at once.", name: "Cleo Fresh" },
    ]);
    expect(text((await get(wall.wallUrl)).bytes)).not.toContain("Cleo Fresh");
    await publish(api, [fresh!]);
    const after = await get(wall.wallUrl, { "if-none-match": before.headers.get("etag")! });
    expect(after.status).toBe(200);
    expect(text(after.bytes)).toContain("Cleo Fresh");
    expect(after.headers.get("etag")).not.toBe(before.headers.get("etag"));
    expect((await get(`${wall.wallUrl}/t/${fresh}`)).status).toBe(200);
    expect((await api("POST", `/v1/submissions/${fresh}/unapprove`)).status).toBe(200);
    expect(text((await get(wall.wallUrl)).bytes)).not.toContain("Cleo Fresh");
    expect((await get(`${wall.wallUrl}/t/${fresh}`)).status).toBe(404);
  });

  test("a brand edit shows on the next request; a change that does not announce itself shows once the kept page expires", async () => {
    await get(wall.wallUrl);
    expect((await api("PATCH", `/v1/brands/${wall.id}`, { name: "Renamed Cache Co" })).status).toBe(200);
    const renamed = text((await get(wall.wallUrl)).bytes);
    expect(renamed).toContain("Renamed Cache Co testimonials");
    // Written straight into SQLite (as another process would): no shown-change handler hears it.
    t.deps.db
      .update(submissions)
      .set({ textInput: "Edited behind the cache's back." })
      .where(eq(submissions.id, ids[0]!))
      .run();
    expect(text((await get(wall.wallUrl)).bytes)).not.toContain("behind the cache");
    t.clock.advance(TTL_MS + 1);
    expect(text((await get(wall.wallUrl)).bytes)).toContain("Edited behind the cache");
  });

  test("a page whose bytes did not change keeps its ETag when rendered again", async () => {
    const first = await get(wall.wallUrl);
    t.clock.advance(TTL_MS + 1);
    const again = await get(wall.wallUrl, { "if-none-match": first.headers.get("etag")! });
    expect(again.status).toBe(304);
  });
});

describe("tenants", () => {
  test("two organisations' sandbox walls with the same slug never share an entry, nor with the live wall", async () => {
    const apiA = appApi(t, a.testKey);
    const apiB = appApi(t, b.testKey);
    const wa = await wallBrand(apiA, { name: "Same Name" });
    const wb = await wallBrand(apiB, { name: "Same Name" });
    expect(wa.slug).toBe(wb.slug);
    expect(wa.wallUrl.replace(/org_\w+/, "")).toBe(wb.wallUrl.replace(/org_\w+/, ""));
    await publish(apiA, await sendWritten(apiA, wa.linkId, [{ text: "Only org A says this.", name: "Alice OfA" }]));
    await publish(apiB, await sendWritten(apiB, wb.linkId, [{ text: "Only org B says this.", name: "Bob OfB" }]));
    for (let round = 0; round < 2; round++) {
      const pa = text((await get(wa.wallUrl)).bytes);
      const pb = text((await get(wb.wallUrl)).bytes);
      expect(pa).toContain("Alice OfA");
      expect(pa).not.toContain("Bob OfB");
      expect(pb).toContain("Bob OfB");
      expect(pb).not.toContain("Alice OfA");
    }
    // The same slug on the live site is another address: not A's or B's sandbox page.
    const live = await get(`http://plaudit.test/b/${wa.slug}`);
    expect(text(live.bytes)).not.toContain("Alice OfA");
    expect(text(live.bytes)).not.toContain("Bob OfB");
    expect(wa.wallUrl).not.toBe(wb.wallUrl);
  });
});
