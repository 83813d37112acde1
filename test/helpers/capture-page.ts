/**
 * The respondent's side of the capture page in Chromium, as a person uses it: open a phone-sized tab (camera and
 * microphone granted, problems collected), record a take, read its length, fill the form and send, and read the
 * id the thank-you screen carries.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";

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
  page.setDefaultTimeout(20_000);
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

/** Records for about `ms` and returns after the playback of the take is on screen. */
export async function record(page: Page, ms: number) {
  await page.getByRole("button", { name: "Start recording" }).click();
  await page.getByRole("timer").waitFor();
  await page.waitForTimeout(ms);
  await page.getByRole("button", { name: "Stop recording" }).click();
  await page.getByRole("heading", { name: "Your recording" }).waitFor();
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

/** Fills the name, ticks the consent box and sends. */
export async function fillAndSend(page: Page, name: string) {
  await page.getByLabel("Your name").fill(name);
  await page.getByLabel("I have read this and I agree.").check();
  await page.getByRole("button", { name: "Send my testimonial" }).click();
}

/** Waits for the thank-you screen and returns the id of the testimonial it confirms. */
export async function sentId(page: Page, name: string): Promise<string> {
  await page.getByRole("heading", { name: `Thank you, ${name}!` }).waitFor({ timeout: 30_000 });
  const id = await page.locator("[data-submission]").getAttribute("data-submission");
  if (!id?.startsWith("sub_")) throw new Error(`the thank-you screen carries no testimonial id (${id})`);
  return id;
}
