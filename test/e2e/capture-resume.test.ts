/**
 * Leaving mid-upload loses nothing (issue 16): in Chromium with the fake camera, a respondent records a video, adds a
 * photo and sends; the upload stops after its first chunk (the send answer's chunk size is made small and every later
 * PATCH fails, as on a dead mobile connection) and the tab is closed. Opening the link again in the
 * same browser says the video did not finish sending and offers to finish or discard it; finishing sends only the
 * rest (HEAD, then PATCH from the server's offset), the photo after it, shows the thank-you screen, and leaves
 * nothing in the browser. Through the API: exactly one testimonial, processed, with the recorded length and size,
 * the photo, and `upload: null`. An upload the server has removed meanwhile is said to be lost and the person can
 * record again; Discard removes the recording from the device and the unfinished testimonial from the server at
 * once; without IndexedDB (some private windows) sending still works, only without resuming.
 * Screenshots (390x844): /tmp/capture-resume.png, /tmp/capture-resume-sending.png, /tmp/capture-resume-lost.png.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchChromium } from "../helpers/browser";
import { startServer, type RunningServer } from "../helpers/server";
import { fillAndSend, openCapturePage, previewSeconds, record, sentId, stepTo } from "../helpers/capture-page";
import { ensureMediaFixtures } from "../fixtures/media/make-fixtures";
import { FACE_PORTRAIT } from "../fixtures/media/speaker-video";
import { uploads } from "../../src/domains/submissions";
import { expireUploads } from "../../src/domains/capture/expiry";

const CONSENT = "I agree that Acme may publish my words, name, photo and recording on its website.";
/** Chunk size the test gives the page, so a short recording goes in several PATCHes. */
const CHUNK = 64 * 1024;
const PROCESSING_MS = 90_000;

let server: RunningServer;
let browser: Browser;
let key = "";

async function api(method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as any };
}

async function makeLink(title: string, settings: Record<string, unknown> = {}) {
  const brand = (await api("GET", "/v1/brands")).body.data[0].id;
  const r = await api("POST", `/v1/brands/${brand}/links`, {
    title,
    prompts: [{ text: "What changed for your team after you started with Acme?", max_seconds: 30 }],
    consent_text: CONSENT,
    consent_version: "2026-11-01",
    accepts: ["video", "audio", "text"],
    ...settings,
  });
  expect(r.status).toBe(201);
  return r.body as { id: string; url: string };
}

/** The testimonials of a link, newest first. */
const ofLink = async (linkId: string) =>
  ((await api("GET", "/v1/submissions?limit=50")).body.data as any[]).filter((s) => s.link_id === linkId);

/** Polls the testimonial until processing ends (ready or failed) or the time is up. */
async function processed(id: string) {
  const until = Date.now() + PROCESSING_MS;
  for (;;) {
    const r = await api("GET", `/v1/submissions/${id}`);
    expect(r.status).toBe(200);
    if (r.body.status === "ready" || r.body.status === "failed" || Date.now() > until) return r.body;
    await Bun.sleep(500);
  }
}

/** How many recordings the page keeps in IndexedDB (0 when it never opened its database). */
const kept = (page: Page) =>
  page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((d) => d.name === "plaudit-capture")) return 0;
    return new Promise<number>((resolve, reject) => {
      const open = indexedDB.open("plaudit-capture");
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        const count = db.transaction("pending").objectStore("pending").count();
        count.onsuccess = () => {
          db.close();
          resolve(count.result);
        };
      };
    });
  });

/**
 * Records a video on `url`, sends it, and closes the tab once the first chunk is in and the second hangs.
 * Returns the context (the same browser profile, for reopening) and what was recorded.
 */
async function sendAndLeave(url: string, name: string, opts: { photo?: boolean } = {}) {
  const { page, context, problems } = await openCapturePage(browser, server.url);
  let bytes = 0;
  await page.route("**/public/links/*/submissions", async (route) => {
    bytes = route.request().postDataJSON().upload.size;
    const res = await route.fetch();
    const json = await res.json();
    if (json.upload) json.upload.chunk_bytes = CHUNK;
    await route.fulfill({ response: res, json });
  });
  let patches = 0;
  let stalled!: () => void;
  const stall = new Promise<void>((r) => (stalled = r));
  await page.route("**/public/uploads/**", async (route) => {
    // After the first chunk the connection fails (every retry too): no request is left in flight when the tab
    // closes, so the server holds whole chunks only (one, or two when the first went with the creation request).
    if (route.request().method() === "PATCH" && ++patches > 1) {
      stalled();
      return route.abort("connectionfailed");
    }
    await route.continue();
  });
  await page.goto(url);
  await page.getByRole("radio", { name: /^Video/ }).check();
  await record(page, 3500);
  const seconds = await previewSeconds(page);
  if (opts.photo) {
    // The photo is asked for with the name, on the "About you" step.
    expect(await stepTo(page, page.getByLabel("Your photo or company logo"))).toBe(true);
    await page.getByLabel("Your photo or company logo").setInputFiles(FACE_PORTRAIT);
    await page.getByRole("img", { name: "Your photo, as it will appear" }).waitFor();
  }
  await fillAndSend(page, name);
  await stall;
  // The recording's size as the page declared it; the upload's length and the bytes received are checked against it.
  expect(bytes).toBeGreaterThan(2 * CHUNK);
  await page.getByRole("progressbar").waitFor();
  expect(await kept(page)).toBe(1);
  await page.close();
  // Chromium logs the failed requests; nothing else may go wrong.
  expect(problems.filter((p) => !p.includes("ERR_CONNECTION_FAILED"))).toEqual([]);
  return { context, seconds, bytes };
}

