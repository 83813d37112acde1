/**
 * Analytics in Chromium on the executable: a widget embedded in a customer's page on another origin (a second
 * Bun.serve, another host name) counts a view only once scrolled into view and seen for a second; a "Read more"
 * click is counted; a video play is counted with how far it played; a visitor sending `Sec-GPC: 1` (and whose
 * browser says `navigator.globalPrivacyControl`) counts nothing, whatever reaches the server; and the dashboard's
 * Stats page shows exactly the stats API's figures (screenshots under `$PLAUDIT_TEST_ARTIFACTS/analytics/`).
 * The test waits for counts through the stats API (which writes the counts waiting in memory first), never blindly.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext } from "playwright-core";
import { launchChromium, signInAs } from "../helpers/browser";
import { startServer, type RunningServer } from "../helpers/server";
import { storeRealRecording } from "../helpers/real-recording";
import { until } from "../helpers/wait";

const CONSENT = "I agree that Acme may publish my testimonial.";
const ARTIFACTS = join(process.env.PLAUDIT_TEST_ARTIFACTS ?? join(tmpdir(), "plaudit-artifacts"), "analytics");
/** A visitor's ordinary browser (headless Chromium's own user agent says HeadlessChrome: a bot). */
const VISITOR_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const LONG = `${"We moved our whole support team over in a week, and the difference showed in the first month. ".repeat(8)}The end.`;

let server: RunningServer;
let site: ReturnType<typeof Bun.serve>;
let browser: Browser;
let key = "";
let widgetId = "";
let videoId = "";
let longId = "";
let customer = "";

async function api(method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as any;
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

async function send(linkId: string, body: Record<string, unknown>): Promise<string> {
  const res = await fetch(`${server.url}/public/links/${linkId}/submissions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ consent: { agreed: true, text: CONSENT, version: "2026-11-01" }, ...body }),
  });
  return ((await res.json()) as any).submission_id;
}

const stats = () => api("GET", `/v1/widgets/${widgetId}/stats`);
const of = (s: any, id: string) => s.testimonials.find((x: any) => x.submission_id === id);

/** A visitor's browser context: an ordinary user agent, not marked as automated; `gpc` opts out of tracking. */
async function visitor(gpc = false): Promise<BrowserContext> {
  const context = await browser.newContext({
    userAgent: VISITOR_UA,
    viewport: { width: 1280, height: 800 },
    extraHTTPHeaders: gpc ? { "Sec-GPC": "1" } : {},
  });
  if (gpc)
    await context.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true }),
    );
  return context;
}

beforeAll(async () => {
  server = await startServer();
  key = await server.createKey("live");
  const brand = (await api("GET", "/v1/brands")).data[0].id;
  const link = await api("POST", `/v1/brands/${brand}/links`, {
    title: "Tell us",
    prompts: [{ text: "How was it?" }],
    consent_text: CONSENT,
    consent_version: "2026-11-01",
  });
  videoId = await send(link.id, {
    kind: "video",
    respondent: { name: "Vera Video", company: "Acme" },
    upload: { size: 100, type: "video/mp4" },
  });
  await storeRealRecording(server.deps, videoId);
  longId = await send(link.id, { kind: "text", respondent: { name: "Lena Long" }, text: LONG, rating: 5 });
  for (const id of [videoId, longId]) {
    await api("POST", `/v1/submissions/${id}/approve`);
    await api("POST", `/v1/submissions/${id}/visibility`, { is_public: true });
  }
  widgetId = (await api("POST", "/v1/widgets", { brand_id: brand, layout: "wall", show_attribution: false })).id;
  const cdn = `${server.url}/cdn`;
  await until("the widget's document", async () => {
    const r = await fetch(`${cdn}/widgets/${widgetId}.json`);
    return r.status === 200 && ((await r.json()) as any).items.length === 2;
  });
  // The customer's site on another host name (localhost, while the box is 127.0.0.1): the widget far below the fold.
  site = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch: () =>
      new Response(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Customer stories</title></head><body><main><h1>What our customers say</h1><div style="height:2400px">Scroll down</div><div data-svc-widget="${widgetId}" style="height:640px"></div><script async src="${cdn}/widget.js"></script><div style="height:1200px"></div></main></body></html>`,
        { headers: { "content-type": "text/html; charset=utf-8" } },
      ),
  });
  customer = `http://localhost:${site.port}/`;
  // Not marked as automated (navigator.webdriver), as a visitor's browser is not.
  browser = await launchChromium([
    "--autoplay-policy=no-user-gesture-required",
    "--disable-blink-features=AutomationControlled",
  ]);
  mkdirSync(ARTIFACTS, { recursive: true });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  site?.stop(true);
  await server?.stop();
});

