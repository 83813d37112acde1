/**
 * A link's own texts in another language, written in the dashboard's link editor (issue 26), in Chromium against
 * dist/plaudit: French added to a link, its title, question and consent written, saved; the API answers them as
 * `translations.fr`; a visitor whose browser prefers French sees them on the capture page, and an English visitor
 * still sees the link's own words. Screenshot: /tmp/link-translations-editor.png.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { launchChromium, signInAs, visit } from "../helpers/browser";
import { startServer, type RunningServer } from "../helpers/server";

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test("French texts written in the link editor are what a French visitor reads on the capture page", async () => {
  const key = await server.createKey("live");
  const api = (method: string, path: string, body?: unknown) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));
  const brand = (await api("GET", "/v1/brands")).body.data[0];
  const made = await api("POST", `/v1/brands/${brand.id}/links`, {
    title: "Tell us about your visit",
    prompts: [{ text: "How was your visit?" }],
    consent_text: "You may publish my words.",
    consent_version: "v1",
  });
  expect(made.status).toBe(201);

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const problems: string[] = [];
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  await signInAs(page, server.url, server.owner);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Links" }).click();
  await page.getByRole("button", { name: "Edit “Tell us about your visit”" }).click();
  const form = page.locator("form.link-form");
  await form.getByLabel("Add a language").selectOption("fr");
  await form.getByLabel("Title in Français").fill("Parlez-nous de votre visite");
  await form.getByLabel("Question 1 in Français").fill("Comment s’est passée votre visite ?");
  await form.getByLabel("Consent wording in Français").fill("Vous pouvez publier mes mots.");
  await form.locator(".link-translation").screenshot({ path: "/tmp/link-translations-editor.png" });
  await form.getByRole("button", { name: "Save changes" }).click();
  await page.getByText("“Tell us about your visit” is saved").waitFor();
  expect(problems).toEqual([]);
  await context.close();

  const saved = (await api("GET", `/v1/links/${made.body.id}`)).body;
  expect(saved.translations).toEqual({
    fr: {
      title: "Parlez-nous de votre visite",
      prompts: ["Comment s’est passée votre visite ?"],
      consent_text: "Vous pouvez publier mes mots.",
    },
  });
  expect(saved.title).toBe("Tell us about your visit");

  for (const [locale, words, not] of [
    [
      "fr-FR",
      ["Parlez-nous de votre visite", "Comment s’est passée votre visite ?", "Vous pouvez publier mes mots."],
      "You may publish my words.",
    ],
    ["en-GB", ["Tell us about your visit", "How was your visit?", "You may publish my words."], "Vous pouvez publier"],
  ] as const) {
    const visitor = await browser.newContext({ viewport: { width: 1100, height: 900 }, locale });
    const tab = await visitor.newPage();
    await visit(tab, made.body.url);
    await tab.locator("form").waitFor();
    const text = await tab.evaluate(() => document.body.innerText);
    for (const w of words) expect(text, locale).toContain(w);
    expect(text, locale).not.toContain(not);
    await visitor.close();
  }
}, 120_000);