/**
 * A new tab in the same browser profile, collecting problems, the upload requests with their offsets, and the
 * server's answers on the upload address: the offset it reported to the page's `HEAD` (where a resumed upload learns
 * where to go on from) and the status and new offset of each PATCH.
 */
async function reopen(context: BrowserContext, url: string) {
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const problems: string[] = [];
  const requests: string[] = [];
  const serverOffsets: number[] = [];
  const patchAnswers: string[] = [];
  page.on("response", (r) => {
    if (!r.url().includes("/public/uploads/")) return;
    const method = r.request().method();
    if (method === "HEAD") serverOffsets.push(Number(r.headers()["upload-offset"]));
    if (method === "PATCH")
      patchAnswers.push(`${r.status()} @${r.request().headers()["upload-offset"]} -> ${r.headers()["upload-offset"]}`);
  });
  page.on("console", (m) => m.type() === "error" && problems.push(`console: ${m.text()}`));
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("request", (r) => {
    const path = new URL(r.url()).pathname;
    if (r.method() === "GET" || r.method() === "OPTIONS") return;
    requests.push(`${r.method()} ${path}${r.method() === "PATCH" ? ` @${r.headers()["upload-offset"]}` : ""}`);
  });
  await page.goto(url);
  return { page, problems, requests, serverOffsets, patchAnswers };
}

