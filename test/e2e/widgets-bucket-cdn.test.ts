/**
 * The bucket as the CDN address (docs/scaling.md, "Step 1"): the box runs with its files in an S3-protocol bucket
 * (s3rver, with the CORS rule the docs ask for), `PLAUDIT_CDN_URL` pointing straight at the bucket's public prefix
 * and `PLAUDIT_CDN_ORIGIN_URL` at the box's own `/cdn`. Checked: every public address the API hands out is on the
 * bucket; the widget script, the default logo, a music preview, a published widget document (and its HTML
 * fragment) and a published
 * recording and poster are read from the bucket with the bytes, Content-Type and Cache-Control the box itself
 * sends; private files stay behind the box's signed addresses; and in Chromium a widget on a customer's page
 * (another origin) loads everything from the bucket, nothing from the box, and plays the recording from it.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { launchChromium } from "../helpers/browser";
import { startServer, type RunningServer } from "../helpers/server";
import { startS3, type S3Server } from "../helpers/s3";
import { storeRealRecording } from "../helpers/real-recording";
import { until } from "../helpers/wait";

const CONSENT = "I agree that Acme may publish my testimonial.";
const ARTIFACTS = join(process.env.PLAUDIT_TEST_ARTIFACTS ?? join(tmpdir(), "plaudit-artifacts"), "bucket-cdn");

let s3: S3Server;
let server: RunningServer;
let browser: Browser;
let customer: ReturnType<typeof Bun.serve>;
let key = "";
/** The CDN address: the bucket's own address of the box's public area. */
let cdn = "";
const state = { brandId: "", videoId: "", widgetId: "", snippet: "", documentUrl: "" };

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

/** A processed video testimonial with a real recording (H.264 MP4), a poster and timed words. */
async function videoTestimonial(linkId: string): Promise<string> {
  const res = await fetch(`${server.url}/public/links/${linkId}/submissions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      consent: { agreed: true, text: CONSENT, version: "2026-11-01" },
      kind: "video",
      respondent: { name: "Bea Bucket", title: "Head of Ops", company: "Acme" },
      upload: { size: 100, type: "video/mp4" },
    }),
  });
  const id = ((await res.json()) as any).submission_id as string;
  // The test process's own view of the box's storage: the same bucket.
  await storeRealRecording(server.deps, id);
  return id;
}

/** The same path read from the bucket (the CDN address) and from the box's own CDN routes. */
async function bothWays(path: string) {
  const [bucket, box] = await Promise.all([fetch(`${cdn}/${path}`), fetch(`${server.url}/cdn/${path}`)]);
  return {
    bucket: {
      status: bucket.status,
      type: bucket.headers.get("content-type"),
      cache: bucket.headers.get("cache-control"),
      bytes: new Uint8Array(await bucket.arrayBuffer()),
    },
    box: {
      status: box.status,
      type: box.headers.get("content-type"),
      cache: box.headers.get("cache-control"),
      bytes: new Uint8Array(await box.arrayBuffer()),
    },
  };
}

beforeAll(async () => {
  s3 = await startS3("plaudit-cdn", { cors: true });
  cdn = s3.publicUrl("box-1");
  server = await startServer({
    storage: s3.env("box-1"),
    env: (url) => ({ PLAUDIT_CDN_URL: cdn, PLAUDIT_CDN_ORIGIN_URL: `${url}/cdn` }),
  });
  expect(server.deps.storage.blobs.kind).toBe("s3");
  key = await server.createKey("live");
  state.brandId = (await api("GET", "/v1/brands")).data[0].id;
  const link = await api("POST", `/v1/brands/${state.brandId}/links`, {
    title: "Tell us",
    prompts: [{ text: "How was it?" }],
    consent_text: CONSENT,
    consent_version: "2026-11-01",
  });
  state.videoId = await videoTestimonial(link.id);
  for (const id of [state.videoId]) {
    await api("POST", `/v1/submissions/${id}/approve`);
    await api("POST", `/v1/submissions/${id}/visibility`, { is_public: true });
  }
  const widget = await api("POST", "/v1/widgets", { brand_id: state.brandId, layout: "wall", theme: "light" });
  state.widgetId = widget.id;
  state.snippet = widget.snippet;
  state.documentUrl = widget.document_url;
  await until("the widget document with the testimonial, in the bucket", async () => {
    const res = await fetch(state.documentUrl);
    return res.status === 200 && (await res.text()).includes("Bea Bucket");
  });
  customer = Bun.serve({
    port: 0,
    hostname: "localhost",
    fetch: () =>
      new Response(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Customers</title></head><body><main><h1>What our customers say</h1>${state.snippet}</main></body></html>`,
        { headers: { "content-type": "text/html; charset=utf-8" } },
      ),
  });
  browser = await launchChromium(["--autoplay-policy=no-user-gesture-required"]);
  mkdirSync(ARTIFACTS, { recursive: true });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  customer?.stop(true);
  await server?.stop();
  await s3?.stop();
});

