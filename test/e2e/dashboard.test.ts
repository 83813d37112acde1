/**
 * The dashboard in a real browser against the real server: sign in, switch to test mode, create a collect
 * link with a question, create an API key (secret shown once, `rk_test_…`) and revoke it; then brands, members
 * and the plan page. Also checks how the SPA is served (CSP, caching, fallback) and that pages log no errors or
 * CSP violations; on localhost no "Recordings need HTTPS" banner (test/e2e/insecure-address.test.ts shows it).
 * Screenshots: /tmp/dashboard.png (links), /tmp/dashboard-keys.png, /tmp/dashboard-brands.png.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { join } from "node:path";
import sharp from "sharp";
import { type Browser, type Page } from "playwright-core";
import { launchChromium } from "../helpers/browser";
import { startServer } from "../helpers/server";

type Server = Awaited<ReturnType<typeof startServer>>;

let server: Server;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test("the SPA is served with a strict CSP, no-cache HTML and immutable assets", async () => {
  const res = await fetch(`${server.url}/app/links`);
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toBe("no-cache");
  const csp = res.headers.get("content-security-policy") ?? "";
  for (const part of ["default-src 'self'", "frame-ancestors 'none'", "script-src 'self'", "connect-src 'self'"])
    expect(csp).toContain(part);
  const html = await res.text();
  expect(html).toContain('<base href="/app/">');
  expect(html).toContain('name="plaudit-config"');
  const script = /src="\.\/([^"]+\.js)"/.exec(html)?.[1];
  expect(script).toBeTruthy();
  const asset = await fetch(`${server.url}/app/${script}`);
  expect(asset.status).toBe(200);
  expect(asset.headers.get("content-type")).toContain("javascript");
  expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  expect((await fetch(`${server.url}/app/no-such-file.js`)).status).toBe(404);
});

/** A fresh browser tab; `problems` collects console errors (other than expected 401s) and page errors. */
async function openPage(): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: new URL(server.url).origin });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const problems: string[] = [];
  page.on("console", (m) => {
    // The sign-in check (GET /v1/me) and a wrong password answer 401 on purpose; Chromium logs those, and
    // deliberately refused requests (409 for a taken slug).
    if (m.type() === "error" && !/status of (401|409)/.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  return { page, problems };
}

async function signIn(page: Page) {
  await page.goto(`${server.url}/app/`);
  await page.getByLabel("Email", { exact: true }).fill(server.owner.email);
  await page.getByLabel("Password", { exact: true }).fill(server.owner.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("heading", { name: "Brands", level: 1 }).waitFor();
}

test("sign in, test mode, create a link, create and revoke an API key", async () => {
  const { page, problems } = await openPage();
  await page.goto(`${server.url}/app/`);
  // isVisible() does not wait: wait for the app to draw its sign-in page first (it checks the session before).
  await page.getByRole("heading", { name: "Sign in" }).waitFor({ timeout: 15_000 });

  // A wrong password is explained in words.
  await page.getByLabel("Email", { exact: true }).fill(server.owner.email);
  await page.getByLabel("Password", { exact: true }).fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("alert").filter({ hasText: "do not match" }).waitFor();

  await page.getByLabel("Password", { exact: true }).fill(server.owner.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("heading", { name: "Brands", level: 1 }).waitFor();
  expect(page.url()).toBe(`${server.url}/app/brands`);

  // Switch to the sandbox: the switch flips and the banner appears.
  const modeSwitch = page.getByRole("switch", { name: "Test mode" });
  expect(await modeSwitch.getAttribute("aria-checked")).toBe("false");
  await modeSwitch.click();
  expect(await modeSwitch.getAttribute("aria-checked")).toBe("true");
  await page.getByText("Test mode — sandbox.").waitFor();
  // Test mode has its own default brand, which the brand switcher picks.
  await page.getByLabel("Brand", { exact: true }).locator("option").first().waitFor({ state: "attached" });

  // Links: create one with a question and read its address.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Links" }).click();
  await page.getByRole("heading", { name: "Links", level: 1 }).waitFor();
  await page.getByRole("button", { name: "New link" }).click();
  await page.getByLabel("Title", { exact: true }).fill("Tell us about your stay");
  await page.getByLabel("Question 1", { exact: true }).fill("What did you enjoy most?");
  await page.getByLabel("Time limit (seconds)", { exact: true }).fill("90");
  // A half-made link holds navigation: the sidebar asks first; dismissing stays with what was typed.
  const asked: string[] = [];
  const onDialog = (d: import("playwright-core").Dialog) => {
    asked.push(d.message());
    void d.dismiss();
  };
  page.on("dialog", onDialog);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "API keys" }).click();
  expect(asked).toEqual(["This link is not created yet. Leave and lose what you typed?"]);
  expect(page.url()).toBe(`${server.url}/app/links`);
  expect(await page.getByLabel("Title", { exact: true }).inputValue()).toBe("Tell us about your stay");
  await page.getByRole("button", { name: "Create link" }).click();
  await page.getByText("Link “Tell us about your stay” is ready").waitFor();
  const linkUrl = await page.getByLabel("Address of the new link").inputValue();
  expect(linkUrl).toMatch(/^https?:\/\/\S+$/);
  const card = page.getByRole("article").filter({ hasText: "Tell us about your stay" });
  await card.getByText("What did you enjoy most?").waitFor();
  await card.getByText("Active").waitFor();

  // Pause and resume.
  await card.getByRole("button", { name: "Pause" }).click();
  await card.getByText("Paused").waitFor();
  await card.getByRole("button", { name: "Resume" }).click();
  await card.getByText("Active").waitFor();
  // Creating released the hold: leaving asks nothing now.
  expect(
    await page.evaluate(() => {
      const e = new Event("beforeunload", { cancelable: true });
      window.dispatchEvent(e);
      return e.defaultPrevented;
    }),
  ).toBe(false);
  expect(asked).toHaveLength(1);
  page.off("dialog", onDialog);
  await page.waitForTimeout(4500); // let the toasts fade before the screenshot
  await page.screenshot({ path: "/tmp/dashboard.png", fullPage: true });

  // API keys: create a test key, read the secret once, revoke it.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "API keys" }).click();
  await page.getByRole("heading", { name: "API keys", level: 1 }).waitFor();
  await page.getByRole("button", { name: "New API key" }).click();
  await page.getByLabel("Name", { exact: true }).fill("Website CMS");
  await page.getByRole("checkbox", { name: /submissions:read/ }).check();
  await page.getByRole("button", { name: "Create key" }).click();
  await page.getByText("Copy this key now. It is shown only once.").waitFor();
  const secret = await page.getByLabel("API key secret").inputValue();
  expect(secret.startsWith("rk_test_")).toBe(true);
  await page.getByRole("button", { name: "Copy key" }).click();
  await page.getByRole("button", { name: "Copied" }).waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await page.screenshot({ path: "/tmp/dashboard-keys.png", fullPage: true });
  await page.getByRole("button", { name: "I have saved it" }).click();
  expect(await page.getByLabel("API key secret").count()).toBe(0);

  const row = page.getByRole("row").filter({ hasText: "Website CMS" });
  await row.getByText(secret.slice(-4)).waitFor();
  await row.getByRole("button", { name: "Revoke" }).click();
  await row.getByRole("button", { name: "Yes, revoke key" }).click();
  await row.getByText(/^Revoked/).waitFor();

  // The secret no longer works; the list after a reload still shows it revoked, and the page stayed in test mode.
  const refused = await fetch(`${server.url}/v1/brands`, { headers: { authorization: `Bearer ${secret}` } });
  expect(refused.status).toBe(401);
  await page.reload();
  await page
    .getByRole("row")
    .filter({ hasText: "Website CMS" })
    .getByText(/^Revoked/)
    .waitFor();
  expect(await page.getByRole("switch", { name: "Test mode" }).getAttribute("aria-checked")).toBe("true");

  expect(problems).toEqual([]);
}, 90_000);

test("brands: create, edit, refuse a taken address, upload a logo; members: add, change role, remove; plan change", async () => {
  const { page, problems } = await openPage();
  await signIn(page);

  await page.getByRole("button", { name: "New brand" }).click();
  await page.getByLabel("Name", { exact: true }).fill("Acme Coffee");
  await page.getByRole("button", { name: "Create brand" }).click();
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Acme Coffee" }) });
  await card.waitFor();
  await page
    .getByLabel("Brand", { exact: true })
    .locator("option", { hasText: "Acme Coffee" })
    .waitFor({ state: "attached" });

  await card.getByRole("button", { name: "Edit" }).click();
  await card.getByLabel("Address name (slug)").fill("acme-coffee");
  await card.getByRole("checkbox", { name: /Public wall/ }).check();
  // Languages: English and French only, French by default (the public pages follow the visitor among them).
  for (const name of ["Deutsch", "Español", "Português", "Italiano", "Nederlands", "العربية"])
    await card.getByRole("checkbox", { name }).uncheck();
  await card.getByLabel("Default language").selectOption("fr");
  await card.getByRole("group", { name: "Languages" }).screenshot({ path: "/tmp/i26-brand-languages.png" });
  await card.getByRole("button", { name: "Save brand" }).click();
  await card.getByText("Wall public").waitFor();
  await card.getByRole("link", { name: /\/b\/acme-coffee$/ }).waitFor();
  const saved = await page.evaluate(async () => {
    const r = await fetch("/v1/brands?limit=100", { headers: { "x-svc-csrf": "1" } });
    return ((await r.json()) as { data: { name: string; languages: string[]; default_language: string }[] }).data.find(
      (b) => b.name === "Acme Coffee",
    );
  });
  expect(saved?.languages).toEqual(["en", "fr"]);
  expect(saved?.default_language).toBe("fr");

  // Another brand's address is refused with the server's words, and the form stays open.
  const other = page
    .getByRole("article")
    .filter({ hasNot: page.getByRole("heading", { name: "Acme Coffee" }) })
    .first();
  await other.getByRole("button", { name: "Edit" }).click();
  await other.getByLabel("Address name (slug)").fill("acme-coffee");
  await other.getByRole("button", { name: "Save brand" }).click();
  await other.getByRole("alert").filter({ hasText: "acme-coffee" }).waitFor();
  await other.getByRole("button", { name: "Cancel" }).click();

  const logo = join(server.dataDir, "logo.png");
  await sharp({ create: { width: 256, height: 256, channels: 3, background: "#e11d48" } })
    .png()
    .toFile(logo);
  await card.getByRole("button", { name: "Edit" }).click();
  await card.getByLabel("Image file").setInputFiles(logo);
  await card.getByRole("button", { name: "Upload logo" }).click();
  await card.getByAltText("Current logo of Acme Coffee").waitFor();
  // The image appears at once; its bytes arrive a moment later.
  const loaded = await card.getByAltText("Current logo of Acme Coffee").evaluate((img: HTMLImageElement) =>
    img.complete && img.naturalWidth > 0
      ? true
      : new Promise<boolean>((resolve) => {
          img.addEventListener("load", () => resolve(img.naturalWidth > 0), { once: true });
          img.addEventListener("error", () => resolve(false), { once: true });
          setTimeout(() => resolve(img.complete && img.naturalWidth > 0), 10_000);
        }),
  );
  expect(loaded).toBe(true);
  await page.screenshot({ path: "/tmp/dashboard-brands.png", fullPage: true });

  // Members join through an invitation (nobody sets another person's password): invite, accept, then manage.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Members" }).click();
  await page.getByRole("button", { name: "Invite member" }).click();
  await page.getByLabel("Email", { exact: true }).fill("sam@example.com");
  await page.getByLabel("Role", { exact: true }).selectOption("admin");
  await page.getByLabel("Name (optional)").fill("Sam Lee");
  await page.getByRole("button", { name: "Send invitation" }).click();
  const link = await page.getByLabel("Invitation link").inputValue();
  const accepted = await fetch(`${server.url}/v1/invitations/accept`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-svc-csrf": "1" },
    body: JSON.stringify({ token: new URL(link).hash.slice(1), password: "correct horse battery" }),
  });
  expect(accepted.status).toBe(200);
  await page.getByRole("button", { name: "Done" }).click();
  await page.reload();
  const row = page.getByRole("row").filter({ hasText: "sam@example.com" });
  await row.waitFor();
  await row.getByLabel("Role of Sam Lee").selectOption("member");
  await page.getByText("Sam Lee is now member").waitFor();
  await row.getByRole("button", { name: "Remove" }).click();
  await row.getByRole("button", { name: "Yes, remove" }).click();
  await row.waitFor({ state: "detached" });

  // A 402's upgrade link lands on the plan page with that plan suggested; an owner switches directly.
  await page.goto(`${server.url}/app/billing?upgrade=plus`);
  const plus = page.getByRole("article").filter({ has: page.getByRole("heading", { name: /^Plus/ }) });
  await plus.getByText("Suggested").waitFor();
  await plus.getByRole("button", { name: "Switch to Plus" }).click();
  await plus.getByRole("button", { name: "Yes, switch to Plus" }).click();
  await page.getByText("You are on the Plus plan.").waitFor();
  expect(await page.getByRole("progressbar").count()).toBeGreaterThan(0);

  expect(problems).toEqual([]);
}, 90_000);

test("on localhost the owner sees no HTTPS banner: the server and this page are secure for recording", async () => {
  const { page, problems } = await openPage();
  const health = page.waitForResponse((r) => r.url().endsWith("/v1/system/health"));
  await signIn(page);
  expect((await (await health).json()).https).toEqual({ site_secure: true, problem: null, fix: null });
  expect(await page.evaluate(() => window.isSecureContext)).toBe(true);
  await expect(page.getByText("Recordings need HTTPS").count()).resolves.toBe(0);
  expect(problems).toEqual([]);
}, 60_000);
