/**
 * Trim and cover on `dist/plaudit`, through the dashboard (issue 26): a published video testimonial with a real H.264
 * recording and timed words is opened in the inbox, trimmed with the editor (edges typed, snapped to words) and
 * given a cover frame from the filmstrip; Save shows the job's progress until the copies are made. Then its public
 * copy on the CDN lasts the trimmed length (ffprobe, within two frames) and its public poster is the chosen
 * filmstrip frame (mean pixel difference: small, and clearly smaller than to any other frame of the strip). Screenshot of the editor at 1440
 * wide: /tmp/i26-trim-cover-editor.png (and once saved: /tmp/i26-trim-cover-saved.png).
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import type { Browser } from "playwright-core";
import { launchChromium, signInAs, visit } from "../helpers/browser";
import { startServer, type RunningServer } from "../helpers/server";
import { storeRealRecording } from "../helpers/real-recording";
import { ensureMediaFixtures } from "../fixtures/media/make-fixtures";

const CONSENT = "I agree that Acme may publish my testimonial.";
const SHOT = "/tmp/i26-trim-cover-editor.png";

let server: RunningServer;
let browser: Browser;
let key = "";
let id = "";
const media = ensureMediaFixtures();
const W = media.speechWords;
const work = mkdtempSync(join(tmpdir(), "trim-cover-"));

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

/** Polls the testimonial until `done` holds (or fails after `ms`). */
async function until(done: (d: any) => boolean, ms = 120_000): Promise<any> {
  const end = Date.now() + ms;
  for (;;) {
    const d = await api("GET", `/v1/submissions/${id}`);
    if (done(d)) return d;
    if (Date.now() > end) throw new Error(`gave up waiting: ${JSON.stringify({ edit: d.edit, pm: d.public_media })}`);
    await Bun.sleep(500);
  }
}

/** Downloads `url` (with the API key when it is an API address) to a file; returns its path. */
async function download(url: string, name: string): Promise<string> {
  const res = await fetch(url, { headers: url.includes("/v1/") ? { authorization: `Bearer ${key}` } : {} });
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  const file = join(work, name);
  writeFileSync(file, new Uint8Array(await res.arrayBuffer()));
  return file;
}

/** ffprobe's duration of a file, in milliseconds. */
function probeMs(file: string): number {
  const p = Bun.spawnSync(["ffprobe", "-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", file]);
  return Math.round(Number(p.stdout.toString().trim()) * 1000);
}

/** Mean absolute difference (0–255) of two images scaled to the same small greyscale picture. */
async function meanDiff(a: string, b: string): Promise<number> {
  const small = (f: string) => sharp(f).resize(160, 90, { fit: "fill" }).greyscale().raw().toBuffer();
  const [x, y] = await Promise.all([small(a), small(b)]);
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += Math.abs(x[i]! - y[i]!);
  return sum / x.length;
}

beforeAll(async () => {
  server = await startServer();
  key = await server.createKey("live");
  const brand = (await api("GET", "/v1/brands")).data[0];
  const link = await api("POST", `/v1/brands/${brand.id}/links`, {
    title: "Tell us",
    prompts: [{ text: "How was it?" }],
    consent_text: CONSENT,
    consent_version: "2026-11-01",
  });
  const res = await fetch(`${server.url}/public/links/${link.id}/submissions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      kind: "video",
      respondent: { name: "Vera Video" },
      consent: { agreed: true, text: CONSENT, version: "2026-11-01" },
      upload: { size: 100, type: "video/mp4" },
    }),
  });
  id = ((await res.json()) as any).submission_id;
  await storeRealRecording(server.deps, id);
  await api("POST", `/v1/submissions/${id}/approve`, { publish: true });
  await until((d) => !!d.public_media?.video_url);
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test("a video is trimmed and given a cover in the dashboard; its public copy and poster follow", async () => {
  const before = await api("GET", `/v1/submissions/${id}`);
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  const problems: string[] = [];
  page.on("pageerror", (e) => problems.push(e.message));
  await signInAs(page, server.url, server.owner);
  await page.getByRole("navigation", { name: "Main" }).waitFor();
  await visit(page, `${server.url}/app/inbox/${id}`);
  await page.getByRole("button", { name: "Edit trim and cover" }).click();
  // Asked 1.7 s (inside "the") to 9.2 s: kept from "team" (1.56 s) to the end of "week!" (9.13 s).
  await page.getByLabel("Start (s)").fill("1.7");
  await page.getByLabel("Start (s)").press("Tab");
  await page.getByLabel("End (s)").fill("9.2");
  await page.getByLabel("End (s)").press("Tab");
  await page.getByText("Kept, snapped to whole words: 0:01.6 to 0:09.1").waitFor();
  const frames = page.locator(".filmstrip-frame");
  await frames.nth(11).locator("img").waitFor();
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLImageElement>(".filmstrip-frame img")].every((i) => i.complete && i.naturalWidth),
  );
  // The sixth frame (at 6.2 s) lies inside the part kept; the first and last are outside and cannot be chosen.
  expect(await frames.nth(0).isDisabled()).toBe(true);
  expect(await frames.nth(11).isDisabled()).toBe(true);
  await frames.nth(5).click();
  await page.getByText(/^Cover frame at 0:06\.2/).waitFor();
  await page.locator(".trim-cover").scrollIntoViewIfNeeded();
  await page.screenshot({ path: SHOT, fullPage: true });
  await page.getByRole("button", { name: "Save trim and cover" }).click();
  await page.getByText(/Making the trimmed copy and the cover… \d+%/).waitFor();
  await page.getByText(/Kept 0:01\.6–0:09\.1/).waitFor({ timeout: 120_000 });
  // The public preview shows the words inside the trim.
  await page.locator(".preview-text", { hasText: /^“team made everything simple\./ }).waitFor();
  await page.screenshot({ path: "/tmp/i26-trim-cover-saved.png", fullPage: true });
  expect(problems).toEqual([]);

  const strip = await api("GET", `/v1/submissions/${id}/filmstrip`);
  const chosen = strip.frames[5];
  const d = await until(
    (x) =>
      x.edit?.state === "ready" &&
      !!x.public_media?.video_url &&
      x.public_media.video_url !== before.public_media.video_url,
  );
  expect(d.edit.applied_trim).toEqual({ start_ms: W[2]!.start_ms, end_ms: W[13]!.end_ms });
  expect(d.edit.applied_cover_ms).toBe(chosen.time_ms);
  // The public copy lasts the trimmed length as ffprobe sees it, within two frames (30 fps).
  const video = await download(d.public_media.video_url, "public.mp4");
  expect(Math.abs(probeMs(video) - (W[13]!.end_ms - W[2]!.start_ms))).toBeLessThanOrEqual(67);
  // The original is kept whole.
  expect(probeMs(join(server.dataDir, "media", `submissions/${id}/video.mp4`))).toBeGreaterThan(13_000);
  // The public poster is the chosen frame: close to it, and clearly closer to it than to any other frame of the strip.
  const poster = await download(d.public_media.poster_url, "poster.jpg");
  const diffs: number[] = [];
  for (const f of strip.frames) diffs.push(await meanDiff(poster, await download(f.url, `frame${f.index}.jpg`)));
  console.log(`poster vs filmstrip frames: ${diffs.map((x) => x.toFixed(2)).join(" ")}`);
  const same = diffs[5]!;
  const nearestOther = Math.min(...diffs.filter((_, i) => i !== 5));
  expect(same).toBeLessThan(4);
  expect(same * 1.3).toBeLessThan(nearestOther);
  await context.close();
}, 300_000);
