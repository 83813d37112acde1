/**
 * The respondent's side of the capture page in Chromium, as a person uses it: open a phone-sized tab (camera and
 * microphone granted, problems collected), record a take, read its length, go through the form's steps (on a phone
 * the form is steps: tapping a way to answer opens it, then Next from step to step), fill it and send, and read
 * the id the thank-you screen carries.
 */
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";

/**
 * A phone-sized tab; `problems` collects console errors (CSP violations included) and page errors. Camera and
 * microphone are granted unless `grant` is false (Chromium refuses to grant them to a page that is not a secure
 * context).
 */
export async function openCapturePage(
  browser: Browser,
  origin: string,
  viewport = { width: 390, height: 844 },
  grant = true,
): Promise<{ page: Page; context: BrowserContext; problems: string[]; sent: string[] }> {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1, hasTouch: true });
  if (grant) await context.grantPermissions(["camera", "microphone"], { origin });
  const page = await context.newPage();
  // Starting the fake camera and microphone can stall the page for a while on a busy machine.
  page.setDefaultTimeout(45_000);
  const problems: string[] = [];
  const sent: string[] = [];
  page.on("console", (m) => m.type() === "error" && problems.push(`console: ${m.text()}`));
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on(
    "request",
    (r) => r.method() !== "GET" && r.method() !== "OPTIONS" && sent.push(`${r.method()} ${new URL(r.url()).pathname}`),
  );
  return { page, context, problems, sent };
}

/**
 * Records for about `ms` and returns after the playback of the take is on screen. Answers the milliseconds from
 * before pressing Start to after pressing Stop: the take cannot be longer, however slow the machine was.
 */
export async function record(page: Page, ms: number): Promise<number> {
  const started = performance.now();
  await page.getByRole("button", { name: "Start recording" }).click();
  await page.getByRole("timer").waitFor();
  await page.waitForTimeout(ms);
  await page.getByRole("button", { name: "Stop recording" }).click();
  const most = performance.now() - started;
  await page.getByRole("heading", { name: "Your recording" }).waitFor();
  return most;
}

/** The take's real length in seconds, as the browser's player works it out from the recorded file. */
export async function previewSeconds(page: Page): Promise<number> {
  return page.getByTestId("preview").evaluate(async (el: HTMLMediaElement) => {
    const until = Date.now() + 10_000;
    while (!(Number.isFinite(el.duration) && el.duration > 0)) {
      if (Date.now() > until) throw new Error(`the preview has no duration (${el.duration})`);
      await new Promise((r) => setTimeout(r, 100));
    }
    return el.duration;
  });
}

/**
 * Presses the form's Next (as a person does on a phone) and waits until the next step is on screen or this one shows
 * a problem; false when it stayed (a problem, or no Next: the last step, or a wide screen's one page).
 */
export async function next(page: Page): Promise<boolean> {
  const button = page.getByRole("button", { name: "Next", exact: true });
  // The form draws once the link has loaded: wait for Next, or Send (the last step, or a wide screen's one page).
  await button
    .or(page.getByRole("button", { name: "Send my testimonial" }))
    .first()
    .waitFor();
  if (!(await button.isVisible())) return false;
  const before = await page.locator(".step-count").textContent();
  await button.click();
  // One frame: the page has drawn what the press changed (a new step, or this step's problems).
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done(null))));
  await page.waitForFunction(
    (was) =>
      document.querySelector(".step-count")?.textContent !== was ||
      [...document.querySelectorAll(".field-error")].some((e) => (e as HTMLElement).offsetParent),
    before,
  );
  return (await page.locator(".step-count").textContent()) !== before;
}

/** Goes on with Next until `target` is on screen; false when a step's problem (or the last step) stops it first. */
export async function stepTo(page: Page, target: Locator): Promise<boolean> {
  for (let i = 0; i < 6; i++) {
    if (await target.isVisible()) return true;
    if (!(await next(page))) return target.isVisible();
  }
  return target.isVisible();
}

/**
 * Goes on to the name, fills it, on to the consent box, ticks it and sends. It stops where a step shows a problem
 * (a test that expects one then reads it there).
 */
export async function fillAndSend(page: Page, name: string) {
  const field = page.getByLabel("Your name");
  if (!(await stepTo(page, field))) return;
  await field.fill(name);
  const consent = page.getByLabel("I have read this and I agree.");
  if (!(await stepTo(page, consent))) return;
  await consent.check();
  await page.getByRole("button", { name: "Send my testimonial" }).click();
}

/** Waits for the thank-you screen and returns the id of the testimonial it confirms. */
export async function sentId(page: Page, name: string): Promise<string> {
  await page.getByRole("heading", { name: `Thank you, ${name}!` }).waitFor({ timeout: 30_000 });
  const id = await page.locator("[data-submission]").getAttribute("data-submission");
  if (!id?.startsWith("sub_")) throw new Error(`the thank-you screen carries no testimonial id (${id})`);
  return id;
}

/**
 * Runs `fn` on the page; when it fails, the error also says what the page showed then (its visible text, cut short)
 * and the problems collected so far, so a failure far from here (a CI log) still tells what the respondent saw.
 */
export async function describingPage<T>(page: Page, problems: string[], fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    const shown = await page
      .locator("body")
      .innerText({ timeout: 5_000 })
      .catch((why) => `(the page could not be read: ${String(why).split("\n")[0]})`);
    const text = shown.replace(/\s+/g, " ").slice(0, 600);
    throw new Error(
      `${String(e)}\n  the page at ${page.url()} showed: ${text}\n  problems: ${JSON.stringify(problems)}`,
    );
  }
}
