/**
 * The widget builder in the dashboard, in Chromium against the real server: the live preview follows layout
 * and theme changes (drawn by the embed script's own renderer), a widget is created, its snippet copied, and a
 * layout change warns that the snippet must be pasted again; then the list and deletion. Unsaved changes hold
 * in-app navigation (a question; dismissing it stays) and leaving the site (beforeunload) until saved. The
 * attribution's default and hint read the organisation's actual plan (Core: off and may hide; Free: on, needs
 * Starter). No console errors or CSP violations; axe-core finds no serious problem. Screenshots:
 * `$PLAUDIT_TEST_ARTIFACTS/widgets/builder.png`, `builder-free.png`.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser } from "playwright-core";
import { launchChromium, axeBuilder } from "../helpers/browser";
import { startServer, type RunningServer } from "../helpers/server";
import { until } from "../helpers/wait";
import { createApiKey, setPlan } from "../../src/domains/accounts";
import { systemCtx } from "../../src/platform/context";
import { unitOfWork } from "../../src/platform/db/unit-of-work";

const ARTIFACTS = join(process.env.PLAUDIT_TEST_ARTIFACTS ?? join(tmpdir(), "plaudit-artifacts"), "widgets");
const CONSENT = "I agree that Acme may publish my testimonial.";

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  const key = unitOfWork(server.deps, systemCtx(server.orgId, "live", server.deps.clock), (tx) =>
    createApiKey(tx, {
      mode: "live",
      scopes: [],
    }),
  ).secret;
  const call = async (method: string, path: string, body?: unknown) =>
    (await (
      await fetch(`${server.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: body ? JSON.stringify(body) : undefined,
      })
    ).json()) as any;
  const brand = (await call("GET", "/v1/brands")).data[0].id;
  const link = await call("POST", `/v1/brands/${brand}/links`, {
    title: "Tell us",
    prompts: [{ text: "How was it?" }],
    consent_text: CONSENT,
    consent_version: "2026-11-01",
  });
  for (const [name, text] of [
    ["Dana Dash", "Setting up the widget took two minutes and it looks native on our site."],
    ["Eli Embed", "Our visitors watch the videos; the carousel is lovely on phones."],
  ]) {
    const res = await fetch(`${server.url}/public/links/${link.id}/submissions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        kind: "text",
        respondent: { name },
        text,
        rating: 5,
        consent: { agreed: true, text: CONSENT, version: "2026-11-01" },
      }),
    });
    const id = ((await res.json()) as any).submission_id;
    await call("POST", `/v1/submissions/${id}/approve`);
    await call("POST", `/v1/submissions/${id}/visibility`, { is_public: true });
  }
  browser = await launchChromium();
  mkdirSync(ARTIFACTS, { recursive: true });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test("build a widget with a live preview, copy its snippet, and be told when a layout change needs a new snippet", async () => {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: new URL(server.url).origin });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const problems: string[] = [];
  page.on("console", (m) => m.type() === "error" && !/status of 401/.test(m.text()) && problems.push(m.text()));
  page.on("pageerror", (e) => problems.push(e.message));

  await page.goto(`${server.url}/app/`);
  await page.getByLabel("Email", { exact: true }).fill(server.owner.email);
  await page.getByLabel("Password", { exact: true }).fill(server.owner.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("link", { name: "Widgets" }).click();
  await page.getByRole("heading", { name: "Widgets", level: 1 }).waitFor();
  await page.getByText(/No widgets yet/).waitFor();
  await page.getByRole("button", { name: "New widget" }).click();
  await page.getByRole("heading", { name: "New widget", level: 1 }).waitFor();
  // Core may hide "Powered by Plaudit": a new widget starts without it, and the hint names the real plan.
  const attribution = page.getByRole("checkbox", { name: "Show “Powered by Plaudit”" });
  expect(await attribution.isChecked()).toBe(false);
  expect(await attribution.isEnabled()).toBe(true);
  expect(await page.locator("[data-plan-hint]").textContent()).toBe(
    "Your Core plan lets you hide it; new widgets start without it.",
  );

  const preview = page.getByTestId("widget-preview");
  await preview.locator("article").first().waitFor();
  expect(await preview.locator("article").count()).toBe(2);
  expect(await preview.evaluate((el) => el.style.height)).toBe("640px");
  await page.getByRole("radio", { name: /^Carousel/ }).check();
  await preview.getByRole("button", { name: "Next testimonial" }).waitFor();
  expect(await preview.evaluate((el) => el.style.height)).toBe("420px");
  await page.getByRole("radio", { name: "Dark" }).check();
  // A new widget's panel is transparent: the dark theme shows on its cards.
  await page.waitForFunction(() => {
    const c = document.querySelector('[data-testid="widget-preview"]')?.shadowRoot?.querySelector(".w .c");
    return !!c && getComputedStyle(c).backgroundColor === "rgb(31, 41, 55)";
  });
  await page.getByRole("checkbox", { name: "Stars" }).uncheck();
  await page.waitForFunction(
    () => !document.querySelector('[data-testid="widget-preview"]')?.shadowRoot?.querySelector(".st"),
  );
  await page.getByRole("textbox", { name: "Name (optional)" }).fill("Homepage carousel");
  await page.getByRole("button", { name: "Create widget" }).click();

  await page.getByRole("heading", { name: "Widget: Homepage carousel", level: 1 }).waitFor();
  expect(page.url()).toMatch(/\/app\/widgets\/wgt_[0-9a-z]{26}$/);
  const snippet = await page.getByLabel("Embed snippet").inputValue();
  expect(snippet).toMatch(
    /^<div data-svc-widget="wgt_[0-9a-z]{26}" style="height:420px"><\/div>\n<script async src="http:\/\/127\.0\.0\.1:\d+\/cdn\/widget\.js"><\/script>$/,
  );
  await page.getByRole("button", { name: "Copy snippet" }).click();
  await page.getByRole("button", { name: "Copied" }).waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(snippet);

  await page.getByRole("radio", { name: /^Faces and rating/ }).check();
  await page.getByText("Changing the layout changes the snippet").waitFor();
  // The page's own content; the shell around it is checked by the dashboard's tests.
  const axe = await axeBuilder(page).include("#main").analyze();
  expect(
    axe.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
  await page.screenshot({ path: join(ARTIFACTS, "builder.png"), fullPage: true });

  // Unsaved: leaving the site gets the browser's warning, moving inside the dashboard asks first.
  await page.getByText("Unsaved changes", { exact: true }).waitFor();
  expect(
    await page.evaluate(() => {
      const e = new Event("beforeunload", { cancelable: true });
      window.dispatchEvent(e);
      return e.defaultPrevented;
    }),
  ).toBe(true);
  const asked: string[] = [];
  page.on("dialog", (d) => {
    asked.push(d.message());
    void d.dismiss();
  });
  const builderUrl = page.url();
  await page.getByRole("link", { name: "All widgets" }).click();
  await page.getByRole("link", { name: "Links", exact: true }).click();
  await page.evaluate(() => history.back());
  await until("the third question", () => asked.length >= 3, 20_000, 50);
  expect(asked).toEqual([
    "“Homepage carousel” has unsaved changes. Leave and lose them?",
    "“Homepage carousel” has unsaved changes. Leave and lose them?",
    "“Homepage carousel” has unsaved changes. Leave and lose them?",
  ]);
  // Dismissed: the builder stays (the browser's back is undone).
  await page.waitForURL(builderUrl);
  expect(await page.getByRole("radio", { name: /^Faces and rating/ }).isChecked()).toBe(true);

  // Saving releases it: no question, no beforeunload warning.
  await page.getByRole("button", { name: "Save changes" }).click();
  await page.getByText("Paste the new snippet again").waitFor();
  expect(await page.getByLabel("Embed snippet").inputValue()).toContain('style="height:96px"');
  await page.getByText("All changes saved", { exact: true }).waitFor();
  expect(
    await page.evaluate(() => {
      const e = new Event("beforeunload", { cancelable: true });
      window.dispatchEvent(e);
      return e.defaultPrevented;
    }),
  ).toBe(false);

  // Discarding releases it too.
  await page.getByRole("radio", { name: "Light" }).check();
  await page.getByRole("button", { name: "Discard changes" }).click();
  expect(await page.getByRole("radio", { name: "Dark" }).isChecked()).toBe(true);
  await page.getByText("All changes saved", { exact: true }).waitFor();

  await page.getByRole("link", { name: "All widgets" }).click();
  const row = page.getByRole("row", { name: /Homepage carousel/ });
  await row.waitFor();
  expect(await row.textContent()).toContain("Faces and rating");
  await row.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("button", { name: "Delete widget" }).click();
  await page.getByText(/No widgets yet/).waitFor();
  expect(asked).toHaveLength(3);
  expect(problems).toEqual([]);
  await context.close();
}, 60_000);

test("on Free the attribution stays on, and the hint names the Free plan and the plan that may hide it", async () => {
  unitOfWork(server.deps, systemCtx(server.orgId, "live", server.deps.clock), (tx) => setPlan(tx, "free"));
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  try {
    await page.goto(`${server.url}/app/`);
    await page.getByLabel("Email", { exact: true }).fill(server.owner.email);
    await page.getByLabel("Password", { exact: true }).fill(server.owner.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("link", { name: "Widgets" }).click();
    await page.getByRole("button", { name: "New widget" }).click();
    await page.getByRole("heading", { name: "New widget", level: 1 }).waitFor();
    const attribution = page.getByRole("checkbox", { name: "Show “Powered by Plaudit”" });
    expect(await attribution.isChecked()).toBe(true);
    expect(await attribution.isDisabled()).toBe(true);
    const hint = page.locator("[data-plan-hint]");
    expect(await hint.textContent()).toBe(
      "Your Free plan always shows it. Hiding it needs the Starter plan or above: see plans.",
    );
    expect(await hint.getByRole("link", { name: "see plans" }).getAttribute("href")).toBe(
      "/app/billing?upgrade=starter",
    );
    // The preview draws what would be published: the attribution is there.
    await page.getByTestId("widget-preview").locator("article").first().waitFor();
    expect(await page.getByTestId("widget-preview").getByRole("link", { name: "Powered by Plaudit" }).count()).toBe(1);
    await page.screenshot({ path: join(ARTIFACTS, "builder-free.png"), fullPage: true });
  } finally {
    await context.close();
    unitOfWork(server.deps, systemCtx(server.orgId, "live", server.deps.clock), (tx) => setPlan(tx, "core"));
  }
}, 60_000);

test("the preview draws the draft at phone, tablet and desktop widths; looks and card style are saved", async () => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.goto(`${server.url}/app/`);
  await page.getByLabel("Email", { exact: true }).fill(server.owner.email);
  await page.getByLabel("Password", { exact: true }).fill(server.owner.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  // From here on (the sign-in page asks who is signed in first, a 401 before signing in).
  const problems: string[] = [];
  page.on("console", (m) => m.type() === "error" && problems.push(m.text()));
  await page.getByRole("link", { name: "Widgets" }).click();
  await page.getByRole("button", { name: "New widget" }).click();
  await page.getByRole("heading", { name: "New widget", level: 1 }).waitFor();
  // Three frames, each laid out at its device's real width.
  const frames = { 390: page.getByTestId("widget-preview-390"), 768: page.getByTestId("widget-preview-768") };
  const desktop = page.getByTestId("widget-preview");
  await desktop.locator("article").first().waitFor();
  const widths = await Promise.all(
    [frames[390], frames[768], desktop].map((f) => f.evaluate((el) => (el as HTMLElement).offsetWidth)),
  );
  expect(widths).toEqual([390, 768, 1440]);
  const columns = (el: Element) =>
    getComputedStyle(el.shadowRoot!.querySelector(".g")!).gridTemplateColumns.split(" ").length;
  expect(await frames[390].evaluate(columns)).toBe(1);
  expect(await desktop.evaluate(columns)).toBeGreaterThan(1);

  await page.getByRole("radio", { name: /^Masonry/ }).check();
  await page.getByRole("radio", { name: /^Transparent/ }).check();
  await page.getByLabel("Shadow").selectOption("lifted");
  await page.getByLabel("Border").selectOption("none");
  await page.getByRole("radio", { name: "Your page's font" }).check();
  await page.waitForFunction(() => {
    const w = document.querySelector('[data-testid="widget-preview"]')?.shadowRoot?.querySelector(".w");
    return !!w && w.classList.contains("tp") && w.classList.contains("s-lifted") && !!w.querySelector(".ms");
  });
  await page.screenshot({ path: join(ARTIFACTS, "builder-devices.png") });
  await page.getByRole("textbox", { name: "Name (optional)" }).fill("Masonry wall");
  await page.getByRole("button", { name: "Create widget" }).click();
  await page.getByRole("heading", { name: "Widget: Masonry wall", level: 1 }).waitFor();
  const id = page.url().split("/").pop()!;
  const key = await server.createKey("live");
  const saved = (await (
    await fetch(`${server.url}/v1/widgets/${id}`, { headers: { authorization: `Bearer ${key}` } })
  ).json()) as any;
  expect([saved.look, saved.background, saved.card_shadow, saved.card_border, saved.font]).toEqual([
    "masonry",
    "transparent",
    "lifted",
    "none",
    "inherit",
  ]);
  // A layout without masonry: the look falls back to standard, so the draft stays valid.
  await page.getByRole("radio", { name: /^Carousel/ }).check();
  expect(await page.getByRole("radio", { name: "Standard" }).isChecked()).toBe(true);
  await page.getByText("Changing the layout changes the snippet").waitFor();
  const axe = await axeBuilder(page).include("#main").analyze();
  expect(axe.violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  expect(problems).toEqual([]);
  await context.close();
}, 60_000);
