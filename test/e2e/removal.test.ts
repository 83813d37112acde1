/**
 * The removal page in Chromium, phone-sized, against the real server and its workers: the link from the email
 * (delivered to a local smtp-server, the only place the link is) shows what will be removed and asks first; confirming removes it (gone from the API and the wall at once); the
 * same link afterwards says it was already removed; an unknown link says so plainly. No console errors (CSP
 * violations included), axe-core finds nothing serious, and it works with the keyboard alone.
 * Screenshots: /tmp/removal-phone.png (asking) and /tmp/removal-done.png (done), 390x844.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mailText, startMailSink, type MailSink } from "../helpers/smtp";
import { type Browser, type Page } from "playwright-core";
import { launchChromium, axeBuilder } from "../helpers/browser";
import { startServer, type RunningServer } from "../helpers/server";
import { createApiKey } from "../../src/domains/accounts";
import { systemCtx } from "../../src/platform/context";
import { unitOfWork } from "../../src/platform/db/unit-of-work";

let server: RunningServer;
let browser: Browser;
let key = "";
let sink: MailSink;

/** The removal link of the email delivered to `email`, waiting for the mail worker to send it. */
async function linkFromEmail(email: string): Promise<string> {
  const end = Date.now() + 20_000;
  for (;;) {
    const mail = sink.received.find((m) => m.to.includes(email));
    if (mail) return /(http\S+\/remove\/[A-Za-z0-9_-]+)/.exec(mailText(mail.raw))![1]!;
    if (Date.now() > end) throw new Error(`no removal email to ${email}`);
    await Bun.sleep(50);
  }
}
const WORDS =
  "Acme's support team fixed our onboarding in a day. <b>Not bold</b> & honest: we would choose them again.";

const api = async (method: string, path: string, body?: unknown, auth = true) => {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(auth ? { authorization: `Bearer ${key}` } : {}),
      ...(body ? { "content-type": "application/json" } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as any };
};

async function testimonialWithLink(name: string, email: string): Promise<{ id: string; url: string }> {
  const brand = (await api("GET", "/v1/brands")).body.data[0];
  const consent = { text: "I agree that Acme may publish my words.", version: "2026-11-01" };
  const link = (
    await api("POST", `/v1/brands/${brand.id}/links`, {
      title: "Tell us",
      prompts: [{ text: "How was it?" }],
      consent_text: consent.text,
      consent_version: consent.version,
    })
  ).body;
  const sent = await api(
    "POST",
    `/public/links/${link.id}/submissions`,
    { kind: "text", respondent: { name, email }, consent: { agreed: true, ...consent }, text: WORDS, rating: 5 },
    false,
  );
  const id = sent.body.submission_id as string;
  await api("POST", `/v1/submissions/${id}/approve`);
  await api("POST", `/v1/submissions/${id}/visibility`, { is_public: true });
  return { id, url: await linkFromEmail(email) };
}

async function phone(): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    hasTouch: true,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const problems: string[] = [];
  page.on("console", (m) => m.type() === "error" && problems.push(`console: ${m.text()}`));
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  return { page, problems };
}

async function axe(page: Page, state: string) {
  const result = await axeBuilder(page).analyze();
  const bad = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${state}: ${v.id} ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual(
    [],
  );
}

beforeAll(async () => {
  sink = await startMailSink();
  server = await startServer({ env: { PLAUDIT_SMTP_URL: sink.url } });
  key = unitOfWork(server.deps, systemCtx(server.orgId, "live", server.deps.clock), (tx) =>
    createApiKey(tx, {
      mode: "live",
      scopes: [],
    }),
  ).secret;
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await sink?.stop();
});

test("look up, confirm, then the same link says it was already removed", async () => {
  const { id, url } = await testimonialWithLink("Rosa Removal", "rosa.removal@example.org");
  const { page, problems } = await phone();
  await page.goto(url);
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading.textContent()).resolves.toBe("Remove your testimonial?");
  await page.waitForFunction(() => document.activeElement?.id === "removal-title");
  const card = page.locator("section.removal");
  await expect(card.textContent()).resolves.toContain("Rosa Removal");
  expect(await page.locator("blockquote").textContent()).toBe(WORDS);
  expect(await page.locator("blockquote b").count()).toBe(0);
  expect(await card.textContent()).not.toContain("rosa.removal@example.org");
  const facts = await page.locator("dl.removal-facts").innerText();
  expect(facts).toContain("Acme");
  expect(facts).toContain("Written testimonial");
  await axe(page, "asking");
  await page.screenshot({ path: "/tmp/removal-phone.png", fullPage: true });
  expect((await api("GET", `/v1/submissions/${id}`)).status).toBe(200);

  // Keyboard only: Tab to the button, Enter to confirm.
  const button = page.getByRole("button", { name: "Yes, remove my testimonial" });
  const box = (await button.boundingBox())!;
  expect(box.width).toBeGreaterThan(300);
  expect(box.height).toBeGreaterThanOrEqual(44);
  await button.focus();
  await page.keyboard.press("Enter");
  await page.getByRole("heading", { name: "Your testimonial has been removed" }).waitFor();
  await page.waitForFunction(() => document.activeElement?.id === "removal-title");
  expect((await api("GET", `/v1/submissions/${id}`)).status).toBe(404);
  const slug = (await api("GET", "/v1/brands")).body.data[0].slug;
  await api("PATCH", `/v1/brands/${(await api("GET", "/v1/brands")).body.data[0].id}`, { is_public: true });
  expect(JSON.stringify((await api("GET", `/public/walls/${slug}`, undefined, false)).body)).not.toContain(
    "Rosa Removal",
  );
  await axe(page, "removed");
  await page.screenshot({ path: "/tmp/removal-done.png", fullPage: true });

  await page.reload();
  await page.getByRole("heading", { name: "This testimonial has already been removed" }).waitFor();
  expect(await page.getByRole("button", { name: /remove/i }).count()).toBe(0);
  await axe(page, "already removed");
  expect(problems).toEqual([]);
}, 60_000);

test("an unknown or cut-off link gets a clear page, never an error dump", async () => {
  const { page, problems } = await phone();
  for (const path of [`/remove/${"A".repeat(32)}`, "/remove/cut-off", `/remove/${"x".repeat(300)}`, "/remove"]) {
    await page.goto(`${server.url}${path}`);
    await page.getByRole("heading", { name: "This removal link does not work" }).waitFor();
    const text = await page.locator("body").innerText();
    expect(text).not.toMatch(/error|exception|stack|undefined|null/i);
  }
  await axe(page, "unknown");
  expect(problems).toEqual([]);
}, 60_000);
