/**
 * The reel editor plays before it renders, in Chromium against the real server: a reel of two processed video
 * testimonials (real H.264 recordings with timed words), each clip's span played in place (the video's time moves
 * from the clip's start to its end and stops there), and the whole cut in one player, clip after clip in play order,
 * each within its span. Screenshot: /tmp/i29-resp-reel-editor.png (while the whole reel plays).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { launchChromium, signInAs } from "../helpers/browser";
import { startServer, type RunningServer } from "../helpers/server";
import { storeRealRecording } from "../helpers/real-recording";
import { ensureMediaFixtures } from "../fixtures/media/make-fixtures";
import { speakerVideo } from "../fixtures/media/speaker-video";

const CONSENT = "I agree that Acme may publish my testimonial.";

let server: RunningServer;
let browser: Browser;
let key = "";
let reelId = "";
/** The clips as saved: [start, end] in seconds. */
const spans: [number, number][] = [];

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

beforeAll(async () => {
  const media = ensureMediaFixtures();
  server = await startServer();
  key = await server.createKey("live");
  const brand = (await api("GET", "/v1/brands")).data[0];
  const link = await api("POST", `/v1/brands/${brand.id}/links`, {
    title: "Tell us",
    prompts: [{ text: "How was it?" }],
    consent_text: CONSENT,
    consent_version: "2026-11-01",
  });
  const ids: string[] = [];
  const videos = [
    media.mp4,
    speakerVideo(mkdtempSync(join(tmpdir(), "reel-editor-")), "left", media.speechWav, 13_000),
  ];
  for (const [i, file] of videos.entries()) {
    const res = await fetch(`${server.url}/public/links/${link.id}/submissions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        kind: "video",
        respondent: { name: i ? "Sid Speaker" : "Vera Video" },
        consent: { agreed: true, text: CONSENT, version: "2026-11-01" },
        upload: { size: 100, type: "video/mp4" },
      }),
    });
    const id = ((await res.json()) as any).submission_id as string;
    await storeRealRecording(server.deps, id, file);
    ids.push(id);
  }
  const reel = await api("POST", "/v1/reels", { brand_id: brand.id, submission_ids: ids, mode: "manual" });
  reelId = reel.id;
  const w = media.speechWords;
  // "the team made everything simple." from the first; "customers noticed the difference" from the second.
  const clips = [
    { submission_id: ids[0], start_ms: w[1]!.start_ms, end_ms: w[5]!.end_ms },
    { submission_id: ids[1], start_ms: w[7]!.start_ms, end_ms: w[10]!.end_ms },
  ];
  await api("PUT", `/v1/reels/${reelId}/clips`, { clips });
  for (const c of clips) spans.push([c.start_ms / 1000, c.end_ms / 1000]);
  browser = await launchChromium(["--autoplay-policy=no-user-gesture-required"]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openEditor(): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const problems: string[] = [];
  page.on("pageerror", (e) => problems.push(e.message));
  page.on("console", (m) => m.type() === "error" && problems.push(m.text()));
  await signInAs(page, server.url, server.owner);
  await page.getByRole("navigation", { name: "Main" }).waitFor();
  // The sign-in page's own "who is signed in?" answered 401 before signing in: only what follows counts.
  problems.length = 0;
  await page.goto(`${server.url}/app/reels/${reelId}`);
  await page
    .getByRole("heading", { name: "The whole reel" })
    .waitFor()
    .catch(async (e) => {
      await page.screenshot({ path: "/tmp/i29-resp-reel-editor-problem.png", fullPage: true });
      throw e;
    });
  return { page, problems };
}

describe("the reel editor plays", () => {
  test("a clip's span in place: its time moves from the clip's start to its end, and stops there", async () => {
    const { page, problems } = await openEditor();
    const video = page.locator(".clip-preview video").first();
    await video.evaluate((el: HTMLVideoElement) =>
      el.readyState >= 1 ? null : new Promise((r) => el.addEventListener("loadedmetadata", r, { once: true })),
    );
    const [start, end] = spans[0]!;
    // Before playing, it shows the span's first frame.
    await page.waitForFunction(
      (s) => Math.abs(document.querySelector<HTMLVideoElement>(".clip-preview video")!.currentTime - s) < 0.05,
      start,
    );
    await page.getByRole("button", { name: "Play Clip 1" }).click();
    const seen = await page.evaluate(async ([s, e]) => {
      const el = document.querySelector<HTMLVideoElement>(".clip-preview video")!;
      const times: number[] = [];
      const until = Date.now() + 15_000;
      while (Date.now() < until) {
        times.push(el.currentTime);
        if (times.length > 3 && el.paused) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      return { times, paused: el.paused, at: el.currentTime, s, e };
    }, spans[0]!);
    const moving = seen.times.filter((t) => t > start + 0.05);
    expect(moving.length).toBeGreaterThan(10);
    for (const t of seen.times) {
      expect(t).toBeGreaterThanOrEqual(start - 0.05);
      expect(t).toBeLessThanOrEqual(end + 0.15);
    }
    // Time only moves forward while it plays.
    for (let i = 1; i < seen.times.length; i++) expect(seen.times[i]!).toBeGreaterThanOrEqual(seen.times[i - 1]!);
    expect(seen.paused).toBe(true);
    expect(seen.at).toBeGreaterThan(end - 0.1);
    await page.getByRole("button", { name: "Play Clip 1" }).waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  }, 60_000);

  test("the whole cut: clip after clip in play order in one player, each within its span", async () => {
    const { page, problems } = await openEditor();
    // What the player shows every 40 ms while a clip plays, until the reel is over.
    const sampled = page.evaluate(async () => {
      const el = document.querySelector<HTMLVideoElement>(".sequence-media")!;
      const out: { t: number; clip: string; src: string }[] = [];
      const until = Date.now() + 25_000;
      let started = false;
      while (Date.now() < until) {
        if (!el.paused && el.dataset.clip !== "") {
          started = true;
          out.push({ t: el.currentTime, clip: el.dataset.clip!, src: el.currentSrc });
        }
        if (started && el.dataset.clip === "") break;
        await new Promise((r) => setTimeout(r, 40));
      }
      return out;
    });
    await page.getByRole("button", { name: /^▶ Play the whole reel/ }).click();
    await page.waitForFunction(() => document.querySelector<HTMLVideoElement>(".sequence-media")!.dataset.clip === "1");
    await page.getByText(/^Clip 2 of 2 · Sid Speaker: “customers noticed the difference/).waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: "/tmp/i29-resp-reel-editor.png", fullPage: true });
    const all = await sampled;
    expect([...new Set(all.map((s) => s.clip))]).toEqual(["0", "1"]);
    for (const clip of ["0", "1"]) {
      const times = all.filter((s) => s.clip === clip).map((s) => s.t);
      const [start, end] = spans[Number(clip)]!;
      expect(times.length, `clip ${clip} was seen playing`).toBeGreaterThan(10);
      for (const t of times) {
        expect(t, `clip ${clip} at ${t}`).toBeGreaterThanOrEqual(start - 0.05);
        expect(t, `clip ${clip} at ${t}`).toBeLessThanOrEqual(end + 0.15);
      }
      // It moved through the span, not stood at one place.
      expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan((end - start) * 0.6);
    }
    // Two recordings: the one player changed its source between the clips.
    expect(new Set(all.map((s) => s.src.split("?")[0])).size).toBe(2);
    // Over: the button offers to play it again.
    await page.getByRole("button", { name: /^▶ Play the whole reel/ }).waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  }, 90_000);
});
