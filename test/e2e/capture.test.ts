/**
 * The capture page in Chromium with a fake camera and microphone (espeak-ng speech from the media fixtures)
 * against the real server and its job workers: record a video, retake, send, and the testimonial becomes
 * `ready` with a poster, a duration within 5% of the recording and a timed transcript; the same for audio only
 * (through a dropped connection that resumes) and for a written answer; a name with a hidden direction override is
 * refused beside its field and nothing is sent; a paused link shows why and no form;
 * axe-core finds no serious or critical problems. Screenshot: /tmp/capture-phone.png (390x844).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type Browser } from "playwright-core";
import { launchChromium, axeBuilder } from "../helpers/browser";
import { startServer, type RunningServer } from "../helpers/server";
import { fillAndSend, next, openCapturePage, previewSeconds, record, sentId, stepTo } from "../helpers/capture-page";
import { ensureFirstSentence, ensureMediaFixtures } from "../fixtures/media/make-fixtures";
import { createApiKey } from "../../src/domains/accounts";
import { systemCtx, type Mode } from "../../src/platform/context";
import { unitOfWork } from "../../src/platform/db/unit-of-work";

const CONSENT =
  "I agree that Acme may publish my words, name, likeness and recording on its website and social media.\nI can ask for it to be removed at any time.";
const PROCESSING_MS = 90_000;

let server: RunningServer;
let browser: Browser;
const keys: Record<Mode, string> = { live: "", test: "" };
const links: Record<"test" | "live" | "paused", { id: string; url: string }> = {} as never;

async function api(mode: Mode, method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${keys[mode]}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as any };
}

async function makeLink(mode: Mode, title: string) {
  const brand = (await api(mode, "GET", "/v1/brands")).body.data[0].id;
  const r = await api(mode, "POST", `/v1/brands/${brand}/links`, {
    title,
    prompts: [
      { text: "What changed for your team after you started with Acme?", max_seconds: 30 },
      { text: "Would you recommend us?", max_seconds: 20 },
    ],
    consent_text: CONSENT,
    consent_version: "2026-11-01",
  });
  expect(r.status).toBe(201);
  return r.body as { id: string; url: string };
}

beforeAll(async () => {
  const media = ensureMediaFixtures();
  server = await startServer();
  for (const mode of ["live", "test"] as const)
    keys[mode] = unitOfWork(server.deps, systemCtx(server.orgId, mode, server.deps.clock), (tx) =>
      createApiKey(tx, {
        mode,
        scopes: [],
      }),
    ).secret;
  links.test = await makeLink("test", "Tell us about Acme");
  links.live = await makeLink("live", "Tell us about Acme");
  links.paused = await makeLink("live", "Paused page");
  expect((await api("live", "PATCH", `/v1/links/${links.paused.id}`, { is_active: false })).status).toBe(200);
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

/** A fresh phone-sized tab on the server's origin. */
const openPage = (viewport?: { width: number; height: number }) => openCapturePage(browser, server.url, viewport);

/** Polls the testimonial until processing ends (ready or failed) or the time is up. */
async function processed(mode: Mode, id: string) {
  const until = Date.now() + PROCESSING_MS;
  for (;;) {
    const r = await api(mode, "GET", `/v1/submissions/${id}`);
    expect(r.status).toBe(200);
    if (r.body.status === "ready" || r.body.status === "failed" || Date.now() > until) return r.body;
    await Bun.sleep(500);
  }
}

function expectTimedTranscript(detail: any, recordedMs: number) {
  expect(detail.transcript).not.toBeNull();
  const words = detail.transcript.words as { text: string; start_ms: number; end_ms: number }[];
  expect(words.length).toBeGreaterThan(0);
  for (const w of words) {
    expect(typeof w.text).toBe("string");
    expect(w.start_ms).toBeGreaterThanOrEqual(0);
    expect(w.end_ms).toBeGreaterThan(w.start_ms);
    expect(w.end_ms).toBeLessThanOrEqual(recordedMs + 250);
  }
}

