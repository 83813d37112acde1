/**
 * Debian's Chromium for Playwright tests: launched headless with the flags this machine needs (no sandbox as
 * root, no background networking: the network is closed), plus any test-specific flags; signing in to the
 * dashboard as a person does; and axe-core set up to check a page for accessibility problems.
 */
import AxeBuilder from "@axe-core/playwright";
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
export async function launchChromium(extra: string[] = []): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: [...CHROMIUM_ARGS, ...extra],
  });
  dropEventsForLostObjects(browser);
  return browser;
}

/**
 * axe-core for `page` (chain include/exclude, then `analyze()`): every rule runs, and the nodes of violations are
 * gathered, not those of the rules that pass or do not apply (`resultTypes`), which no test reads. A page without
 * frames is checked by axe.run in the page itself ("legacy mode"): the default runs axe in each frame and then again
 * in a blank page it opens to merge the frames' results, which with one frame is the same result for a second page
 * and a second copy of axe. A page with frames gets the default, so frames from other origins are checked too.
 */
export function axeBuilder(page: Page): AxeBuilder {
  const axe = new AxeBuilder({ page }).options({ resultTypes: ["violations"] });
  if (page.frames().length === 1) axe.setLegacyMode();
  return axe;
}

/** A message from Playwright's driver to its client: events have no `id`, answers to calls do. */
type DriverMessage = { id?: number };

/**
 * Playwright's client throws, outside any test code, on an event that names an object it has already let go of
 * ("Object with guid request@… was not bound in the connection", or "Cannot find parent object request@… to create
 * response@…": a request event racing its page under load, microsoft/playwright#22210), and the runner charges
 * that to whichever test is running. Such an event is about an object nobody holds any more, so it is dropped here.
 * Answers to calls (`visit` retries those) and every other error go through unchanged.
 */
function dropEventsForLostObjects(browser: Browser): void {
  const connection = (browser as unknown as { _connection?: { dispatch(message: DriverMessage): void } })._connection;
  if (!connection || typeof connection.dispatch !== "function") return;
  const dispatch = connection.dispatch.bind(connection);
  connection.dispatch = (message) => {
    try {
      dispatch(message);
    } catch (e) {
      if (
        message.id === undefined &&
        /was not bound in the connection|Cannot find object to|Cannot find parent object/.test(String(e))
      )
        return;
      throw e;
    }
  };
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

/**
 * `page.goto`, tried again when Playwright's client loses track of the navigation's own answer ("Object with guid
 * response@… was not bound in the connection", microsoft/playwright#22210: a protocol race seen on a loaded machine,
 * not an answer of the page). Any other failure is thrown as it is.
 */
export async function visit(page: Page, url: string, tries = 3): Promise<void> {
  for (let i = 1; ; i++) {
    try {
      await page.goto(url);
      return;
    } catch (e) {
      if (i >= tries || !/was not bound in the connection/.test(String(e))) throw e;
      await Bun.sleep(200);
    }
  }
}
