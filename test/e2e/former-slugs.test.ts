/**
 * Former addresses in the dashboard (security review, issue 30), in Chromium against dist/plaudit: the link editor
 * and the brand settings list each former address with the date it is kept until and a sentence saying what
 * releasing means; "Release" asks first, then gives the address up (the list empties, the server agrees).
 * Screenshot: /tmp/former-slugs-link.png.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { type Browser } from "playwright-core";
import { launchChromium, signInAs } from "../helpers/browser";
import { startServer, type RunningServer } from "../helpers/server";

let server: RunningServer;
let browser: Browser;
let key: string;

const api = (method: string, path: string, body?: unknown) =>
  fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));

const MEANS = "Anyone on this server could then take the address; printed QR codes would stop leading to you.";

beforeAll(async () => {
  server = await startServer();
  browser = await launchChromium();
  key = await server.createKey("live");
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test("a link's and a brand's former addresses are shown with what release means, and released on request", async () => {
  const brand = (await api("GET", "/v1/brands")).body.data[0];
  const link = await api("POST", `/v1/brands/${brand.id}/links`, {
    title: "Spring feedback",
    prompts: [{ text: "How was it?" }],
    consent_text: "I agree.",
    consent_version: "v1",
    slug: "spring-offer",
  });
  expect((await api("PATCH", `/v1/links/${link.body.id}`, { slug: "spring-sale" })).status).toBe(200);
  expect((await api("PATCH", `/v1/brands/${brand.id}`, { slug: "acme-renamed" })).status).toBe(200);

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const problems: string[] = [];
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  await signInAs(page, server.url, server.owner);

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Links" }).click();
  const card = page.locator("article.link-card").filter({ hasText: "Spring feedback" });
  await card.getByRole("button", { name: "Edit “Spring feedback”" }).click();
  const former = page.getByRole("region", { name: "Former addresses" });
  await former.getByText(`${server.url}/c/spring-offer`).waitFor();
  await former.getByText(/Kept for you until/).waitFor();
  await former.getByText(MEANS, { exact: false }).waitFor();
  await former.getByRole("button", { name: "Release" }).click();
  await former.getByText(`Release ${server.url}/c/spring-offer? ${MEANS}`).waitFor();
  await page.screenshot({ path: "/tmp/former-slugs-link.png", fullPage: true });
  await former.getByRole("button", { name: "Release it" }).click();
  await page.getByRole("region", { name: "Former addresses" }).waitFor({ state: "detached" });
  // The editor stays open with what was typed; the server no longer holds the slug for the link.
  await page.locator("form.link-form").waitFor();
  expect((await api("GET", `/v1/links/${link.body.id}`)).body.former_slugs).toEqual([]);

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Brands" }).click();
  const brandCard = page.locator("article.brand-card").filter({ hasText: brand.name });
  await brandCard.getByRole("button", { name: "Edit" }).click();
  const held = brandCard.getByRole("region", { name: "Former addresses" });
  await held.getByText(`${server.url}/b/${brand.slug}`).waitFor();
  await held.getByRole("button", { name: "Release" }).click();
  await held.getByRole("button", { name: "Release it" }).click();
  await brandCard.getByRole("region", { name: "Former addresses" }).waitFor({ state: "detached" });
  expect((await api("GET", `/v1/brands/${brand.id}`)).body.former_slugs).toEqual([]);
  expect(problems).toEqual([]);
  await context.close();
}, 90_000);
