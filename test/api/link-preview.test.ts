/**
 * Links that unfurl (issue 25): a collect link's page carries, in the server's HTML, its title and brand, a
 * description (its first question), canonical address, the brand's icon, and Open Graph / Twitter tags naming its
 * preview image; that image is 1200×630, made once per content; markup in a title stays text; a paused link still
 * previews; an unknown address has neither tags nor image. Cards are written to /tmp/link-card.png to be looked at.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { extractJsonLd } from "../helpers/structured-data";

let t: TestApp;
let a: TestOrg;
let brandId = "";

const get = (path: string) => t.app.handle(new Request(`http://plaudit.test${path}`));

/** The content of `<meta property|name="key">` in `html`. */
const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(html)?.[1] ?? null;

const pngSize = (bytes: Uint8Array) => {
  const v = new DataView(bytes.buffer, bytes.byteOffset);
  return [v.getUint32(16), v.getUint32(20)];
};

beforeAll(async () => {
  t = await makeTestApp({}, { web: true });
  a = await t.org({ name: "Unfurl Agency" });
  brandId = (await t.call("GET", "/v1/brands", { auth: a.liveKey })).body.data[0].id;
  await t.call("PATCH", `/v1/brands/${brandId}`, {
    auth: a.liveKey,
    body: { name: "Harbour Dental", color: "#0e7490" },
  });
}, 60_000);
afterAll(() => t?.close());

async function link(body: Record<string, unknown>) {
  const r = await t.call("POST", `/v1/brands/${brandId}/links`, {
    auth: a.liveKey,
    body: {
      consent_text: "I agree that Harbour Dental may publish my words.",
      consent_version: "2026-11-01",
      prompts: [{ text: "How was your visit?" }],
      ...body,
    },
  });
  expect(r.status).toBe(201);
  return r.body;
}

describe("a collect link's preview", () => {
  test("the page's HTML has the title, description, canonical address, icon and og/twitter tags", async () => {
    const l = await link({ title: "Tell us about your new smile", slug: "new-smile" });
    const res = await get("/c/new-smile");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<title>Tell us about your new smile · Harbour Dental</title>");
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(meta(html, "description")).toBe("How was your visit?");
    expect(html).toContain('<link rel="canonical" href="http://plaudit.test/c/new-smile">');
    expect(html).toContain('<link rel="icon" href="http://plaudit.test/cdn/assets/default-logo.png">');
    expect(meta(html, "og:title")).toBe("Tell us about your new smile · Harbour Dental");
    expect(meta(html, "og:site_name")).toBe("Harbour Dental");
    expect(meta(html, "og:url")).toBe(l.url);
    expect(meta(html, "og:image")).toBe("http://plaudit.test/c/new-smile/card.png");
    expect(meta(html, "twitter:card")).toBe("summary_large_image");
    // What an unfurler reads, through the same extractor the structured-data checks use.
    expect(html).toContain('name="plaudit-link"');
    expect(extractJsonLd(html)).toEqual({});
  });

  test("its image is 1200×630, the same bytes again, and answers on the link's id too", async () => {
    const l = await link({ title: "Rate our hygienist", slug: "hygienist", accepts: ["video", "text"] });
    const first = await get("/c/hygienist/card.png");
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("image/png");
    expect(first.headers.get("cache-control")).toBe("public, max-age=3600");
    const bytes = new Uint8Array(await first.arrayBuffer());
    expect(pngSize(bytes)).toEqual([1200, 630]);
    await Bun.write("/tmp/link-card.png", bytes);
    const again = new Uint8Array(await (await get(`/c/${l.id}/card.png`)).arrayBuffer());
    expect(Buffer.from(again).equals(Buffer.from(bytes))).toBe(true);
  }, 60_000);

  test("markup in a title stays text; a paused link still previews", async () => {
    await link({ title: 'Fillings "&" <script>alert(1)</script>', slug: "markup" });
    const html = await (await get("/c/markup")).text();
    expect(html).toContain(
      "<title>Fillings &quot;&amp;&quot; &lt;script&gt;alert(1)&lt;/script&gt; · Harbour Dental</title>",
    );
    expect(html).not.toContain("<script>alert(1)</script>");
    const paused = await link({ title: "Closed for now", slug: "paused-one" });
    expect(
      (await t.call("PATCH", `/v1/links/${paused.id}`, { auth: a.liveKey, body: { is_active: false } })).status,
    ).toBe(200);
    const p = await (await get("/c/paused-one")).text();
    expect(meta(p, "og:title")).toBe("Closed for now · Harbour Dental");
  });

  test("an unknown address has no preview tags and no image", async () => {
    const res = await get("/c/no-such-link");
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(meta(html, "og:title")).toBeNull();
    expect((await get("/c/no-such-link/card.png")).status).toBe(404);
  });
});
