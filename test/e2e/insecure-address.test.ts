/**
 * Plaudit at a plain-HTTP address that is not the browser's own machine, as on a VPS started with
 * PLAUDIT_BASE_URL=http://<public IP>:3000. Chromium counts 127.0.0.0/8 and localhost as secure, so the server listens
 * on every address (PLAUDIT_HOST=0.0.0.0) and the browser opens it at this machine's own non-loopback address.
 *
 * The capture page there is not a secure context and has no `navigator.mediaDevices`: it says plainly that it cannot
 * use the camera or microphone and why, offers video as an upload (no recorder), and a written testimonial and an
 * uploaded video are still sent. The dashboard there shows owners the "Recordings need HTTPS" banner, naming both
 * problems (this page, and the capture pages' address); it can be dismissed for the browser session, and members do
 * not see it. A server on localhost whose site address alone is plain HTTP at a public address shows the banner too
 * (from `GET /v1/system/health`). Screenshots: /tmp/capture-insecure.png (390x844), /tmp/dashboard-https-banner.png.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { networkInterfaces } from "node:os";
import type { Browser, Page } from "playwright-core";
import { launchChromium, signInAs, withHealthRead, axeBuilder } from "../helpers/browser";
import { fillAndSend, openCapturePage, sentId } from "../helpers/capture-page";
import { startServer, type RunningServer } from "../helpers/server";
import { ensureMediaFixtures } from "../fixtures/media/make-fixtures";

const CONSENT = { text: "I agree that Acme may publish my words.", version: "2026-11-01" };
const BANNER = "Recordings need HTTPS: set a domain (see Deploy on a VPS)";

/** This machine's first IPv4 address that is not loopback: what a VPS's public address is to a browser. */
function ownAddress(): string {
  for (const list of Object.values(networkInterfaces()))
    for (const a of list ?? []) if (a.family === "IPv4" && !a.internal) return a.address;
  throw new Error("this machine has no non-loopback IPv4 address to open Plaudit at over plain HTTP");
}

let browser: Browser;
const ip = ownAddress();

