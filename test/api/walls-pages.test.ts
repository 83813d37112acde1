/**
 * The wall's site pages through `app.handle`: HTML that is readable without scripts, text inserted as text, a
 * CSP that allows exactly the inline style and script by their hashes (no nonce: the bytes are the same for everyone), nothing from third parties, video and audio players that
 * load on play, the same 404 page for unknown and private walls, noindex for test and empty walls, 301 from a
 * former slug, numbered pagination, sitemap.xml, robots.txt, and a site on its own host name.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { fakeProcessedVideo } from "../helpers/testimonials";
import { appApi, publish, sampleTestimonials, sendWritten, wallBrand, type Api } from "../helpers/walls";
import { runDueJobs } from "../../src/platform/jobs/worker";
import { buildRegistry } from "../../src/composition";
import { requestHandler } from "../../src/app";
import { submissions } from "../../src/domains/submissions";

let t: TestApp;
let a: TestOrg;
let b: TestOrg;
let api: Api;
let wall: Awaited<ReturnType<typeof wallBrand>>;
let written: string[];
let video: string;
let audio: string;
const HOSTILE = `Loved it </script><script>alert("x")</script> <img src=x onerror=alert(1)> & "quotes"`;

const get = async (url: string, headers: Record<string, string> = {}) => {
  const res = await t.app.handle(new Request(url, { headers }));
  return { status: res.status, headers: res.headers, html: await res.text() };
};

/** Every URL the page would load or link to (attributes only; JSON-LD `@context` is not a request). */
const urlsIn = (html: string) => [
  ...[...html.matchAll(/\s(?:src|href|poster|data-poster|data-captions|content)="(https?:[^"]+)"/g)].map((m) => m[1]!),
  ...[...html.matchAll(/\ssrcset="([^"]+)"/g)].flatMap((m) => m[1]!.split(",").map((c) => c.trim().split(" ")[0]!)),
];

beforeAll(async () => {
  t = await makeTestApp();
  a = await t.org({ name: "Pages Co" });
  b = await t.org({ name: "Hidden Co" });
  api = appApi(t, a.liveKey);
  wall = await wallBrand(api);
  written = await sendWritten(api, wall.linkId, [
    { text: HOSTILE, name: "Mallory <b>Bold</b>", rating: 4 },
    { text: "First line of praise.\nSecond line of praise.", name: "Nora Noscore" },
    ...sampleTestimonials(28),
  ]);
  await publish(api, written);
  video = await fakeProcessedVideo(t, a, wall.linkId);
  audio = await fakeProcessedVideo(t, a, wall.linkId, ["Listen", "to", "this"]);
  t.deps.db
    .update(submissions)
    .set({
      kind: "audio",
      audioKey: `submissions/${audio}/video.mp4`,
      videoKey: null,
      posterKey: null,
      width: null,
      height: null,
    })
    .where(eq(submissions.id, audio))
    .run();
  t.clock.advance(1000);
  await publish(api, [audio, video]);
  await runDueJobs(t.deps, buildRegistry());
});
afterAll(() => t.close());

