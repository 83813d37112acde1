/**
 * A public wall in Chromium against the real server: a wall of 24 testimonials (20 written, 3 videos, 1 audio)
 * passes axe-core with no serious or critical violations on a phone and a desktop, reads completely with
 * JavaScript off (a video's poster links to the file), plays a video inline with captions when JavaScript is on,
 * breaks no CSP rule and asks nothing of a third party. Screenshots: /tmp/wall-phone.png, /tmp/wall-desktop.png.
 * Lighthouse runs in test/e2e/walls-lighthouse.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type Browser, type BrowserContextOptions, type Page } from "playwright-core";
import { launchChromium, visit, axeBuilder } from "../helpers/browser";
import { startServer, type RunningServer } from "../helpers/server";
import { ensureMediaFixtures } from "../fixtures/media/make-fixtures";
import { createApiKey } from "../../src/domains/accounts";
import { systemCtx } from "../../src/platform/context";
import { buildWall24, type Wall24 } from "../helpers/walls";
import { unitOfWork } from "../../src/platform/db/unit-of-work";

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
  const key = unitOfWork(server.deps, systemCtx(server.orgId, "live", server.deps.clock), (tx) =>
    createApiKey(tx, {
      mode: "live",
      scopes: [],
    }),
  ).secret;
  wall = await buildWall24(server, key, media);
  // The header the owner sets on the brand: intro, website, and the collect link behind "Share your experience".
  const brands = (await (
    await fetch(`${server.url}/v1/brands`, { headers: { authorization: `Bearer ${key}` } })
  ).json()) as any;
  const brand = brands.data.find((b: any) => b.slug === wall.slug);
  const links = (await (
    await fetch(`${server.url}/v1/brands/${brand.id}/links`, { headers: { authorization: `Bearer ${key}` } })
  ).json()) as any;
  const res = await fetch(`${server.url}/v1/brands/${brand.id}`, {
    method: "PATCH",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({
      color: "#0f766e",
      intro_text: "Family-run since 1998. Here is what our customers say, in their own words.",
      website_url: "https://acme.example/",
      wall_link_id: links.data[0].id,
    }),
  });
  if (res.status !== 200) throw new Error(`brand header: ${res.status} ${await res.text()}`);
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
  const result = await axeBuilder(page).analyze();
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
        await visit(page, url);
        found.push(...(await seriousViolations(page, `${name} ${where}`)));
      }
      if (name === "phone") {
        await visit(page, wall.url);
        await page.screenshot({ path: "/tmp/wall-phone.png", fullPage: false });
      } else {
        await visit(page, wall.url);
        await page.screenshot({ path: "/tmp/wall-desktop.png", fullPage: false });
      }
      await close();
    }
    expect(found).toEqual([]);
  }, 120_000);

  test("reads completely with JavaScript off: every card, name and word; a video's poster links to its file", async () => {
    const { page, problems, close } = await open({ ...PHONE, javaScriptEnabled: false });
    await visit(page, wall.url);
    await expect(page.locator("figure.card").count()).resolves.toBe(24);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Acme testimonials");
    await expect(page.getByText("Customer 1 says:").count()).resolves.toBe(1);
    const play = page.locator("a[data-video]").first();
    await expect(play.getAttribute("href")).resolves.toMatch(/\/cdn\/m\/[\w-]+\/video\.mp4$/);
    await expect(page.locator("a[data-audio]").getAttribute("href")).resolves.toMatch(/\/audio\.m4a$/);
    await expect(page.locator("video").count()).resolves.toBe(0);
    expect(problems).toEqual([]);
    await close();
  }, 60_000);

  test("the header shows the intro, the website and the share button; cards pack in columns with no gaps", async () => {
    for (const [name, options] of [
      ["phone", PHONE],
      ["desktop", DESKTOP],
    ] as const) {
      const { page, problems, close } = await open(options);
      await visit(page, wall.url);
      await expect(page.locator(".intro").textContent()).resolves.toContain("Family-run since 1998.");
      await expect(page.getByRole("link", { name: "Share your experience" }).getAttribute("href")).resolves.toMatch(
        /\/c\/[\w-]+$/,
      );
      await expect(page.getByRole("link", { name: /^Visit acme\.example/ }).getAttribute("href")).resolves.toBe(
        "https://acme.example/",
      );
      // Masonry: within a column each card starts right below the one before it.
      const gaps = await page.evaluate(() => {
        const cards = [...document.querySelectorAll(".grid > li")].map((li) => li.getBoundingClientRect());
        const out: number[] = [];
        for (const c of cards) {
          const above = cards.filter((o) => Math.abs(o.left - c.left) < 2 && o.bottom <= c.top + 1);
          if (above.length) out.push(c.top - Math.max(...above.map((o) => o.bottom)));
        }
        return out;
      });
      expect(gaps.length).toBeGreaterThan(0);
      expect(Math.max(...gaps)).toBeLessThanOrEqual(17);
      await page.screenshot({ path: `/tmp/wall-header-${name}.png`, fullPage: true });
      expect(problems).toEqual([]);
      await close();
    }
  }, 60_000);

  test("audio plays on press and its player shows the recording's length, not 0:00", async () => {
    const { page, problems, requests, close } = await open(DESKTOP);
    await visit(page, wall.url);
    const listen = page.locator("a[data-audio]");
    await expect(listen.locator(".length").textContent()).resolves.toMatch(/^\d+:\d\d$/);
    expect(requests.filter((u) => /audio\.m4a$/.test(u))).toEqual([]);
    await listen.click();
    await page.waitForFunction(
      () => {
        const a = document.querySelector("audio");
        return !!a && Number.isFinite(a.duration) && a.duration > 0;
      },
      null,
      { timeout: 20_000 },
    );
    expect(problems).toEqual([]);
    await close();
  }, 60_000);

  test("with JavaScript on, play turns the poster into a playing video with captions; no CSP error, nothing third-party", async () => {
    const { page, problems, requests, close } = await open(PHONE);
    await visit(page, wall.url);
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