beforeAll(async () => {
  browser = await launchChromium();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

/** Signs in on the dashboard at `origin` and waits for the health answer the banners read. */
async function signInDashboard(page: Page, origin: string, who: { email: string; password: string }) {
  const health = page.waitForResponse((r) => r.url().endsWith("/v1/system/health"));
  await signInAs(page, origin, who);
  await page.getByRole("heading", { name: "Brands", level: 1 }).waitFor();
  return (await (await health).json()) as { https: { site_secure: boolean; problem: string | null } };
}

describe(`served at http://${ip}`, () => {
  let server: RunningServer;
  let origin = "";
  let key = "";
  let link: { id: string; url: string };

  async function api(method: string, path: string, body?: unknown) {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  }

  beforeAll(async () => {
    server = await startServer({
      env: (url) => {
        origin = `http://${ip}:${new URL(url).port}`;
        return { PLAUDIT_HOST: "0.0.0.0", PLAUDIT_BASE_URL: origin, PLAUDIT_WORKERS: "0", PLAUDIT_SELF_TEST: "0" };
      },
    });
    key = await server.createKey("live");
    const brand = (await api("GET", "/v1/brands")).body.data[0].id;
    const r = await api("POST", `/v1/brands/${brand}/links`, {
      title: "Tell us about Acme",
      prompts: [{ text: "What changed for your team?" }],
      consent_text: CONSENT.text,
      consent_version: CONSENT.version,
    });
    expect(r.status).toBe(201);
    link = r.body;
    expect(link.url).toStartWith(`${origin}/c/`);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  test("the capture page says it cannot record, and offers video as an upload", async () => {
    const { page, context, problems } = await openCapturePage(browser, origin, undefined, false);
    try {
      await page.goto(link.url);
      await page.getByRole("heading", { name: "Tell us about Acme" }).waitFor();
      const env = await page.evaluate(() => ({
        secure: window.isSecureContext,
        mediaDevices: typeof navigator.mediaDevices,
      }));
      expect(env).toEqual({ secure: false, mediaDevices: "undefined" });

      const notice = page.locator("#no-recording");
      await notice.waitFor();
      expect(await notice.innerText()).toBe(
        "This page cannot use your camera or microphone. Recording needs a secure (https://) page. You can upload a video or audio file you already have, or write your testimonial instead.",
      );
      // Video and audio are offered as uploads, not recordings.
      const video = page.getByRole("radio", { name: /^Video/ });
      expect(await page.locator("label.method").filter({ has: video }).innerText()).toBe("Video\nUpload a video file");
      await expect(page.getByText("Camera and microphone").count()).resolves.toBe(0);
      await video.check();
      await page.getByLabel("Upload a video from your device").waitFor();
      await expect(page.getByRole("button", { name: "Start recording" }).count()).resolves.toBe(0);
      await expect(page.getByText("This browser cannot record on this page").count()).resolves.toBe(0);

      // On a phone, choosing a way opens its step: here, uploading.
      await page.getByRole("heading", { name: "Upload a video" }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: "/tmp/capture-insecure.png" });
      const axe = await axeBuilder(page).analyze();
      expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual(
        [],
      );
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  test("a written testimonial is still sent", async () => {
    const { page, context, problems } = await openCapturePage(browser, origin, undefined, false);
    try {
      await page.goto(link.url);
      await page.getByRole("radio", { name: /^Write/ }).check();
      await page
        .getByRole("textbox", { name: "Your answer" })
        .fill("We answer customers twice as fast since we started with Acme.");
      await fillAndSend(page, "Wren Writer");
      const id = await sentId(page, "Wren Writer");
      const detail = (await api("GET", `/v1/submissions/${id}`)).body;
      expect(detail).toMatchObject({ kind: "text", respondent_name: "Wren Writer" });
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  test("a video file is still uploaded and sent", async () => {
    const file = ensureMediaFixtures().webm;
    const { page, context, problems } = await openCapturePage(browser, origin, undefined, false);
    try {
      await page.goto(link.url);
      await page.getByRole("radio", { name: /^Video/ }).check();
      await page.getByLabel("Upload a video from your device").setInputFiles(file);
      await page.getByRole("heading", { name: "Your file" }).waitFor();
      await fillAndSend(page, "Uma Upload");
      const id = await sentId(page, "Uma Upload");
      const upload = server.deps.db.$client
        .query("SELECT length, status FROM uploads WHERE submission_id = ?")
        .get(id) as { length: number; status: string };
      expect(upload).toEqual({ length: Bun.file(file).size, status: "complete" });
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  test("the dashboard shows owners the banner with both problems; dismissed, it stays away for the browser session", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      const health = await signInDashboard(page, origin, server.owner);
      expect(health.https.site_secure).toBe(false);
      const banner = page.getByRole("region", { name: BANNER });
      await banner.waitFor();
      const text = await banner.innerText();
      expect(text).toContain(`Capture pages are at ${origin}, a plain HTTP address`);
      expect(text).toContain(`This dashboard is open at ${origin}, a plain HTTP address`);
      await banner.getByText("How to set up HTTPS").click();
      await banner.getByText("PLAUDIT_TRUSTED_PROXIES=127.0.0.1").waitFor();
      await page.screenshot({ path: "/tmp/dashboard-https-banner.png" });

      await banner.getByRole("button", { name: "Dismiss" }).click();
      await expect(banner.count()).resolves.toBe(0);
      // Another page load and another tab of the same browser session: still dismissed.
      await withHealthRead(page, () => page.reload());
      await page.getByRole("heading", { name: "Brands", level: 1 }).waitFor();
      const tab = await context.newPage();
      await withHealthRead(tab, () => tab.goto(`${origin}/app/`));
      await tab.getByRole("heading", { name: "Brands", level: 1 }).waitFor();
      await expect(page.getByText(BANNER).count()).resolves.toBe(0);
      await expect(tab.getByText(BANNER).count()).resolves.toBe(0);
    } finally {
      await context.close();
    }
    // A new browser session shows it again: the problem has not gone away.
    const again = await browser.newContext();
    try {
      const page = await again.newPage();
      await signInDashboard(page, origin, server.owner);
      await page.getByRole("region", { name: BANNER }).waitFor();
    } finally {
      await again.close();
    }
  }, 90_000);

  test("members do not see it (they cannot change the server)", async () => {
    const member = { email: "mo@example.com", password: "member-password-1" };
    await server.cli([
      "user",
      "create",
      "--email",
      member.email,
      "--password",
      member.password,
      "--org",
      server.orgId,
      "--role",
      "member",
    ]);
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await signInAs(page, origin, member);
      await page.getByRole("navigation", { name: "Main" }).waitFor();
      await page.waitForTimeout(1000);
      await expect(page.getByText(BANNER).count()).resolves.toBe(0);
    } finally {
      await context.close();
    }
  }, 60_000);
});

describe(`on localhost, with the site address at http://${ip}`, () => {
  let server: RunningServer;
  let site = "";

  beforeAll(async () => {
    server = await startServer({
      env: (url) => {
        site = `http://${ip}:${new URL(url).port}`;
        return { PLAUDIT_SITE_URL: site, PLAUDIT_WORKERS: "0", PLAUDIT_SELF_TEST: "0" };
      },
    });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  test("the dashboard (a secure page itself) shows the banner for the capture pages' address", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      const health = await signInDashboard(page, server.url, server.owner);
      expect(health.https.site_secure).toBe(false);
      const banner = page.getByRole("region", { name: BANNER });
      await banner.waitFor();
      const text = await banner.innerText();
      expect(text).toContain(`Capture pages are at ${site}, a plain HTTP address`);
      expect(text).not.toContain("This dashboard is open at");
    } finally {
      await context.close();
    }
  }, 60_000);
});
