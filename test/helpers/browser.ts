/**
 * Debian's Chromium for Playwright tests: launched headless with the flags this machine needs (no sandbox as
 * root, no background networking: the network is closed), plus any test-specific flags; and signing in to the
 * dashboard as a person does.
 */
import { chromium, type Browser, type Page } from "playwright-core";

/** Flags every test browser gets. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
];

/** Starts headless Chromium with the common flags and `extra` ones. */
export function launchChromium(extra: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: "/usr/bin/chromium", headless: true, args: [...CHROMIUM_ARGS, ...extra] });
}

/** Signs in on the dashboard's sign-in page with an email and password. */
export async function signInAs(page: Page, baseUrl: string, owner: { email: string; password: string }) {
  await page.goto(`${baseUrl}/app/`);
  await page.getByLabel("Email", { exact: true }).fill(owner.email);
  await page.getByLabel("Password", { exact: true }).fill(owner.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/**
 * Runs `navigate` (a reload, a `goto`) and waits until the dashboard it opens has read the server's health
 * (`GET /v1/system/health`: what its banners are drawn from, read for owners and admins) and drawn two frames since.
 * After this, a banner that is not on the page is not coming.
 */
export async function withHealthRead(page: Page, navigate: () => Promise<unknown>) {
  const read = page.waitForResponse((r) => new URL(r.url()).pathname === "/v1/system/health");
  await navigate();
  await (await read).finished();
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}
