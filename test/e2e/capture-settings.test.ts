/**
 * The capture page honouring a link's settings, in Chromium at 390×844 with the fake camera and microphone against
 * the real server and its workers: a link with a friendly address, two questions, video and text accepted, a rating,
 * a required choice question, a photo, welcome and thank-you words and a call to action. The respondent records one
 * video guided through both questions ("Question 1 of 2", "Next question", the time left on each), reviews it,
 * answers the question, adds a photo, consents and sends; the thank-you screen shows the brand, what was sent and the
 * button; the testimonial is processed with the answer and a square photo. A text-only link without a rating sends
 * people on to its redirect address; full, expired and test-mode addresses behave. Screenshots in /tmp/capture-settings-*.png.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type Browser } from "playwright-core";
import sharp from "sharp";
import { launchChromium, axeBuilder } from "../helpers/browser";
import { startServer, type RunningServer } from "../helpers/server";
import { fillAndSend, next, openCapturePage, previewSeconds, stepTo } from "../helpers/capture-page";
import { ensureMediaFixtures } from "../fixtures/media/make-fixtures";
import { FACE_PORTRAIT } from "../fixtures/media/speaker-video";
import { createApiKey } from "../../src/domains/accounts";
import { systemCtx, type Mode } from "../../src/platform/context";
import { unitOfWork } from "../../src/platform/db/unit-of-work";

const CONSENT = "I agree that Acme may publish my words, name, photo and recording on its website.";
const PROMPTS = [
  { text: "What was it like before you worked with Acme?", max_seconds: 20 },
  { text: "What changed after the project?", max_seconds: 20 },
];
const SHOT = (name: string) => `/tmp/capture-settings-${name}.png`;

let server: RunningServer;
let browser: Browser;
const keys: Record<Mode, string> = { live: "", test: "" };

async function api(mode: Mode, method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${keys[mode]}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as any };
}

async function makeLink(mode: Mode, settings: Record<string, unknown>) {
  const brand = (await api(mode, "GET", "/v1/brands")).body.data[0].id;
  const r = await api(mode, "POST", `/v1/brands/${brand}/links`, {
    title: "Tell us about Acme",
    prompts: PROMPTS,
    consent_text: CONSENT,
    consent_version: "2026-11-01",
    ...settings,
  });
  expect(r.status).toBe(201);
  return r.body;
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

async function processed(id: string) {
  const until = Date.now() + 90_000;
  for (;;) {
    const r = await api("live", "GET", `/v1/submissions/${id}`);
    if (r.body.status === "ready" || r.body.status === "failed" || Date.now() > until) return r.body;
    await Bun.sleep(500);
  }
}

describe("a link with every setting", () => {
  test("guided video through both questions, the question answered, a photo; the thank-you shows it all", async () => {
    const link = await makeLink("live", {
      slug: "acme-stories",
      accepts: ["video", "text"],
      ask_rating: true,
      welcome_message: "Hi! This takes two minutes. Thank you for helping us.",
      thank_you_message: "You made our week. One more favour?",
      call_to_action: { label: "Leave us a Google review", url: "https://example.com/review" },
      custom_fields: [
        { label: "Which service did you use?", type: "choice", options: ["Design", "Build", "Care"], required: true },
      ],
      collect_photo: true,
    });
    expect(link.url).toBe(`${server.url}/c/acme-stories`);
    const { page, problems } = await openCapturePage(browser, server.url);
    await page.goto(link.url);
    await page.getByRole("heading", { name: "Tell us about Acme", level: 1 }).waitFor();
    await page.getByText("Hi! This takes two minutes.").waitFor();
    await page.getByRole("heading", { name: "The 2 questions" }).waitFor();
    // Only the kinds the link takes are offered.
    expect(await page.getByRole("radio", { name: /^Audio only/ }).count()).toBe(0);
    await page.screenshot({ path: SHOT("1-open"), fullPage: true });

    await page.getByRole("radio", { name: /^Video/ }).check();
    await page.getByRole("button", { name: "Start recording" }).click();
    await page.getByText("Question 1 of 2", { exact: true }).waitFor();
    await page.locator(".prompt-live").getByText(PROMPTS[0]!.text).waitFor();
    await page.getByRole("timer", { name: "Time left on this question" }).waitFor();
    await page.waitForTimeout(2000);
    await page.screenshot({ path: SHOT("2-question-1") });
    await page.getByRole("button", { name: "Next question" }).click();
    await page.getByText("Question 2 of 2", { exact: true }).waitFor();
    await page.locator(".prompt-live").getByText(PROMPTS[1]!.text).waitFor();
    // The last question has no "Next": the time restarts for it (the first one's had run down to 0:18 or less).
    expect(await page.getByRole("button", { name: "Next question" }).count()).toBe(0);
    await page
      .getByRole("timer")
      .filter({ hasText: /0:(19|20) left/ })
      .waitFor();
    await page.waitForTimeout(2000);
    await page.screenshot({ path: SHOT("3-question-2") });
    await page.getByRole("button", { name: "Stop recording" }).click();
    await page.getByRole("heading", { name: "Your recording" }).waitFor();
    const seconds = await previewSeconds(page);
    expect(seconds).toBeGreaterThan(3);
    await page.getByRole("button", { name: "Record again" }).waitFor();

    // On a phone the form is steps: About you, the link's own question, then the stars, permission and Send.
    expect(await stepTo(page, page.getByLabel("Your name"))).toBe(true);
    await page.getByLabel("Your name").fill("Gwen Guided");
    await page.getByLabel("Email").fill("gwen@example.com");
    await page.getByLabel("Your photo or company logo").setInputFiles(FACE_PORTRAIT);
    await page.getByRole("img", { name: "Your photo, as it will appear" }).waitFor();
    // Going on without the required question points at it.
    expect(await next(page)).toBe(true);
    await page.getByRole("heading", { name: "A few more questions" }).waitFor();
    expect(await next(page)).toBe(false);
    await page.getByRole("main").getByText("Please choose an answer to “Which service did you use?”").waitFor();
    await page.getByRole("radio", { name: "Build" }).check();
    await page.screenshot({ path: SHOT("4-filled"), fullPage: true });
    expect(await next(page)).toBe(true);
    // The stars come with the last step on a phone.
    await page.getByRole("radio", { name: "5 stars" }).check();
    await page.getByLabel("I have read this and I agree.").check();
    await page.getByRole("button", { name: "Send my testimonial" }).click();

    await page.getByRole("heading", { name: "Thank you, Gwen Guided!" }).waitFor({ timeout: 60_000 });
    const id = (await page.locator("[data-submission]").getAttribute("data-submission"))!;
    await page.getByText("You made our week. One more favour?").waitFor();
    const cta = page.getByRole("link", { name: "Leave us a Google review" });
    expect(await cta.getAttribute("href")).toBe("https://example.com/review");
    await page.getByRole("heading", { name: "What you sent" }).waitFor();
    expect(await page.locator(".sent-summary video").getAttribute("src")).toStartWith("blob:");
    await page.locator(".sent-list").getByText("Which service did you use?").waitFor();
    await page.locator(".sent-list").getByText("Build").waitFor();
    await page.getByRole("img", { name: "Your photo" }).waitFor();
    await page.getByText("We will email gwen@example.com a thank-you").waitFor();
    // The brand stays on screen above the thank-you.
    expect(await page.locator("header.brand img.logo").isVisible()).toBe(true);
    await page.screenshot({ path: SHOT("5-thanks"), fullPage: true });
    const axe = await axeBuilder(page).analyze();
    expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual(
      [],
    );

    const detail = await processed(id);
    expect(detail.status, `processing ended as ${detail.status}: ${detail.failure_reason}`).toBe("ready");
    expect(detail).toMatchObject({ kind: "video", respondent_name: "Gwen Guided", rating: 5, has_photo: true });
    expect(detail.prompt_id).toBeNull();
    expect(detail.custom_fields).toEqual([
      { id: link.custom_fields[0].id, label: "Which service did you use?", value: "Build" },
    ]);
    const photo = await fetch(detail.media.avatar.url);
    const meta = await sharp(new Uint8Array(await photo.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 400, height: 400 });
    expect(Math.abs(detail.duration_ms - seconds * 1000) / (seconds * 1000)).toBeLessThanOrEqual(0.05);
    expect(problems).toEqual([]);
  }, 240_000);
});

describe("other settings", () => {
  test("text only, no rating, redirect: no choice of kind, no stars, then on to the redirect address", async () => {
    const target = `${server.url}/public/links/lnk_after_redirect`;
    const link = await makeLink("live", { accepts: ["text"], ask_rating: false, redirect_url: target });
    const { page, problems } = await openCapturePage(browser, server.url);
    await page.goto(link.url);
    await page.getByText("This page takes a written answer.").waitFor();
    expect(await page.getByRole("radio", { name: /^Video/ }).count()).toBe(0);
    expect(await page.getByText("Your rating").count()).toBe(0);
    await page.getByRole("textbox", { name: "Your answer" }).fill("Acme answered every question within the hour.");
    // One way to answer: the form starts at the answer, then About you and Send.
    expect(await page.locator(".step-count").textContent()).toBe("Step 1 of 3");
    await fillAndSend(page, "Rita Redirect");
    await page.getByRole("heading", { name: "Thank you, Rita Redirect!" }).waitFor();
    await page.getByText(/Taking you on/).waitFor();
    await page.screenshot({ path: SHOT("6-redirecting"), fullPage: true });
    await page.waitForURL(target, { timeout: 15_000 });
    expect(problems.filter((p) => !p.includes("404"))).toEqual([]);
  }, 60_000);

  test("a full link and an expired link say why, with no form", async () => {
    const full = await makeLink("live", { max_responses: 1, accepts: ["text"] });
    const send = await fetch(`${server.url}/public/links/${full.id}/submissions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        kind: "text",
        respondent: { name: "First" },
        consent: { agreed: true, text: CONSENT, version: "2026-11-01" },
        text: "The first and only testimonial this page takes.",
      }),
    });
    expect(send.status).toBe(201);
    // Closing a few seconds from now (the date must be in the future when the link is made, however slow that is),
    // then wait until it has passed.
    const soon = new Date(Date.now() + 5_000).toISOString();
    const expiring = await makeLink("live", { expires_at: soon });
    await Bun.sleep(Math.max(0, Date.parse(soon) - Date.now()) + 100);
    const { page, problems } = await openCapturePage(browser, server.url);
    await page.goto(full.url);
    await page.getByText("This page has received all the testimonials it was collecting.").waitFor();
    expect(await page.locator("form").count()).toBe(0);
    await page.screenshot({ path: SHOT("7-full"), fullPage: true });
    await page.goto(expiring.url);
    await page.getByText("This page has reached its closing date").waitFor();
    expect(await page.locator("form").count()).toBe(0);
    expect(problems).toEqual([]);
  }, 60_000);

  test("addresses: a test-mode slug under the sandbox path, the id address still works, unknown slugs are 404", async () => {
    const link = await makeLink("test", { slug: "sandbox-stories" });
    expect(link.url).toBe(`${server.url}/test/${server.orgId}/c/sandbox-stories`);
    const { page, problems } = await openCapturePage(browser, server.url);
    const res = await page.goto(link.url);
    expect(res?.status()).toBe(200);
    await page.getByText("Test mode", { exact: true }).waitFor();
    await page.getByRole("heading", { name: "Tell us about Acme", level: 1 }).waitFor();
    const byId = await page.goto(link.id_url);
    expect(byId?.status()).toBe(200);
    await page.getByRole("heading", { name: "Tell us about Acme", level: 1 }).waitFor();
    // A test-mode slug is not a live address, and an unknown slug is a 404 page.
    expect((await fetch(`${server.url}/c/sandbox-stories`)).status).toBe(404);
    expect((await fetch(`${server.url}/c/no-such-page`)).status).toBe(404);
    expect(problems).toEqual([]);
  }, 60_000);
});