describe("a wall page", () => {
  test("is HTML with the brand, summary, 24 cards, canonical address, Open Graph and Twitter tags", async () => {
    const r = await get(wall.wallUrl);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(r.headers.get("cache-control")).toBe("public, max-age=5, stale-while-revalidate=60");
    expect(r.headers.get("x-robots-tag")).toBeNull();
    expect(r.html).toStartWith("<!doctype html>");
    expect(r.html).toContain("<h1>Pages Co testimonials</h1>");
    expect(r.html.match(/<figure class="card" data-sid="sub_[0-9a-z]+">/g)).toHaveLength(24);
    expect(r.html).toContain(`<link rel="canonical" href="${wall.wallUrl}"/>`);
    expect(r.html).not.toContain('name="robots"');
    for (const tag of [
      'property="og:title"',
      'property="og:image"',
      'property="og:url"',
      'name="twitter:card" content="summary_large_image"',
      'name="twitter:image"',
    ])
      expect(r.html).toContain(tag);
  });

  test("inserts testimonial text and names as text, never as markup", async () => {
    const r = await get(`${wall.wallUrl}/t/${written[0]}`);
    expect(r.status).toBe(200);
    expect(r.html).not.toContain("<script>alert");
    expect(r.html).not.toContain("<img src=x");
    expect(r.html).not.toContain("<b>Bold");
    expect(r.html).toContain("&lt;/script>&lt;script>alert(&quot;x&quot;)&lt;/script>");
    // In the JSON-LD the same words cannot close the element either.
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(r.html)![1]!;
    expect(ld).not.toContain("<");
    expect(JSON.parse(ld).review[0].reviewBody).toBe(HOSTILE);
  });

  test("has a CSP that allows exactly its inline style and script by their hashes, no nonce, no inline handlers, nothing from third parties", async () => {
    const [one, two] = [await get(wall.wallUrl), await get(wall.wallUrl)];
    const csp = one.headers.get("content-security-policy")!;
    expect(two.headers.get("content-security-policy")).toBe(csp);
    expect(two.html).toBe(one.html);
    expect(csp).not.toContain("nonce");
    expect(one.html).not.toContain("nonce");
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain("unsafe-inline");
    const inline = [...one.html.matchAll(/<(script|style)\b([^>]*)>([\s\S]*?)<\/\1>/g)].filter(
      (m) => !m[2]!.includes("application/ld+json"),
    );
    expect(inline.length).toBeGreaterThanOrEqual(2);
    const hash = (text: string) => `'sha256-${new Bun.CryptoHasher("sha256").update(text).digest("base64")}'`;
    const directive = (name: string) =>
      csp
        .split("; ")
        .find((d) => d.startsWith(`${name} `))!
        .split(" ")
        .slice(1);
    const scripts = inline.filter((m) => m[1] === "script").map((m) => hash(m[3]!));
    const styles = inline.filter((m) => m[1] === "style").map((m) => hash(m[3]!));
    expect(directive("script-src").sort()).toEqual([...new Set(scripts)].sort());
    expect(directive("style-src").sort()).toEqual([...new Set(styles)].sort());
    expect(one.html).not.toMatch(/\son[a-z]+=/i);
    expect(one.html).not.toMatch(/\sstyle=/);
    for (const url of urlsIn(one.html)) expect(new URL(url).origin).toBe("http://plaudit.test");
    expect(one.headers.get("x-content-type-options")).toBe("nosniff");
  });

  test("a video is a poster link to the file (plays without scripts) that the script turns into a player; audio too, with its length", async () => {
    const r = await get(wall.wallUrl);
    const json = (await t.call("GET", `/public/walls/${wall.slug}`)).body;
    const v = json.testimonials.find((x: any) => x.id === video);
    const au = json.testimonials.find((x: any) => x.id === audio);
    expect(v.video_url).toEndWith("/video.mp4");
    const link = new RegExp(
      `<a class="play[^"]*" href="${v.video_url}" data-video data-poster="${v.poster_url}" data-captions="[^"]+/captions\\.vtt"`,
    );
    const anchor = /<a class="play[^>]*>/.exec(r.html)?.[0] ?? "";
    expect(anchor).toMatch(link);
    // Audio: a "Listen" link to the file with its length read from the database (no 0:00 before it loads).
    const listen = new RegExp(
      `<a class="listen" href="${au.audio_url}" data-audio data-label="Audio testimonial from [^"]+">`,
    );
    expect(r.html).toMatch(listen);
    expect(r.html).toMatch(/<span class="length" aria-hidden="true">\d+:\d\d<\/span>/);
    expect(r.html).not.toMatch(/<audio/);
    expect(r.html).not.toMatch(/<video/);
    expect(r.html).toContain('document.addEventListener("click"');
    // The first cards' posters load at once (the first screen); later ones lazily.
    expect(anchor.length).toBeGreaterThan(0);
    const poster = /<img src="[^"]+poster\.jpg"[^>]*>/.exec(r.html)?.[0] ?? "";
    expect(poster).toContain('loading="eager"');
    // Small screens fetch the small thumbnail, wide ones the full poster.
    expect(poster).toMatch(/srcset="[^"]+\/thumb\.webp 320w, [^"]+\/poster\.jpg 1280w"/);
    // A page without a recording carries no player, only the analytics script (issue 25).
    const page2 = await get(`${wall.wallUrl}?page=2`);
    expect(page2.html.match(/<script(?! type="application\/ld\+json")/g)).toHaveLength(1);
    expect(page2.html).toContain("(function track(){");
    expect(page2.html).not.toContain("data-video");
  });

  test("numbered pagination with previous and next, the current page marked", async () => {
    const r = await get(`${wall.wallUrl}?page=2`);
    expect(r.status).toBe(200);
    expect(r.html).toContain(`<link rel="canonical" href="${wall.wallUrl}?page=2"/>`);
    expect(r.html).toContain(`<a href="${wall.wallUrl}" rel="prev">`);
    expect(r.html).toMatch(/<a href="[^"]+\?page=2" aria-current="page">/);
    expect(r.html).not.toContain('rel="next"');
    expect(r.html).toContain("Pages Co testimonials – page 2 of 2");
  });

  const errors: [string, string, number][] = [
    ["page 0", "?page=0", 400],
    ["a word for a page", "?page=abc", 400],
    ["a page beyond the last", "?page=3", 404],
  ];
  for (const [name, query, status] of errors) {
    test(`${name} answers an HTML ${status} page that is not indexed or cached`, async () => {
      const r = await get(`${wall.wallUrl}${query}`);
      expect(r.status).toBe(status);
      expect(r.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(r.headers.get("cache-control")).toBe("no-store");
      expect(r.headers.get("x-robots-tag")).toBe("noindex");
      expect(r.html).toContain('<meta name="robots" content="noindex"/>');
    });
  }
});

