/**
 * Every layout and look of the widget on a customer's page served from another origin than the CDN, at 390, 768
 * and 1440 pixels wide, in Chromium: no line of text is cut in half and every text shown in part has a "Read
 * more" (test/helpers/widget-checks.ts); on a phone nothing scrolls inside the page but the carousel's own row;
 * every request after the page goes to the CDN; axe-core finds no violation at all; no console error.
 * Screenshots of each look at each width go to `$PLAUDIT_TEST_ARTIFACTS/widget-looks/` (default
 * `/tmp/plaudit-artifacts/widget-looks/`).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { axeBuilder, launchChromium } from "../helpers/browser";
import { startServer, type RunningServer } from "../helpers/server";
import { ensureMediaFixtures } from "../fixtures/media/make-fixtures";
import { httpApi, posterImages, processedRecording, publish, sendWritten, wallBrand, type Api } from "../helpers/walls";
import { cutText, nestedScrollers } from "../helpers/widget-checks";

const ARTIFACTS = join(process.env.PLAUDIT_TEST_ARTIFACTS ?? join(tmpdir(), "plaudit-artifacts"), "widget-looks");
const WIDTHS = [390, 768, 1440] as const;

/** Each look under test: the settings sent on create. */
const LOOKS: { name: string; settings: Record<string, unknown> }[] = [
  { name: "wall", settings: { layout: "wall" } },
  {
    name: "wall-masonry",
    settings: { layout: "wall", look: "masonry", card_border: "subtle", card_shadow: "soft", card_radius: 16 },
  },
  {
    name: "wall-transparent",
    settings: {
      layout: "wall",
      background: "transparent",
      card_border: "none",
      card_shadow: "lifted",
      card_radius: 4,
      font: "inherit",
    },
  },
  { name: "carousel-dark", settings: { layout: "carousel", theme: "dark" } },
  {
    name: "carousel-marquee",
    settings: {
      layout: "carousel",
      look: "marquee",
      card_shadow: "soft",
      card_border: "subtle",
      star_color: "#a16207",
    },
  },
  { name: "single", settings: { layout: "single", font: "inherit", card_border: "subtle", card_radius: 20 } },
  { name: "avatars", settings: { layout: "avatars", card_shadow: "soft" } },
  { name: "avatars-floating", settings: { layout: "avatars", look: "floating", card_shadow: "lifted" } },
];

const WORDS: [string, string, number, string?, string?][] = [
  [
    "Priya Raman",
    "We replaced three tools with this one. Setup took an afternoon, and the first video testimonials came in the same evening.",
    5,
    "Head of Growth",
    "Northwind",
  ],
  ["Tom Becker", "Simple, fast, and our clients love how the wall looks.", 5, "Founder", "Becker Studio"],
  [
    "Alicia Gómez",
    "Honestly I was sceptical. Our customers are busy people and I did not think they would record anything. " +
      "Then the link went out in our onboarding email and within two weeks we had eleven videos, most of them " +
      "under a minute, all of them warmer than anything our marketing team could write. The moderation inbox " +
      "made it painless to pick the best ones, and the widget dropped into our site without a developer. " +
      "Conversion on the pricing page went up noticeably the month after.",
    5,
    "Marketing Lead",
    "Bright Dental",
  ],
  ["Jonas Weber", "Support answered every question within the hour.", 4, undefined, "Weber & Söhne"],
  [
    "Mei Lin",
    "The carousel on our homepage is the first thing prospects mention on sales calls. It looks like we designed it ourselves.",
    5,
    "CEO",
    "Lin Analytics",
  ],
  [
    "Samuel Okafor",
    "Good value. I would like more layouts for landing pages, but what is there is polished and quick.",
    4,
    "Product Manager",
    undefined,
  ],
  [
    "Hannah Schmidt",
    "We collect testimonials for twelve clients from one dashboard. Each brand has its own wall and colours, and " +
      "clients can see their testimonials before they go live. It saves us a day a month per client.",
    5,
    "Agency Owner",
    "Pixelhaus",
  ],
  ["Diego Alvarez", "Five stars. Would recommend to any small business.", 5],
];

let server: RunningServer;
let browser: Browser;
let customer: ReturnType<typeof Bun.serve>;
let cdn = "";
const widgets: Record<string, { id: string; height: number }> = {};