beforeAll(async () => {
  const media = ensureMediaFixtures();
  server = await startServer();
  key = await server.createKey("live");
  browser = await launchChromium([
    "--use-fake-ui-for-media-stream",
    "--use-fake-device-for-media-stream",
    `--use-file-for-fake-video-capture=${media.fakeCameraY4m}`,
    `--use-file-for-fake-audio-capture=${media.fakeMicWav}`,
  ]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("closing the tab mid-upload", () => {
  test("reopening the link finishes the same recording from where it stopped: one testimonial, processed", async () => {
    const link = await makeLink("Tell us about Acme", { collect_photo: true });
    const { context, seconds, bytes } = await sendAndLeave(link.url, "Rita Resume", { photo: true });

    // The inbox sees an unfinished upload: whole chunks of the recording (usually one; Chromium may have sent a second
    // before the first failure), never all of it.
    const before = await ofLink(link.id);
    expect(before).toHaveLength(1);
    expect(before[0]).toMatchObject({ status: "uploading", upload: { total_bytes: bytes } });
    const received: number = before[0].upload.received_bytes;
    expect(received).toBeGreaterThan(0);
    expect(received % CHUNK).toBe(0);
    expect(received).toBeLessThan(bytes);

    const { page, problems, requests, serverOffsets, patchAnswers } = await reopen(context, link.url);
    const prompt = page.getByRole("heading", { name: /^Your video from .+ didn't finish sending$/ });
    await prompt.waitFor();
    await page.getByText("It is still on this device. Finish sending it now, or discard it and start again.").waitFor();
    await page.getByRole("button", { name: "Discard" }).waitFor();
    expect(await page.getByRole("button", { name: "Send my testimonial" }).count()).toBe(0);
    expect(await page.getByLabel("Your video", { exact: true }).evaluate((v: HTMLVideoElement) => v.src)).toStartWith(
      "blob:",
    );
    await page.screenshot({ path: "/tmp/capture-resume.png", fullPage: true });

    // The first resumed PATCH is held until the test has seen the progress, so "sending" is on screen however fast
    // (or slow) the machine is.
    let seen!: () => void;
    const progressSeen = new Promise<void>((r) => (seen = r));
    await page.route("**/public/uploads/**", async (route) => {
      if (route.request().method() === "PATCH") await progressSeen;
      await route.continue();
    });
    await page.getByRole("button", { name: "Finish sending" }).click();
    await page.getByRole("progressbar").waitFor();
    await page.getByRole("button", { name: "Sending…" }).waitFor();
    expect(await page.getByRole("button", { name: "Discard" }).count()).toBe(0);
    await page.screenshot({ path: "/tmp/capture-resume-sending.png", fullPage: true });
    seen();
    const id = await sentId(page, "Rita Resume");
    expect(id).toBe(before[0].id);
    await page.getByRole("img", { name: "Your photo" }).waitFor();
    // No second testimonial: the rest of the same upload, then the photo. However many chunks were in when the tab
    // closed (a chunk still being written then may have landed since, so never less than the inbox saw), the page
    // asked the server (HEAD) and went on from the offset it answered: whole chunks, each one accepted at the offset
    // the server expected (tus refuses any other with 409), up to the last byte.
    expect(requests.some((r) => r.endsWith("/submissions"))).toBe(false);
    const resumedAt = serverOffsets[0]!;
    expect(resumedAt).toBeGreaterThanOrEqual(received);
    expect(resumedAt % CHUNK).toBe(0);
    expect(resumedAt).toBeLessThan(bytes);
    const expected: string[] = [];
    for (let at = resumedAt; at < bytes; at += CHUNK) expected.push(`204 @${at} -> ${Math.min(at + CHUNK, bytes)}`);
    expect(patchAnswers).toEqual(expected);
    expect(requests.filter((r) => r.startsWith("PATCH"))[0]).toEndWith(`@${resumedAt}`);
    expect(requests.some((r) => r === `POST /public/submissions/${id}/photo`)).toBe(true);
    expect(await kept(page)).toBe(0);

    const detail = await processed(id);
    expect(detail.status, `processing ended as ${detail.status}: ${detail.failure_reason}`).toBe("ready");
    expect(detail).toMatchObject({ kind: "video", respondent_name: "Rita Resume", has_photo: true, upload: null });
    expect(Math.abs(detail.duration_ms - seconds * 1000) / (seconds * 1000)).toBeLessThanOrEqual(0.05);
    const upload = server.deps.db.select().from(uploads).where(eq(uploads.submissionId, id)).get()!;
    expect(upload).toMatchObject({ status: "complete", length: bytes });
    const after = await ofLink(link.id);
    expect(after.map((s) => s.id)).toEqual([id]);
    expect(after[0].upload).toBeNull();
    // Reopening once more shows the plain form (its first step, on a phone): nothing is left to finish.
    await page.reload();
    await page.getByRole("radio", { name: /^Video/ }).waitFor();
    expect(await page.getByRole("heading", { name: /didn't finish sending/ }).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  }, 240_000);

  test("an upload the server removed meanwhile: said plainly, gone from the device, record again", async () => {
    const link = await makeLink("Removed meanwhile");
    const { context } = await sendAndLeave(link.url, "Lou Lost");
    const [row] = await ofLink(link.id);
    // What the hourly expiry job does once the upload address has run out.
    server.deps.db
      .update(uploads)
      .set({ expiresAt: Date.now() - 1 })
      .where(eq(uploads.submissionId, row.id))
      .run();
    expect(expireUploads(server.deps)).toBe(1);

    const { page, problems } = await reopen(context, link.url);
    await page.getByRole("button", { name: "Finish sending" }).click();
    await page.getByRole("heading", { name: "Your video could not be finished" }).waitFor();
    await page
      .getByRole("main")
      .getByText("the time to finish it has run out. It has been removed from this device.")
      .waitFor();
    expect(await kept(page)).toBe(0);
    await page.screenshot({ path: "/tmp/capture-resume-lost.png", fullPage: true });
    await page.getByRole("button", { name: "Record again" }).click();
    await page.getByRole("radio", { name: /^Video/ }).check();
    await page.getByRole("button", { name: "Start recording" }).waitFor();
    expect(await ofLink(link.id)).toEqual([]);
    // Chromium logs the refused HEAD; nothing else may go wrong.
    expect(problems.filter((p) => !p.includes("404"))).toEqual([]);
    await context.close();
  }, 120_000);

  test("Discard removes the recording from the device and the unfinished testimonial from the server", async () => {
    const link = await makeLink("Discarded");
    const { context } = await sendAndLeave(link.url, "Dan Discard");
    const [row] = await ofLink(link.id);
    const upload = server.deps.db.select().from(uploads).where(eq(uploads.submissionId, row.id)).get()!;
    const part = server.deps.storage.partSize(`uploads/${upload.id}.part`);
    expect(part).toBeGreaterThan(0);
    expect(part! % CHUNK).toBe(0);

    const { page, problems, requests } = await reopen(context, link.url);
    await page.getByRole("button", { name: "Discard" }).click();
    await page.getByRole("radio", { name: /^Video/ }).waitFor();
    expect(await kept(page)).toBe(0);
    const until = Date.now() + 10_000;
    while ((await ofLink(link.id)).length && Date.now() < until) await Bun.sleep(200);
    expect(await ofLink(link.id)).toEqual([]);
    expect(requests.filter((r) => r.startsWith("DELETE /public/uploads/"))).toHaveLength(1);
    expect(server.deps.storage.partSize(`uploads/${upload.id}.part`)).toBeNull();
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});

describe("without IndexedDB", () => {
  test("sending works as before, only without resuming", async () => {
    const link = await makeLink("No storage");
    const { page, context, problems } = await openCapturePage(browser, server.url);
    await page.addInitScript(() => Object.defineProperty(window, "indexedDB", { value: undefined }));
    await page.goto(link.url);
    await page.getByRole("radio", { name: /^Audio only/ }).check();
    await record(page, 1500);
    await fillAndSend(page, "Nia Nostore");
    const id = await sentId(page, "Nia Nostore");
    expect((await api("GET", `/v1/submissions/${id}`)).body.status).not.toBe("uploading");
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);
});