describe("addresses that show nothing", () => {
  test("unknown slug, private wall, unpublished or erased testimonial: the same 404 page", async () => {
    const hidden = await wallBrand(appApi(t, b.liveKey), { isPublic: false });
    await publish(
      appApi(t, b.liveKey),
      await sendWritten(appApi(t, b.liveKey), hidden.linkId, sampleTestimonials(2, "Secret")),
    );
    const [gone] = await sendWritten(api, wall.linkId, [
      { text: "This one will be deleted and erased.", name: "Gone Soon" },
    ]);
    await publish(api, [gone!]);
    expect((await get(`${wall.wallUrl}/t/${gone}`)).status).toBe(200);
    await t.call("DELETE", `/v1/submissions/${gone}`, { auth: a.liveKey });
    await runDueJobs(t.deps, buildRegistry());
    const strip = (html: string) => html.replace(/nonce="[^"]+"/g, "");
    const pages = await Promise.all(
      [
        "http://plaudit.test/b/no-such-wall",
        hidden.wallUrl,
        `${wall.wallUrl}/t/${gone}`,
        `${wall.wallUrl}/t/sub_nothing`,
      ].map((u) => get(u)),
    );
    for (const p of pages) expect(p.status).toBe(404);
    for (const p of pages.slice(1)) expect(strip(p.html)).toBe(strip(pages[0]!.html));
    expect(pages[1]!.html).not.toContain("Secret");
    expect(pages[1]!.html).not.toContain("Hidden Co");
  });

  test("a test-mode wall is served under the sandbox address with noindex, and never under the live one", async () => {
    const sandbox = await wallBrand(appApi(t, a.testKey));
    await publish(
      appApi(t, a.testKey),
      await sendWritten(appApi(t, a.testKey), sandbox.linkId, sampleTestimonials(2, "Sandbox")),
    );
    const r = await get(sandbox.wallUrl);
    expect(r.status).toBe(200);
    expect(r.headers.get("x-robots-tag")).toBe("noindex");
    expect(r.html).toContain('<meta name="robots" content="noindex"/>');
    expect(r.html).toContain("Sandbox 1");
    expect((await get("http://plaudit.test/b/default")).status).toBe(404);
  });

  test("an empty public wall says so and is noindex", async () => {
    const empty = await wallBrand(appApi(t, b.liveKey), { name: "Nothing Yet" });
    const r = await get(empty.wallUrl);
    expect(r.status).toBe(200);
    expect(r.html).toContain("No testimonials here yet.");
    expect(r.headers.get("x-robots-tag")).toBe("noindex");
  });
});