beforeAll(async () => {
  // Behind a "proxy" on loopback: each respondent comes from an address of their own (capture limits).
  server = await startServer({ env: { PLAUDIT_TRUSTED_PROXIES: "127.0.0.1" } });
  cdn = `${server.url}/cdn`;
  const key = await server.createKey("live");
  const api: Api = httpApi(server.url, key);
  const brand = await wallBrand(api);
  await api("PATCH", `/v1/brands/${brand.id}`, { color: "#0f766e" });
  const media = ensureMediaFixtures();
  const video = await processedRecording(api, server.deps, brand.linkId, "Vera Video", {
    kind: "video",
    file: media.mp4,
    ...posterImages(media.mp4),
    width: 1280,
    height: 720,
    durationMs: media.videoDurationMs,
    words: media.speechText.split(" "),
  });
  const written = await sendWritten(
    api,
    brand.linkId,
    WORDS.map(([name, text, rating, title, company]) => ({ name, text, rating, title, company })),
  );
  await publish(api, [video, ...written]);
  for (const look of LOOKS) {
    const r = await api("POST", "/v1/widgets", { brand_id: brand.id, show_attribution: true, ...look.settings });
    if (r.status !== 201) throw new Error(`${look.name}: ${r.status} ${JSON.stringify(r.body)}`);
    widgets[look.name] = { id: r.body.id, height: r.body.height };
  }
  // Every document published, with the video's media ready.
  for (let i = 0; ; i++) {
    const docs = await Promise.all(
      Object.values(widgets).map(async (w) => {
        const res = await fetch(`${cdn}/widgets/${w.id}.json`);
        return res.ok ? ((await res.json()) as any) : null;
      }),
    );
    if (docs.every((d) => d && d.items.length === 9 && d.items.every((x: any) => x.kind === "text" || x.video_url)))
      break;
    if (i > 300) throw new Error("widget documents were not published within 60 s");
    await Bun.sleep(200);
  }
  // The customer's site: another origin, its own serif font, the widget between its own words.
  customer = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch(req) {
      const q = new URL(req.url).searchParams;
      const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Bright Dental – reviews</title>
<style>body{margin:0;font:17px/1.6 Georgia,"Times New Roman",serif;color:#1c1917;background:#fafaf9}header,main,footer{max-width:1200px;margin:0 auto;padding:16px 20px}header{font-weight:bold}h1{font-size:32px;margin:8px 0}</style></head>
<body><header>Bright Dental</header><main><h1>What our patients say</h1><p>Real words from real patients, unedited.</p>
<div data-svc-widget="${q.get("w")}" style="height:${q.get("h")}px"></div>
<p>Book your first visit online or call us any weekday.</p></main><footer>© Bright Dental</footer>
<script async src="${cdn}/widget.js"></script></body></html>`;
      return new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } });
    },
  });
  browser = await launchChromium();
  mkdirSync(ARTIFACTS, { recursive: true });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  customer?.stop(true);
  await server?.stop();
});

/** The customer's page at `width` showing one widget, with every request and console error recorded. */
async function open(look: string, width: number) {
  const phone = width < 500;
  const context = await browser.newContext({
    viewport: { width, height: phone ? 844 : 900 },
    ...(phone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const requests: string[] = [];
  const problems: string[] = [];
  page.on("request", (r) => requests.push(r.url()));
  page.on("pageerror", (e) => problems.push(e.message));
  page.on("console", (m) => m.type() === "error" && problems.push(m.text()));
  const w = widgets[look]!;
  await page.goto(`${new URL(customer.url).origin}/?w=${w.id}&h=${w.height}`);
  const box = page.locator(`div[data-svc-widget="${w.id}"] .w`);
  await box
    .locator(look.startsWith("avatars") ? ".fa" : "article")
    .first()
    .waitFor();
  await page.waitForLoadState("networkidle");
  // Two frames: the ResizeObserver has laid the widget out and fitted its texts.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  return { page, box, requests, problems, close: () => context.close() };
}

/**
 * Every axe-core violation on the page, each with every node it was found on (test/helpers/browser.ts: only the
 * violations' nodes are gathered, and a page without frames is checked in the page itself, which with the passes'
 * details and a second copy of axe in a blank page was a third of this file's CPU).
 */
async function axeViolations(page: Page, label: string): Promise<string[]> {
  const axe = axeBuilder(page);
  const result = await axe.analyze();
  return result.violations.map(
    (v) => `${label}: ${v.id} (${v.impact}) ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
}

describe("every look at phone, tablet and desktop width", () => {
  for (const look of LOOKS) {
    test(`${look.name}: whole lines, no nested scrolling on a phone, CDN only, axe clean`, async () => {
      for (const width of WIDTHS) {
        const { page, box, requests, problems, close } = await open(look.name, width);
        const label = `${look.name} at ${width}`;
        await page.screenshot({ path: join(ARTIFACTS, `${look.name}-${width}.png`) });
        expect([label, await page.evaluate(cutText)]).toEqual([label, []]);
        // Every page of a wall, not only the first.
        const next = box.getByRole("button", { name: "Next testimonials" });
        for (let p = 2; (await next.isVisible()) && (await next.isEnabled()); p++) {
          await next.click();
          expect([`${label}, page ${p}`, await page.evaluate(cutText)]).toEqual([`${label}, page ${p}`, []]);
        }
        if (width === 390) {
          const scrolling = (await page.evaluate(nestedScrollers)).filter(
            (s) => !(look.name.startsWith("carousel") && s.axis === "x"),
          );
          expect([label, scrolling]).toEqual([label, []]);
        }
        const cdnOrigin = new URL(cdn).origin;
        expect([label, requests.slice(1).filter((u) => new URL(u).origin !== cdnOrigin)]).toEqual([label, []]);
        expect(await axeViolations(page, label)).toEqual([]);
        expect([label, problems]).toEqual([label, []]);
        await close();
      }
    }, 90_000);
  }
});

describe("behaviour of the looks", () => {
  test("a long testimonial is clamped with Read more, which opens the whole text in the dialog", async () => {
    const { page, box, close } = await open("wall", 390);
    const more = box.getByRole("button", { name: "Read more from Alicia Gómez" });
    // On a phone the wall shows a page of cards at a time; turn pages until Alicia's card shows.
    for (let i = 0; i < 9 && !(await more.isVisible()); i++)
      await box.getByRole("button", { name: "Next testimonials" }).click();
    await more.click();
    const dialog = page.getByRole("dialog", { name: "Testimonial from Alicia Gómez" });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain("Conversion on the pricing page went up noticeably");
    expect(await axeViolations(page, "read more dialog")).toEqual([]);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await close();
  }, 30_000);

  test("the wall pages with its buttons on a phone and shows more cards per page on a desktop", async () => {
    const counts: number[] = [];
    for (const width of [390, 1440]) {
      const { box, close } = await open("wall", width);
      const status = box.locator(".nv .mu");
      counts.push(await box.locator("article").count());
      expect(await status.textContent()).toMatch(/^1 \/ \d+$/);
      const first = await box.locator("article").first().textContent();
      await box.getByRole("button", { name: "Next testimonials" }).click();
      expect(await status.textContent()).toMatch(/^2 \/ \d+$/);
      expect(await box.locator("article").first().textContent()).not.toBe(first);
      await close();
    }
    expect(counts[0]!).toBeLessThan(counts[1]!);
  }, 30_000);

  test("the avatars badge is sized to its content, and the floating badge opens the testimonials", async () => {
    const inline = await open("avatars", 1440);
    const badge = (await inline.box.locator(".fa").boundingBox())!;
    expect(badge.width).toBeLessThan(420);
    await inline.close();
    const { page, box, close } = await open("avatars-floating", 390);
    const button = box.getByRole("button", { name: /^Testimonials for .*: .*reviews/ });
    const at = (await button.boundingBox())!;
    expect(at.x).toBeLessThan(40);
    expect(at.y + at.height).toBeGreaterThan(844 - 80);
    await button.click();
    const dialog = page.getByRole("dialog", { name: /^Testimonials for / });
    await dialog.waitFor();
    expect(await dialog.locator("article").count()).toBe(9);
    expect(await axeViolations(page, "floating dialog")).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS, "avatars-floating-open-390.png") });
    await page.keyboard.press("Escape");
    await close();
  }, 30_000);

  test("the marquee pauses with its button, and stands still when reduced motion is asked for", async () => {
    const { page, box, close } = await open("carousel-marquee", 1440);
    const pause = box.getByRole("button", { name: "Pause" });
    await pause.click();
    expect(await pause.getAttribute("aria-pressed")).toBe("true");
    const track = box.locator(".mq");
    expect(await track.evaluate((el) => getComputedStyle(el).animationPlayState)).toBe("paused");
    await page.emulateMedia({ reducedMotion: "reduce" });
    expect(await track.evaluate((el) => getComputedStyle(el).animationName)).toBe("none");
    await close();
  }, 30_000);
});
