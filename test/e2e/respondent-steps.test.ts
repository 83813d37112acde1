/**
 * The respondent's side on a phone, in Chromium with a fake camera against the real server: the capture form is
 * steps (how, record, about you, the link's own question, permission and Send), each on one screen with the
 * progress shown, Back keeping what was given and the browser's Back going to the previous step; the thank-you
 * screen at 320 and 390 px breaks no word and keeps the five stars on one line, with long names and answers; a file
 * the server refuses at its first bytes (a web page named .mp4) is refused on the respondent's screen and leaves no
 * "Failed" row in the inbox.
 * Screenshots: /tmp/i29-resp-step-{1-how,2-record,3-about,4-more,5-send}.png (390×844),
 * /tmp/i29-resp-thanks-{320,390}.png.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { launchChromium } from "../helpers/browser";
import { startServer, type RunningServer } from "../helpers/server";
import { next, openCapturePage, record, sentId } from "../helpers/capture-page";
import { brokenWords, lineTops } from "../helpers/word-wrap";
import { ensureMediaFixtures } from "../fixtures/media/make-fixtures";

const CONSENT = "I agree that Stockbridge Dental may publish my testimonial, my first name and my photograph.";

let server: RunningServer;
let browser: Browser;
let key = "";
let linkUrl = "";

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
  key = await server.createKey("test");
  const brand = (await api("GET", "/v1/brands")).data[0];
  const link = await api("POST", `/v1/brands/${brand.id}/links`, {
    title: "How was your visit to Stockbridge Dental?",
    welcome_message: "It takes two minutes. Thank you!",
    prompts: [{ text: "What changed for you after your treatment?", max_seconds: 60 }],
    consent_text: CONSENT,
    consent_version: "2026-11-27",
    ask_rating: true,
    collect_photo: true,
    custom_fields: [
      {
        label: "Which practice did you visit?",
        type: "choice",
        options: ["Stockbridge", "Winchester Riverside", "Basingstoke"],
        required: true,
        show_publicly: true,
      },
    ],
    thank_you_message: "You made our week. Would you tell Google too?",
    call_to_action: { label: "Leave us a Google review", url: "https://example.com/review" },
  });
  linkUrl = link.url;
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

describe("the capture form on a phone", () => {
  test("is steps, each on one screen, with progress, Back and the browser's Back; then sends", async () => {
    const { page, problems, sent } = await openCapturePage(browser, server.url);
    await page.goto(linkUrl);
    const count = page.locator(".step-count");
    const onScreen = async (shot: string) => {
      await page.evaluate(() => window.scrollTo(0, 0));
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      expect(height, `${shot}: the step is taller than the phone's screen`).toBeLessThanOrEqual(844);
      await page.screenshot({ path: `/tmp/i29-resp-step-${shot}.png` });
    };

    // 1. How: the questions and the ways to answer; the welcome words.
    expect(await count.textContent()).toBe("Step 1 of 5");
    await page.getByText("It takes two minutes. Thank you!").waitFor();
    await page.getByRole("heading", { name: "How would you like to answer?" }).waitFor();
    expect(await page.getByRole("navigation", { name: "Progress" }).locator("[aria-current=step]").textContent()).toBe(
      "How to answer",
    );
    await onScreen("1-how");
    // A tap on a way opens it: record first.
    await page.getByRole("radio", { name: /^Video/ }).check();
    await page.getByRole("heading", { name: "Record a video" }).waitFor();
    expect(await count.textContent()).toBe("Step 2 of 5");
    await record(page, 2500);
    await onScreen("2-record");

    // 3. About you; Back keeps the recording, the browser's Back goes to the previous step too.
    expect(await next(page)).toBe(true);
    await page.getByRole("heading", { name: "About you" }).waitFor();
    await page.getByLabel("Your name").fill("Maximiliana Stockbridge-Worthington");
    await page.getByRole("button", { name: "Back" }).click();
    await page.getByRole("heading", { name: "Your recording" }).waitFor();
    expect(await next(page)).toBe(true);
    expect(await page.getByLabel("Your name").inputValue()).toBe("Maximiliana Stockbridge-Worthington");
    await page.getByLabel("Your photo or company logo").waitFor();
    await onScreen("3-about");
    await page.goBack();
    await page.getByRole("heading", { name: "Record a video" }).waitFor();
    expect(await count.textContent()).toBe("Step 2 of 5");
    expect(await next(page)).toBe(true);

    // 4. The link's own question, checked before going on.
    expect(await next(page)).toBe(true);
    await page.getByRole("heading", { name: "A few more questions" }).waitFor();
    expect(await next(page)).toBe(false);
    await page.getByRole("main").getByText("Please choose an answer to “Which practice did you visit?”").waitFor();
    await page.getByRole("radio", { name: "Winchester Riverside" }).check();
    // A choice made clears its problem at once.
    await page
      .getByRole("main")
      .getByText("Please choose an answer to “Which practice did you visit?”")
      .waitFor({ state: "detached" });
    await onScreen("4-more");

    // 5. Permission and Send.
    expect(await next(page)).toBe(true);
    await page.getByRole("heading", { name: "Ready to send?" }).waitFor();
    // The stars come with the last step on a phone (About you stays one screen).
    await page.getByRole("radio", { name: "5 stars" }).check();
    await page.getByLabel("I have read this and I agree.").check();
    await onScreen("5-send");
    expect(sent).toEqual([]);
    await page.getByRole("button", { name: "Send my testimonial" }).click();
    const id = await sentId(page, "Maximiliana Stockbridge-Worthington");
    const detail = await api("GET", `/v1/submissions/${id}`);
    expect(detail).toMatchObject({ kind: "video", rating: 5 });
    expect(detail.custom_fields[0].value).toBe("Winchester Riverside");
    expect(problems).toEqual([]);
    await page.context().close();
  }, 120_000);
});

describe("the thank-you screen", () => {
  for (const width of [320, 390]) {
    test(`at ${width} px: no word broken, the five stars on one line`, async () => {
      const { page, problems } = await openCapturePage(browser, server.url, { width, height: 800 });
      await page.goto(linkUrl);
      await page.getByRole("radio", { name: /^Write/ }).check();
      await page
        .getByRole("textbox", { name: "Your answer" })
        .fill(
          "The Stockbridge practice rebuilt my confidence. Orthodontically speaking, extraordinary craftsmanship throughout.",
        );
      expect(await next(page)).toBe(true);
      await page.getByLabel("Your name").fill("Maximiliana Stockbridge-Worthington");
      await page.locator("#company").fill("Winchester Riverside Orthodontics");
      expect(await next(page)).toBe(true);
      await page.getByRole("radio", { name: "Winchester Riverside" }).check();
      expect(await next(page)).toBe(true);
      await page.getByRole("radio", { name: "5 stars" }).check();
      await page.getByLabel("I have read this and I agree.").check();
      await page.getByRole("button", { name: "Send my testimonial" }).click();
      await sentId(page, "Maximiliana Stockbridge-Worthington");
      await page.locator(".sent-list").getByText("Winchester Riverside").waitFor();
      expect(await page.evaluate(brokenWords, ".thanks")).toEqual([]);
      const stars = page.locator(".sent-star");
      expect(await stars.count()).toBe(5);
      expect(await page.evaluate(lineTops, ".sent-star")).toHaveLength(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `/tmp/i29-resp-thanks-${width}.png`, fullPage: true });
      expect(problems).toEqual([]);
      await page.context().close();
    }, 60_000);
  }
});

test("a file refused at its first bytes says so on the respondent's screen and leaves nothing in the inbox", async () => {
  const { hostile } = ensureMediaFixtures();
  const { page, problems } = await openCapturePage(browser, server.url);
  await page.goto(linkUrl);
  await page.getByRole("radio", { name: /^Video/ }).check();
  // It is named .mp4, so the page takes it; the server looks at its first bytes.
  await page.getByLabel("Or upload a video or audio file from your device").setInputFiles(hostile.html);
  await page.getByRole("heading", { name: "Your file" }).waitFor();
  expect(await next(page)).toBe(true);
  await page.getByLabel("Your name").fill("Rory Refused");
  expect(await next(page)).toBe(true);
  await page.getByRole("radio", { name: "Stockbridge" }).check();
  expect(await next(page)).toBe(true);
  await page.getByLabel("I have read this and I agree.").check();
  await page.getByRole("button", { name: "Send my testimonial" }).click();
  await page
    .getByRole("alert")
    .filter({ hasText: "This file is not an audio or video recording. Please choose a recording." })
    .waitFor({ timeout: 30_000 });
  const all = (await api("GET", "/v1/submissions?limit=100")).data as { respondent_name: string }[];
  expect(all.some((s) => s.respondent_name === "Rory Refused")).toBe(false);
  // Chromium logs the refused request; nothing else may go wrong.
  expect(problems.filter((p) => !p.includes("415"))).toEqual([]);
  await page.context().close();
}, 60_000);
