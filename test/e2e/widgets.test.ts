/**
 * The embed script in Chromium on a customer's page served from another origin than the CDN (a second
 * Bun.serve): two widgets with one script; every layout in every theme draws (screenshots saved under
 * `$PLAUDIT_TEST_ARTIFACTS/widgets/`, default the system temp folder); no cookies, no local or session storage,
 * every request after the page itself goes to the CDN origin; posters load at once and the recording only on
 * play, in a modal dialog with captions; a testimonial holding markup renders as text; axe-core finds no
 * serious or critical problem.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, type Page } from "playwright-core";
import { launchChromium, axeBuilder } from "../helpers/browser";
import { startServer, type RunningServer } from "../helpers/server";
import { storeRealRecording } from "../helpers/real-recording";
import { ensureMediaFixtures } from "../fixtures/media/make-fixtures";
import { createApiKey } from "../../src/domains/accounts";
import { systemCtx } from "../../src/platform/context";
import { LAYOUT_HEIGHTS } from "../../src/domains/widgets/format";
import { unitOfWork } from "../../src/platform/db/unit-of-work";

const CONSENT = "I agree that Acme may publish my testimonial.";
const XSS = 'Loved it <img src=x onerror="window.__xss=1"> and the support was great.';
const ARTIFACTS = join(process.env.PLAUDIT_TEST_ARTIFACTS ?? join(tmpdir(), "plaudit-artifacts"), "widgets");
const LAYOUTS = ["wall", "carousel", "single", "avatars"] as const;
const THEMES = ["light", "dark", "auto"] as const;

let server: RunningServer;
let page1: ReturnType<typeof Bun.serve>;
let browser: Browser;
let key = "";
let cdn = "";
let videoId = "";
const widgetIds: Record<string, string> = {};

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

/** A processed video testimonial with a real, playable recording, a poster, a face and timed words. */
async function videoTestimonial(linkId: string): Promise<string> {
  const id = await send(linkId, {
    kind: "video",
    respondent: { name: "Vera Video", title: "Head of Ops", company: "Acme" },
    upload: { size: 100, type: "video/mp4" },
  });
  await storeRealRecording(server.deps, id);
  return id;
}

async function publish(id: string) {
  await api("POST", `/v1/submissions/${id}/approve`);
  await api("POST", `/v1/submissions/${id}/visibility`, { is_public: true });
}

/**
 * Waits until every widget's document on the CDN lists `items` testimonials: a recording joins only once its public
 * copies are made (a job), so a document published before that lists the written ones alone.
 */
async function published(ids: string[], items: number) {
  for (let i = 0; i < 600; i++) {
    const counts = await Promise.all(
      ids.map(async (id) => {
        const res = await fetch(`${cdn}/widgets/${id}.json`);
        return res.status === 200 ? ((await res.json()) as { items: unknown[] }).items.length : -1;
      }),
    );
    if (counts.every((n) => n === items)) return;
    await Bun.sleep(100);
  }
  throw new Error(`widget documents did not list ${items} testimonials within 60 s`);
}