describe("a visitor on another origin", () => {
  test("is counted once the widget is scrolled into view; Read more and a video play (with how far) are counted", async () => {
    const context = await visitor();
    const page = await context.newPage();
    const beacons: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/public/beacons")) beacons.push(r.headers()["content-type"] ?? "");
    });
    await page.goto(customer);
    const box = page.locator(`div[data-svc-widget="${widgetId}"]`);
    await box.locator("article").first().waitFor();
    // Below the fold: nothing is seen yet, so nothing is sent.
    await page.waitForTimeout(1500);
    expect(beacons).toEqual([]);
    expect((await stats()).totals.views).toBe(0);

    await box.scrollIntoViewIfNeeded();
    const seen = await until("the widget's view", async () => {
      const s = await stats();
      return s.totals.views === 1 && of(s, longId)?.views === 1 && s;
    });
    expect(seen.hosts).toEqual([{ host: `localhost:${site.port}`, views: 1, plays: 0, clicks: 0 }]);
    // sendBeacon's text body: no CORS preflight.
    expect(beacons[0]).toStartWith("text/plain");

    await page.getByRole("button", { name: "Read more from Lena Long" }).click();
    await page.getByRole("button", { name: "Close" }).click();
    await until("the Read more click", async () => of(await stats(), longId)?.clicks === 1);

    await page.getByRole("button", { name: /Play video testimonial from Vera Video/ }).click();
    const video = page.locator("dialog video");
    await video.waitFor();
    await until("the video to play", () => video.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0));
    // Jump past the middle: the play reached its first two quarters.
    await video.evaluate((v: HTMLVideoElement) => (v.currentTime = v.duration * 0.6));
    await until("the jump", () => video.evaluate((v: HTMLVideoElement) => v.currentTime >= v.duration * 0.55));
    await page.screenshot({ path: join(ARTIFACTS, "customer-playing.png") });
    await page.getByRole("button", { name: "Close" }).click();
    const played = await until("the play and its progress", async () => {
      const s = await stats();
      const v = of(s, videoId);
      return v?.plays === 1 && v.play_progress.p50 === 1 && s;
    });
    expect(of(played, videoId).play_progress).toEqual({ p25: 1, p50: 1, p75: 0, p100: 0 });
    expect(played.totals).toMatchObject({ views: 1, plays: 1, clicks: 1 });
    await context.close();
  }, 60_000);

  test("with Sec-GPC: 1 nothing is counted: the page sends nothing, and a beacon sent anyway is dropped", async () => {
    const before = await stats();
    const context = await visitor(true);
    const page = await context.newPage();
    const beacons: string[] = [];
    page.on("request", (r) => r.url().endsWith("/public/beacons") && beacons.push(r.url()));
    await page.goto(customer);
    const box = page.locator(`div[data-svc-widget="${widgetId}"]`);
    await box.scrollIntoViewIfNeeded();
    await box.locator("article").first().waitFor();
    await page.getByRole("button", { name: "Read more from Lena Long" }).click();
    await page.getByRole("button", { name: "Close" }).click();
    // Longer than the widget waits (a second on screen, then up to two before sending): the script sent nothing.
    await page.waitForTimeout(3500);
    expect(beacons).toEqual([]);
    // The same beacon a visitor without the setting would send, sent by hand from this browser (with its header).
    const answered = page.waitForResponse((r) => r.url().endsWith("/public/beacons"));
    await page.evaluate(
      ([url, id]) => navigator.sendBeacon(url!, JSON.stringify({ widget_id: id, events: [{ type: "view" }] })),
      [`${server.url}/public/beacons`, widgetId],
    );
    const res = await answered;
    expect(res.status()).toBe(204);
    expect(await res.request().headerValue("sec-gpc")).toBe("1");
    const after = await stats();
    expect(after.totals).toEqual(before.totals);
    expect(after.testimonials).toEqual(before.testimonials);
    await context.close();
  }, 60_000);
});

describe("the dashboard", () => {
  test("the Stats page shows exactly the stats API's figures, per day and in total", async () => {
    const s = await stats();
    const context = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
    const page = await context.newPage();
    await signInAs(page, server.url, server.owner);
    await page.getByRole("heading", { name: "Brands", level: 1 }).waitFor();
    await page.goto(`${server.url}/app/stats?widget=${widgetId}`);
    await page
      .locator(".stats-chart g.day")
      .first()
      .waitFor({ state: "attached" })
      .catch(async (e) => {
        await page.screenshot({ path: join(ARTIFACTS, "stats-failed.png"), fullPage: true });
        throw e;
      });
    const chart = await page.locator(".stats-chart g.day").evaluateAll((gs) =>
      gs.map((g) => ({
        date: g.getAttribute("data-date"),
        views: Number(g.getAttribute("data-views")),
        plays: Number(g.getAttribute("data-plays")),
        clicks: Number(g.getAttribute("data-clicks")),
      })),
    );
    expect(chart).toEqual(s.days);
    for (const k of ["views", "plays", "clicks"] as const)
      expect(Number(await page.locator(`dd[data-total="${k}"]`).textContent())).toBe(s.totals[k]);
    expect(await page.getByRole("region", { name: "Most played testimonials" }).textContent()).toContain("Vera Video");
    expect(await page.getByRole("region", { name: "Most viewed testimonials" }).textContent()).toContain("Lena Long");
    await page.screenshot({ path: join(ARTIFACTS, "stats-widget.png"), fullPage: true });
    // The brand's page: the same figures here, as the widget is the brand's only source so far.
    await page.getByLabel("Show").selectOption("");
    await page.locator(".stats:not(.stats-busy) .stats-scope", { hasText: "All of" }).waitFor();
    expect(Number(await page.locator('dd[data-total="views"]').textContent())).toBe(s.totals.views);
    await page.setViewportSize({ width: 390, height: 900 });
    await page.screenshot({ path: join(ARTIFACTS, "stats-brand-phone.png"), fullPage: true });
    await context.close();
  }, 60_000);
});
