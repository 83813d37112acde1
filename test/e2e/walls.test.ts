/**
 * A public wall in Chromium against the real server: a wall of 24 testimonials (20 written, 3 videos, 1 audio)
 * passes axe-core with no serious or critical violations on a phone and a desktop, reads completely with
 * JavaScript off (a video's poster links to the file), plays a video inline with captions when JavaScript is on,
 * breaks no CSP rule and asks nothing of a third party. Screenshots: /tmp/wall-phone.png, /tmp/wall-desktop.png.
 * Lighthouse runs in test/e2e/walls-lighthouse.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type Browser, type BrowserContextOptions, type Page } from "playwright-core";
import { launchChromium } from "../helpers/browser";
import AxeBuilder from "@axe-core/playwright";
import { startServer, type RunningServer } from "../helpers/server";
import { ensureMediaFixtures } from "../fixtures/media/make-fixtures";
import { createApiKey } from "../../src/domains/accounts";
import { systemCtx } from "../../src/platform/context";
import { buildWall24, type Wall24 } from "../helpers/walls";

let server: RunningServer;
let browser: Browser;
let wall: Wall24;

const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  hasTouch: true,
  isMobile: true,
};
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 900 } };

beforeAll(async () => {
  const media = ensureMediaFixtures();
  // Behind a "proxy" on loopback: each respondent of the wall fixture comes from an address of their own.
  server = await startServer({ env: { PLAUDIT_TRUSTED_PROXIES: "127.0.0.1" } });
  const key = createApiKey(server.deps.db, systemCtx(server.orgId, "live", server.deps.clock), {
    mode: "live",
    scopes: [],
  }).secret;
  wall = await buildWall24(server, key, media);
  browser = await launchChromium(["--autoplay-policy=no-user-gesture-required"]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A fresh tab; `problems` collects console errors (CSP violations included) and page errors; `requests` every URL asked for. */
async function open(
  options: BrowserContextOptions,
): Promise<{ page: Page; problems: string[]; requests: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const problems: string[] = [];
  const requests: string[] = [];
  page.on("console", (m) => m.type() === "error" && problems.push(`console: ${m.text()}`));
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("request", (r) => requests.push(r.url()));
  return { page, problems, requests, close: () => context.close() };
}

async function seriousViolations(page: Page, where: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${where}: ${v.id} ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

describe("the wall in a browser", () => {
  test("axe-core finds nothing serious on the wall, a permalink and the 404 page, on a phone and a desktop", async () => {
    const found: string[] = [];
    for (const [name, options] of [
      ["phone", PHONE],
      ["desktop", DESKTOP],
    ] as const) {
      const { page, close } = await open(options);
      for (const [where, url] of [
        ["wall", wall.url],
        ["permalink", `${wall.url}/t/${wall.videoIds[0]}`],
        ["written permalink", `${wall.url}/t/${wall.writtenIds[0]}`],
        ["404", `${server.url}/b/no-such-wall`],
      ] as const) {
        await page.goto(url);
        found.push(...(await seriousViolations(page, `${name} ${where}`)));
      }
      if (name === "phone") {
        await page.goto(wall.url);
        await page.screenshot({ path: "/tmp/wall-phone.png", fullPage: false });
      } else {
        await page.goto(wall.url);
        await page.screenshot({ path: "/tmp/wall-desktop.png", fullPage: false });
      }
      await close();
    }
    expect(found).toEqual([]);
  }, 120_000);

  test("reads completely with JavaScript off: every card, name and word; a video's poster links to its file", async () => {
    const { page, problems, close } = await open({ ...PHONE, javaScriptEnabled: false });
    await page.goto(wall.url);
    await expect(page.locator("figure.card").count()).resolves.toBe(24);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Acme testimonials");
    await expect(page.getByText("Customer 1 says:").count()).resolves.toBe(1);
    const play = page.locator("a[data-video]").first();
    await expect(play.getAttribute("href")).resolves.toMatch(/\/cdn\/m\/[\w-]+\/video\.mp4$/);
    await expect(page.locator("audio[preload=none]").count()).resolves.toBe(1);
    await expect(page.locator("video").count()).resolves.toBe(0);
    expect(problems).toEqual([]);
    await close();
  }, 60_000);

  test("with JavaScript on, play turns the poster into a playing video with captions; no CSP error, nothing third-party", async () => {
    const { page, problems, requests, close } = await open(PHONE);
    await page.goto(wall.url);
    // Nothing of a recording is fetched before play: no video, audio or captions file.
    expect(requests.filter((u) => /\.(mp4|m4a|vtt)$/.test(u))).toEqual([]);
    await page.locator("a[data-video]").first().click();
    const video = page.locator("video").first();
    await video.waitFor();
    await expect(video.getAttribute("src")).resolves.toMatch(/video\.mp4$/);
    await expect(page.locator("video track[kind=captions]").getAttribute("src")).resolves.toMatch(/captions\.vtt$/);
    await page.waitForFunction(
      () => (document.querySelector("video") as HTMLVideoElement | null)?.readyState! >= 1,
      null,
      { timeout: 20_000 },
    );
    await expect(page.evaluate(() => document.activeElement?.tagName)).resolves.toBe("VIDEO");
    for (const url of requests) expect(new URL(url).origin).toBe(server.url);
    expect(problems).toEqual([]);
    await close();
  }, 60_000);
});