describe("PLAUDIT_CDN_URL pointing straight at the bucket", () => {
  test("the API hands out public addresses on the bucket and signed ones on the box", async () => {
    const brand = await api("GET", `/v1/brands/${state.brandId}`);
    expect(brand.logo_url).toBe(`${cdn}/assets/default-logo.png`);
    expect(state.snippet).toContain(`src="${cdn}/widget.js"`);
    expect(state.documentUrl).toBe(`${cdn}/widgets/${state.widgetId}.json`);
    const music = await api("GET", "/v1/reels/music");
    expect(music.data[0].preview_url).toStartWith(`${cdn}/music/`);
    const detail = await api("GET", `/v1/submissions/${state.videoId}`);
    expect(detail.public_media.video_url).toStartWith(`${cdn}/m/`);
    // Private files: the box's signed addresses, answered by the box (a bucket could not check the signature).
    expect(detail.media.video.url).toStartWith(`${server.url}/cdn/signed/media/`);
    const signed = await fetch(detail.media.video.url, { headers: { range: "bytes=4-7" } });
    expect(signed.status).toBe(206);
    expect(Buffer.from(await signed.arrayBuffer()).toString("latin1")).toBe("ftyp");
  }, 30_000);

  test("the bucket answers the script, logo, music, widget document and published media as the box does", async () => {
    // The built-in files are copied in the background once the box listens.
    await until("the widget script in the bucket", async () => (await fetch(`${cdn}/widget.js`)).status === 200);
    await until("the music previews in the bucket", async () => (await fetch(`${cdn}/music/momentum.m4a`)).ok);
    const detail = await api("GET", `/v1/submissions/${state.videoId}`);
    const media = [detail.public_media.video_url, detail.public_media.poster_url].map((u: string) =>
      u.slice(cdn.length + 1),
    );
    const expected: Record<string, string> = {
      "widget.js": "text/javascript; charset=utf-8",
      "assets/default-logo.png": "image/png",
      "music/sunrise.m4a": "audio/mp4",
      [`widgets/${state.widgetId}.json`]: "application/json; charset=utf-8",
      [`widgets/${state.widgetId}.html`]: "text/html; charset=utf-8",
      [media[0]!]: "video/mp4",
      [media[1]!]: "image/jpeg",
    };
    for (const [path, type] of Object.entries(expected)) {
      const { bucket, box } = await bothWays(path);
      expect([path, bucket.status, bucket.type]).toEqual([path, 200, type]);
      expect([path, box.status, box.type]).toEqual([path, 200, type]);
      expect([path, bucket.cache]).toEqual([path, box.cache]);
      expect([path, bucket.bytes.length]).toEqual([path, box.bytes.length]);
      expect(Buffer.compare(bucket.bytes, box.bytes), path).toBe(0);
    }
    // The widget fetches its document across origins: the bucket's CORS rule allows it.
    const cors = await fetch(state.documentUrl, { headers: { origin: "https://customer.example" } });
    expect(cors.headers.get("access-control-allow-origin")).toBe("*");
    // Video players seek with ranges; the bucket answers them.
    const range = await fetch(`${cdn}/${media[0]}`, { headers: { range: "bytes=4-7" } });
    expect(range.status).toBe(206);
    expect(Buffer.from(await range.arrayBuffer()).toString("latin1")).toBe("ftyp");
  }, 60_000);

  test("in Chromium, a widget on a customer's page loads everything from the bucket and plays from it", async () => {
    const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const requests: string[] = [];
    const problems: string[] = [];
    page.on("request", (r) => requests.push(r.url()));
    page.on("pageerror", (e) => problems.push(e.message));
    page.on("console", (m) => m.type() === "error" && problems.push(m.text()));
    const origin = `http://localhost:${customer.port}`;
    await page.goto(origin);
    const card = page.locator(`div[data-svc-widget="${state.widgetId}"] article`).filter({ hasText: "Bea Bucket" });
    await card.waitFor();
    const play = page.getByRole("button", { name: /^Play video testimonial from Bea Bucket/ });
    await play.waitFor();
    await page.waitForLoadState("networkidle");
    // The poster, drawn from the bucket.
    await page.waitForFunction(() => {
      const img = document.querySelector("div[data-svc-widget]")?.shadowRoot?.querySelector("img[src$='.jpg']");
      return !!img && (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0;
    });
    const video = page.waitForResponse((r) => r.url().endsWith("/video.mp4"));
    await play.click();
    const answered = await video;
    expect([200, 206]).toContain(answered.status());
    expect(answered.url()).toStartWith(`${cdn}/`);
    await page.waitForFunction(() => {
      const v = document
        .querySelector("div[data-svc-widget]")
        ?.shadowRoot?.querySelector("dialog video") as HTMLVideoElement | null;
      return !!v && v.readyState >= 2;
    });
    await page.screenshot({ path: join(ARTIFACTS, "playing-from-bucket.png") });
    const bucketOrigin = new URL(cdn).origin;
    const elsewhere = requests.slice(1).filter((u) => !u.startsWith("blob:") && new URL(u).origin !== bucketOrigin);
    expect(elsewhere).toEqual([]);
    expect(requests[0]).toStartWith(origin);
    expect(requests.some((u) => u === `${cdn}/widget.js`)).toBe(true);
    expect(requests.some((u) => u === state.documentUrl)).toBe(true);
    expect(requests.some((u) => u.startsWith(server.url))).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);
});