beforeAll(async () => {
  server = await startServer();
  cdn = `${server.url}/cdn`;
  key = unitOfWork(server.deps, systemCtx(server.orgId, "live", server.deps.clock), (tx) =>
    createApiKey(tx, {
      mode: "live",
      scopes: [],
    }),
  ).secret;
  const brand = (await api("GET", "/v1/brands")).data[0].id;
  const link = await api("POST", `/v1/brands/${brand}/links`, {
    title: "Tell us",
    prompts: [{ text: "How was it?" }],
    consent_text: CONSENT,
    consent_version: "2026-11-01",
  });
  videoId = await videoTestimonial(link.id);
  const texts = [
    ["Sam Stars", "The onboarding took an afternoon and the team answered every question within the hour.", 5],
    [
      "Pat Poster",
      "We collected forty video testimonials in a month. Our landing page converts noticeably better now.",
      4,
    ],
    ["Xena Script", XSS, 5],
  ] as const;
  const ids = [videoId];
  for (const [name, text, rating] of texts)
    ids.push(await send(link.id, { kind: "text", respondent: { name, company: "Globex" }, text, rating }));
  for (const id of ids) await publish(id);
  for (const layout of LAYOUTS) {
    for (const theme of THEMES)
      widgetIds[`${layout}-${theme}`] = (
        await api("POST", "/v1/widgets", {
          brand_id: brand,
          layout,
          theme,
          accent_color: "#0f766e",
          show_attribution: true,
          // The theme's own panel, to see each theme draw it (new widgets default to a transparent one).
          background: "solid",
        })
      ).id;
  }
  await published(Object.values(widgetIds), ids.length);
  // The customer's site: another origin (another port), plain HTML, no scripts of its own.
  page1 = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch(req) {
      const q = new URL(req.url).searchParams;
      const divs = (q.get("w") ?? "")
        .split(",")
        .filter(Boolean)
        .map((id) => `<div data-svc-widget="${id}" style="height:${q.get("h") ?? 640}px"></div>`);
      const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Customer stories</title></head><body><main><h1>What our customers say</h1>${divs.join("\n")}<script async src="${cdn}/widget.js"></script></main></body></html>`;
      return new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } });
    },
  });
  browser = await launchChromium(["--autoplay-policy=no-user-gesture-required"]);
  mkdirSync(ARTIFACTS, { recursive: true });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  page1?.stop(true);
  await server?.stop();
});

/** The customer's page (on its own origin) showing the given widgets, with every request and storage use recorded. */
async function open(ids: string[], opts: { height?: number; colorScheme?: "light" | "dark" } = {}) {
  const context = await browser.newContext({
    viewport: { width: 1100, height: 900 },
    colorScheme: opts.colorScheme ?? "light",
  });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  const requests: string[] = [];
  const problems: string[] = [];
  page.on("request", (r) => requests.push(r.url()));
  page.on("pageerror", (e) => problems.push(e.message));
  page.on("console", (m) => m.type() === "error" && problems.push(m.text()));
  // Records any use of cookies or storage by anyone on the page.
  await context.addInitScript(() => {
    const touched: string[] = ((window as any).__touched = []);
    for (const m of ["setItem", "getItem", "removeItem", "clear", "key"] as const) {
      const orig = Storage.prototype[m] as (...a: unknown[]) => unknown;
      Storage.prototype[m] = function (this: Storage, ...a: unknown[]) {
        touched.push(`storage.${m}`);
        return orig.apply(this, a);
      } as never;
    }
    const cookie = Object.getOwnPropertyDescriptor(Document.prototype, "cookie")!;
    Object.defineProperty(Document.prototype, "cookie", {
      get() {
        touched.push("cookie.get");
        return cookie.get!.call(this);
      },
      set(v) {
        touched.push("cookie.set");
        cookie.set!.call(this, v);
      },
    });
    const idb = indexedDB.open.bind(indexedDB);
    indexedDB.open = ((...a: Parameters<typeof idb>) => (
      touched.push("indexedDB"), idb(...a)
    )) as typeof indexedDB.open;
  });
  const origin = new URL(page1.url).origin;
  await page.goto(`${origin}/?w=${ids.join(",")}&h=${opts.height ?? 640}`);
  return { page, context, requests, problems, origin };
}

/** The widget box (its shadow root's `.w`) of one widget. */
const box = (page: Page, id: string) => page.locator(`div[data-svc-widget="${id}"] .w`);

async function noSeriousAxe(page: Page, label: string) {
  const result = await axeBuilder(page).analyze();
  const bad = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${label}: ${v.id} ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual(
    [],
  );
}

describe("on a customer's page", () => {
  test("two widgets with one script; no cookies, no storage, and every request goes to the CDN origin", async () => {
    const ids = [widgetIds["wall-light"]!, widgetIds["carousel-light"]!];
    const { page, context, requests, problems, origin } = await open(ids);
    for (const id of ids) await box(page, id).locator("article").first().waitFor();
    // The wall lays its page out once the box has its size (on a loaded machine that can be a frame after the
    // first card is drawn): all four cards fit its one page.
    await box(page, ids[0]!).locator("article").nth(3).waitFor();
    expect(await box(page, ids[0]!).locator("article").count()).toBe(4);
    await page.waitForLoadState("networkidle");
    expect(requests.filter((u) => u.endsWith("/widget.js"))).toHaveLength(1);
    const cdnOrigin = new URL(cdn).origin;
    expect(cdnOrigin).not.toBe(origin);
    const elsewhere = requests.slice(1).filter((u) => new URL(u).origin !== cdnOrigin);
    expect(elsewhere).toEqual([]);
    expect(requests[0]).toStartWith(origin);
    expect(requests.filter((u) => u.includes("/widgets/")).length).toBe(2);
    expect(await context.cookies()).toEqual([]);
    expect(await page.evaluate(() => (window as any).__touched)).toEqual([]);
    expect(await page.evaluate(() => [localStorage.length, sessionStorage.length])).toEqual([0, 0]);
    expect(problems).toEqual([]);
    await context.close();
  }, 30_000);

  test("the poster loads at once; the recording only on play, in a modal dialog with captions; Escape closes it", async () => {
    const id = widgetIds["wall-light"]!;
    const { page, context, requests } = await open([id]);
    const play = page.getByRole("button", { name: /^Play video testimonial from Vera Video/ });
    await play.waitFor();
    await page.waitForLoadState("networkidle");
    expect(requests.some((u) => u.endsWith("/poster.jpg"))).toBe(true);
    expect(requests.some((u) => u.endsWith("/video.mp4"))).toBe(false);
    const video = page.waitForRequest((r) => r.url().endsWith("/video.mp4"));
    await play.click();
    await video;
    const dialog = page.getByRole("dialog", { name: "Video testimonial from Vera Video" });
    await dialog.waitFor();
    expect(await dialog.evaluate((d: HTMLDialogElement) => d.open && d.matches(":modal"))).toBe(true);
    const track = dialog.locator("video track");
    expect(await track.getAttribute("kind")).toBe("captions");
    expect(await track.getAttribute("srclang")).toBe("en");
    await page.waitForFunction(() => {
      const v = document
        .querySelector("div[data-svc-widget] ")
        ?.shadowRoot?.querySelector("dialog video") as HTMLVideoElement | null;
      return !!v && v.textTracks.length > 0 && (v.textTracks[0]!.cues?.length ?? 0) > 0;
    });
    const cues = await dialog
      .locator("video")
      .evaluate((v: HTMLVideoElement) => Array.from(v.textTracks[0]!.cues!, (c) => (c as VTTCue).text));
    expect(cues.join(" ")).toBe(ensureMediaFixtures().speechText);
    await noSeriousAxe(page, "modal");
    await page.screenshot({ path: join(ARTIFACTS, "modal.png") });
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await play.evaluate((b) => (b.getRootNode() as ShadowRoot).activeElement === b)).toBe(true);
    await context.close();
  }, 30_000);

  test("a testimonial holding markup renders as text", async () => {
    const id = widgetIds["wall-dark"]!;
    const { page, context, requests } = await open([id]);
    await box(page, id).getByText(XSS, { exact: true }).waitFor();
    expect(await box(page, id).locator('img[src="x"]').count()).toBe(0);
    expect(await page.evaluate(() => (window as any).__xss)).toBeUndefined();
    expect(requests.some((u) => u.endsWith("/x"))).toBe(false);
    await context.close();
  }, 30_000);

  test("a deleted widget leaves an empty box", async () => {
    const brand = (await api("GET", "/v1/brands")).data[0].id;
    const w = await api("POST", "/v1/widgets", { brand_id: brand });
    await published([w.id], 4);
    await api("DELETE", `/v1/widgets/${w.id}`);
    const { page, context, requests } = await open([w.id]);
    await page.waitForLoadState("networkidle");
    expect(requests.some((u) => u.endsWith(`/widgets/${w.id}.json`))).toBe(true);
    expect(await page.locator(`div[data-svc-widget="${w.id}"]`).evaluate((d) => d.shadowRoot?.childElementCount)).toBe(
      0,
    );
    await context.close();
  }, 30_000);
});

describe("every layout in every theme", () => {
  for (const layout of LAYOUTS) {
    test(`${layout}: light, dark and auto (dark system setting) draw; screenshots saved; axe finds nothing serious`, async () => {
      for (const theme of THEMES) {
        const id = widgetIds[`${layout}-${theme}`]!;
        const { page, context, problems } = await open([id], {
          height: LAYOUT_HEIGHTS[layout],
          colorScheme: theme === "auto" ? "dark" : "light",
        });
        const w = box(page, id);
        await w.waitFor();
        await page.waitForLoadState("networkidle");
        // The avatars badge carries the panel itself (sized to its content); the box around it is clear.
        const panel = layout === "avatars" ? w.locator(".fa") : w;
        const bg = await panel.evaluate((el) => getComputedStyle(el).backgroundColor);
        expect([theme, bg]).toEqual([theme, theme === "light" ? "rgb(255, 255, 255)" : "rgb(17, 24, 39)"]);
        if (layout === "avatars") {
          expect(await w.getByRole("img", { name: /^Rated 4\.\d out of 5$/ }).count()).toBe(1);
        } else {
          expect(await w.locator("article").count()).toBe(layout === "single" ? 1 : 4);
        }
        expect(await w.getByRole("link", { name: "Powered by Plaudit" }).count()).toBe(1);
        await page
          .locator(`div[data-svc-widget="${id}"]`)
          .screenshot({ path: join(ARTIFACTS, `${layout}-${theme}.png`) });
        await noSeriousAxe(page, `${layout}-${theme}`);
        expect(problems).toEqual([]);
        await context.close();
      }
    }, 60_000);
  }

  test("the carousel scrolls with its buttons and the arrow keys", async () => {
    const id = widgetIds["carousel-light"]!;
    const { page, context } = await open([id], { height: LAYOUT_HEIGHTS.carousel });
    const track = box(page, id).getByRole("list");
    await track.waitFor();
    const prev = box(page, id).getByRole("button", { name: "Previous testimonial" });
    const next = box(page, id).getByRole("button", { name: "Next testimonial" });
    expect(await prev.isDisabled()).toBe(true);
    await next.click();
    await page.waitForFunction(
      () =>
        (document.querySelector("div[data-svc-widget]")!.shadowRoot!.querySelector(".tr") as HTMLElement).scrollLeft >
        0,
    );
    await track.focus();
    await page.keyboard.press("Home");
    await page.waitForFunction(
      () =>
        (document.querySelector("div[data-svc-widget]")!.shadowRoot!.querySelector(".tr") as HTMLElement).scrollLeft ===
        0,
    );
    await page.keyboard.press("ArrowRight");
    await page.waitForFunction(
      () =>
        (document.querySelector("div[data-svc-widget]")!.shadowRoot!.querySelector(".tr") as HTMLElement).scrollLeft >
        0,
    );
    // The buttons follow the scroll position once the smooth scroll reports it.
    await page.waitForFunction(
      () =>
        !(document.querySelector("div[data-svc-widget]")!.shadowRoot!.querySelector(".nb") as HTMLButtonElement)
          .disabled,
    );
    await context.close();
  }, 30_000);
});

describe("the script", () => {
  test("served at its stable address with a short cache, an ETag, gzip, and within the 12 KB budget", async () => {
    const res = await fetch(`${cdn}/widget.js`, {
      headers: { "accept-encoding": "gzip" },
      decompress: false,
    } as RequestInit);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("javascript");
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    const gz = new Uint8Array(await res.arrayBuffer());
    expect(gz.length).toBeLessThanOrEqual(12 * 1024);
    const etag = res.headers.get("etag")!;
    expect(
      (await fetch(`${cdn}/widget.js`, { headers: { "accept-encoding": "gzip", "if-none-match": etag } })).status,
    ).toBe(304);
    const plain = await fetch(`${cdn}/widget.js`, { headers: { "accept-encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toStartWith('(function(){"use strict";');
  });
});