describe("a former slug", () => {
  test("redirects the wall (query kept) and each permalink with 301", async () => {
    const renamed = await wallBrand(appApi(t, b.liveKey), { name: "Renamed Ltd" });
    const [one] = await sendWritten(appApi(t, b.liveKey), renamed.linkId, [
      { text: "Followed the brand to its new address.", name: "Follower" },
    ]);
    await publish(appApi(t, b.liveKey), [one!]);
    await t.call("PATCH", `/v1/brands/${renamed.id}`, { auth: b.liveKey, body: { slug: "renamed-again" } });
    const wallRes = await get(`${renamed.wallUrl}?page=1&utm_source=mail`);
    expect(wallRes.status).toBe(301);
    expect(wallRes.headers.get("location")).toBe("http://plaudit.test/b/renamed-again?page=1&utm_source=mail");
    const item = await get(`${renamed.wallUrl}/t/${one}`);
    expect(item.status).toBe(301);
    expect(item.headers.get("location")).toBe(`http://plaudit.test/b/renamed-again/t/${one}`);
    expect((await get(`http://plaudit.test/b/renamed-again/t/${one}`)).status).toBe(200);
  });
});

describe("sitemap.xml and robots.txt", () => {
  test("the sitemap lists indexable walls, their pages and permalinks; nothing private, empty or from a sandbox", async () => {
    const res = await get("http://plaudit.test/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const locs = [...res.html.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));
    expect(locs).toContain(wall.wallUrl);
    expect(locs).toContain(`${wall.wallUrl}?page=2`);
    expect(locs).toContain(`${wall.wallUrl}/t/${video}`);
    expect(locs.filter((l) => l.startsWith(`${wall.wallUrl}/t/`))).toHaveLength(32);
    expect(locs.some((l) => l.includes("/test/"))).toBe(false);
    expect(locs.some((l) => l.includes("nothing-yet"))).toBe(false);
    expect(res.html).toMatch(/<lastmod>\d{4}-\d\d-\d\d<\/lastmod>/);
    expect((await get("http://plaudit.test/sitemap.xml?part=2")).status).toBe(404);
  });

  test("robots.txt names the sitemap and keeps crawlers off capture, removal, API and dashboard paths", async () => {
    const res = await get("http://plaudit.test/robots.txt");
    expect(res.status).toBe(200);
    expect(res.html).toContain("User-agent: *");
    for (const path of ["/c/", "/remove/", "/v1/", "/public/", "/app/"])
      expect(res.html).toContain(`Disallow: ${path}\n`);
    expect(res.html).toContain("Sitemap: http://plaudit.test/sitemap.xml");
    expect(res.html).not.toContain("Disallow: /test/");
  });
});

describe("a site on its own host name", () => {
  test("walls, sitemap and robots answer on the site host, addresses use it, and the API host does not serve them", async () => {
    const own = await makeTestApp({ PLAUDIT_SITE_URL: "http://walls.example" });
    try {
      const org = await own.org({ name: "Hosted Co" });
      const hostedApi = appApi(own, org.liveKey);
      const hosted = await wallBrand(hostedApi);
      await publish(hostedApi, await sendWritten(hostedApi, hosted.linkId, sampleTestimonials(1, "Hosted")));
      expect(hosted.wallUrl).toBe("http://walls.example/b/hosted-co");
      const handle = requestHandler(own.app, own.deps);
      const page = await handle(new Request(hosted.wallUrl));
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("Hosted 1");
      expect((await handle(new Request("http://walls.example/robots.txt"))).status).toBe(200);
      const robots = await (await handle(new Request("http://walls.example/robots.txt"))).text();
      expect(robots).not.toContain("/v1/");
      expect(robots).toContain("Sitemap: http://walls.example/sitemap.xml");
      expect((await handle(new Request("http://plaudit.test/b/hosted-co"))).status).toBe(404);
    } finally {
      own.close();
    }
  });
});