describe("serving", () => {
  test("the page has a strict CSP, camera/microphone permission for itself, immutable assets; an unknown link is 404", async () => {
    const res = await fetch(`${server.url}/c/${links.test.id}`);
    expect(res.status).toBe(200);
    const csp = res.headers.get("content-security-policy") ?? "";
    for (const part of [
      "default-src 'self'",
      "media-src 'self' blob: data:",
      "frame-ancestors 'none'",
      "style-src 'self' 'unsafe-inline'",
      "connect-src 'self'",
    ])
      expect(csp).toContain(part);
    expect(res.headers.get("permissions-policy")).toContain("camera=(self), microphone=(self)");
    const html = await res.text();
    expect(html).toContain('<base href="/c/assets/">');
    expect(html).toContain('name="plaudit-config"');
    const script = /src="\.\/([^"]+\.js)"/.exec(html)?.[1];
    const asset = await fetch(`${server.url}/c/assets/${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await fetch(`${server.url}/c/assets/nope.js`)).status).toBe(404);
    expect(links.test.url).toBe(`${server.url}/c/${links.test.id}`);

    const missing = await fetch(`${server.url}/c/lnk_does_not_exist`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toContain("text/html");
  });
});

describe("answering", () => {
  test("video: record, retake, preview, send; ready with a poster, the recorded length and a timed transcript", async () => {
    const { page, problems, sent } = await openPage();
    await page.goto(links.test.url);
    await page.getByRole("heading", { name: "Tell us about Acme", level: 1 }).waitFor();
    await page.getByText("Test mode", { exact: true }).waitFor();
    expect(await page.locator("img.logo").getAttribute("src")).toContain("/cdn/");

    // Two questions are answered in turn within one recording (test/e2e/capture-settings.test.ts walks through them).
    await page.getByRole("heading", { name: "The 2 questions" }).waitFor();
    await page.getByRole("radio", { name: /^Video/ }).check();
    await record(page, 2500);
    await page.getByRole("button", { name: "Record again" }).click();
    const most = await record(page, 3500);
    const seconds = await previewSeconds(page);
    // The new take: at least the time it was recorded for, at most the time between Start and Stop (with a frame
    // or two of container rounding).
    expect(seconds).toBeGreaterThan(3);
    expect(seconds * 1000).toBeLessThanOrEqual(most + 100);
    // Playback works, and nothing left the browser yet.
    const played = await page.getByTestId("preview").evaluate(async (el: HTMLVideoElement) => {
      el.muted = true;
      await el.play();
      // Until the playback has moved (or 10 s).
      const until = Date.now() + 10_000;
      while (el.currentTime === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      el.pause();
      return el.currentTime;
    });
    expect(played).toBeGreaterThan(0);
    expect(sent).toEqual([]);

    // On a phone the form is steps: the recording's own, then About you, then the stars, permission and Send.
    expect(await page.locator(".step-count").textContent()).toBe("Step 2 of 4");
    expect(await stepTo(page, page.getByLabel("Your name"))).toBe(true);
    await page.getByRole("heading", { name: "About you" }).waitFor();
    await page.getByLabel("Your name").fill("Vera Video");
    await page.getByLabel("Email").fill("vera@example.com");
    await page.getByLabel("Job title").fill("Head of Operations");
    await page.getByLabel("Company").fill("Buyer Inc");
    expect(await stepTo(page, page.getByLabel("I have read this and I agree."))).toBe(true);
    await page.getByRole("radio", { name: "4 stars" }).check();
    await page.getByLabel("I have read this and I agree.").check();
    await page.screenshot({ path: "/tmp/capture-phone.png", fullPage: true });
    await page.getByRole("button", { name: "Send my testimonial" }).click();
    const id = await sentId(page, "Vera Video");
    expect(sent.filter((s) => s.endsWith("/submissions"))).toHaveLength(1);
    expect(sent.some((s) => s.startsWith("PATCH /public/uploads/"))).toBe(true);

    const detail = await processed("test", id);
    expect(detail).toMatchObject({
      kind: "video",
      respondent_name: "Vera Video",
      respondent_email: "vera@example.com",
      respondent_title: "Head of Operations",
      rating: 4,
      mode: "test",
    });
    expect(detail.consent).toMatchObject({ text: CONSENT, version: "2026-11-01" });
    expect(detail.status, `processing ended as ${detail.status}: ${detail.failure_reason}`).toBe("ready");
    expect(detail.media.poster?.url).toBeTruthy();
    expect(Math.abs(detail.duration_ms - seconds * 1000) / (seconds * 1000)).toBeLessThanOrEqual(0.05);
    expectTimedTranscript(detail, detail.duration_ms);
    expect(problems).toEqual([]);
  }, 180_000);

  test("audio only, through a dropped connection: the upload resumes by itself; ready with the recorded length and a transcript", async () => {
    const { page, context, problems, sent } = await openPage();
    await page.goto(links.live.url);
    await page.getByRole("heading", { name: "Tell us about Acme", level: 1 }).waitFor();
    expect(await page.getByText("Test mode", { exact: true }).count()).toBe(0);
    await page.getByRole("radio", { name: /^Audio only/ }).check();
    await record(page, 3500);
    const seconds = await previewSeconds(page);

    // The first upload request dies with the network; the page waits, then carries on when it is back.
    let dropped = false;
    await page.route("**/public/uploads/**", async (route) => {
      if (!dropped && route.request().method() === "PATCH") {
        dropped = true;
        await context.setOffline(true);
        return route.abort("internetdisconnected");
      }
      return route.continue();
    });
    await fillAndSend(page, "Ada Audio");
    await page.getByRole("main").getByText("The connection dropped.").waitFor();
    await context.setOffline(false);
    const id = await sentId(page, "Ada Audio");
    expect(dropped).toBe(true);
    expect(sent.filter((s) => s.startsWith("PATCH")).length).toBeGreaterThanOrEqual(2);

    const detail = await processed("live", id);
    expect(detail).toMatchObject({ kind: "audio", respondent_name: "Ada Audio", mode: "live" });
    expect(detail.status, `processing ended as ${detail.status}: ${detail.failure_reason}`).toBe("ready");
    expect(detail.media.audio?.url).toBeTruthy();
    expect(Math.abs(detail.duration_ms - seconds * 1000) / (seconds * 1000)).toBeLessThanOrEqual(0.05);
    expectTimedTranscript(detail, detail.duration_ms);
    // Chromium logs the aborted request; nothing else may go wrong.
    expect(problems.filter((p) => !p.includes("ERR_INTERNET_DISCONNECTED"))).toEqual([]);
  }, 180_000);

  test("a file from the device: previewed, sent and processed like a recording", async () => {
    // The speech recording's first sentence (a 4 s MP4): the whole 13.6 s would only make processing longer.
    const media = ensureFirstSentence();
    const { page, problems } = await openPage();
    await page.goto(links.test.url);
    await page.getByRole("radio", { name: /^Video/ }).check();
    await page.getByLabel("Or upload a video or audio file from your device").setInputFiles(media.mp4);
    await page.getByRole("heading", { name: "Your file" }).waitFor();
    expect(await page.getByTestId("preview").getAttribute("src")).toStartWith("blob:");
    await fillAndSend(page, "Fia File");
    const id = await sentId(page, "Fia File");
    const detail = await processed("test", id);
    expect(detail.status, `processing ended as ${detail.status}: ${detail.failure_reason}`).toBe("ready");
    expect(detail.kind).toBe("video");
    expect(Math.abs(detail.duration_ms - media.durationMs) / media.durationMs).toBeLessThanOrEqual(0.05);
    expect(problems).toEqual([]);
  }, 150_000);

  test("written: the counter and the 20-character minimum, then ready at once", async () => {
    const { page, problems } = await openPage();
    await page.goto(links.test.url);
    await page.getByRole("radio", { name: /^Write/ }).check();
    const box = page.getByRole("textbox", { name: "Your answer" });
    await box.fill("Too short.");
    await page.getByText("10 characters · 10 more to reach 20").waitFor();
    await fillAndSend(page, "Wren Writer");
    await page.getByRole("main").getByText("Please write at least 20 characters.").waitFor();
    expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);

    const text = "Acme halved our onboarding time. The support team is wonderful.";
    await box.fill(text);
    await page.getByText(`${text.length} characters · enough to send`).waitFor();
    await fillAndSend(page, "Wren Writer");
    const id = await sentId(page, "Wren Writer");
    const detail = (await api("test", "GET", `/v1/submissions/${id}`)).body;
    expect(detail).toMatchObject({
      kind: "text",
      status: "ready",
      text_input: text,
      text_source: "typed",
      respondent_name: "Wren Writer",
    });
    expect(problems).toEqual([]);
  }, 60_000);

  test("nothing is sent without a name, an answer and the ticked box; each problem is shown by its field", async () => {
    const { page, sent } = await openPage();
    await page.goto(links.test.url);
    // Each step checks its own fields before the next opens.
    expect(await next(page)).toBe(false);
    await page.getByRole("main").getByText("Please choose how you would like to answer.").waitFor();
    await page.getByRole("radio", { name: /^Write/ }).press("Space");
    expect(await next(page)).toBe(true);
    expect(await next(page)).toBe(false);
    await page.getByRole("main").getByText("Please write at least 20 characters.").waitFor();
    await page.getByRole("textbox", { name: "Your answer" }).fill("Acme halved our onboarding time, truly.");
    expect(await next(page)).toBe(true);
    expect(await next(page)).toBe(false);
    await page.getByRole("main").getByText("Please enter your name.").waitFor();
    expect(await page.getByLabel("Your name").getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByLabel("Your name").evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByLabel("Your name").fill("Nell Nothing");
    expect(await next(page)).toBe(true);
    await page.getByRole("button", { name: "Send my testimonial" }).click();
    await page.getByRole("main").getByText("Please tick the box to agree before sending.").waitFor();
    // Back keeps what was given.
    await page.getByRole("button", { name: "Back" }).click();
    expect(await page.getByLabel("Your name").inputValue()).toBe("Nell Nothing");
    expect(sent).toEqual([]);
  }, 30_000);

  test("a name holding a hidden direction override is refused beside the name field, in plain words; nothing is sent or stored", async () => {
    const { page, sent, problems } = await openPage();
    await page.goto(links.test.url);
    await page.getByRole("radio", { name: /^Write/ }).check();
    await page.getByRole("textbox", { name: "Your answer" }).fill("Acme halved our onboarding time, truly.");
    // U+202E (right-to-left override) would show "Dana<override>moc.evil" as "Dana" followed by reversed text.
    const spoof = "Dana\u202emoc.live";
    await fillAndSend(page, spoof);
    const name = page.getByLabel("Your name");
    expect(await name.inputValue()).toBe(spoof);
    const error = page.locator("#name-error");
    await error.waitFor();
    expect(await error.textContent()).toBe(
      "Your name contains a hidden character that changes the direction text is shown in (U+202E). Please delete it, or type it again rather than pasting it.",
    );
    expect(await name.getAttribute("aria-invalid")).toBe("true");
    expect(await name.getAttribute("aria-describedby")).toContain("name-error");
    expect(await name.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(sent).toEqual([]);
    const stored = (await api("test", "GET", "/v1/submissions?limit=100")).body.data as { respondent_name: string }[];
    expect(stored.some((s) => s.respondent_name.includes("\u202e") || s.respondent_name.startsWith("Dana"))).toBe(
      false,
    );

    // Fixed, the same form sends.
    await fillAndSend(page, "Dana Clean");
    const id = await sentId(page, "Dana Clean");
    expect((await api("test", "GET", `/v1/submissions/${id}`)).body.respondent_name).toBe("Dana Clean");
    expect(problems).toEqual([]);
  }, 60_000);

  test("no camera: a plain explanation, then audio only works; refused microphone: write or upload instead", async () => {
    const { page, problems } = await openPage();
    // This device has a microphone but no camera; the second time, the microphone is refused as well.
    await page.addInitScript(() => {
      const real = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
      let calls = 0;
      navigator.mediaDevices.getUserMedia = (c?: MediaStreamConstraints) => {
        calls++;
        if (c?.video) return Promise.reject(new DOMException("Requested device not found", "NotFoundError"));
        if (calls > 2) return Promise.reject(new DOMException("Permission denied", "NotAllowedError"));
        return real(c);
      };
    });
    await page.goto(links.test.url);
    await page.getByRole("radio", { name: /^Video/ }).check();
    await page.getByRole("alert").filter({ hasText: "We could not find a camera on this device." }).waitFor();
    await page.getByRole("button", { name: "Record audio only" }).click();
    await page.getByRole("heading", { name: "Record your voice" }).waitFor();
    await record(page, 1500);
    await page.getByRole("button", { name: "Record again" }).click();
    await page.getByRole("alert").filter({ hasText: "did not allow us to use your microphone" }).waitFor();
    expect(await page.getByLabel("Or upload a video or audio file from your device").getAttribute("accept")).toBe(
      "video/*,audio/*",
    );
    await page.getByRole("button", { name: "Write instead" }).click();
    await page.getByRole("textbox", { name: "Your answer" }).waitFor();
    expect(problems).toEqual([]);
  }, 30_000);

  test("a paused link shows its message and no form", async () => {
    const { page, problems } = await openPage();
    const res = await page.goto(links.paused.url);
    expect(res?.status()).toBe(200);
    await page.getByText("This page is paused and is not taking testimonials").waitFor();
    expect(await page.getByRole("button", { name: "Send my testimonial" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Next" }).count()).toBe(0);
    expect(await page.locator("form, input, textarea").count()).toBe(0);
    expect(problems).toEqual([]);
  }, 30_000);
});

describe("accessibility", () => {
  test("axe-core finds no serious or critical problems (form, recorder, written answer, errors, closed page)", async () => {
    const { page } = await openPage();
    const check = async (state: string) => {
      const result = await axeBuilder(page).analyze();
      const bad = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(
        bad.map((v) => `${state}: ${v.id} ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
      ).toEqual([]);
    };
    await page.goto(links.test.url);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await check("form");
    await page.getByRole("radio", { name: /^Video/ }).check();
    await page.getByRole("button", { name: "Start recording" }).waitFor();
    await check("camera");
    await page.getByRole("button", { name: "Answer another way" }).click();
    await page.getByRole("radio", { name: /^Write/ }).check();
    await page.getByRole("textbox", { name: "Your answer" }).fill("Acme halved our onboarding time, truly.");
    await next(page);
    await next(page);
    await page.getByRole("main").getByText("Please enter your name.").waitFor();
    await check("errors");
    await page.goto(links.paused.url);
    await page.getByText("This page is paused and is not taking testimonials").waitFor();
    await check("closed");
  }, 60_000);
});
