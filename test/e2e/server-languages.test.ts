/**
 * The server's own words in the respondent's and visitor's language, against the built server (issue 26): a
 * testimonial sent from a French page brings a French thank-you email through a real SMTP server; a wall in a
 * German browser is German (`<html lang="de">`, no word of the English wall interface on screen); `?lang=ar` lays
 * the wall out right to left; a link's owner-written French texts are what a French browser's capture page shows.
 * Screenshots: /tmp/i26-wall-de.png, /tmp/i26-wall-ar.png, /tmp/i26-capture-fr-translated.png.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { IntlMessageFormat } from "intl-messageformat";
import { launchChromium, visit } from "../helpers/browser";
import { startServer, type RunningServer } from "../helpers/server";
import { mailHeader, mailParts, mailText, startMailSink, type MailSink } from "../helpers/smtp";
import { httpApi, publish, sendWritten, wallBrand, type Api } from "../helpers/walls";
import wallEn from "../../src/platform/i18n/messages/wall/en.json";

let sink: MailSink;
let server: RunningServer;
let browser: Browser;
let api: Api;
let wall: Awaited<ReturnType<typeof wallBrand>>;

type Literal = { type: number; value?: string; options?: Record<string, { value: Literal[] }> };

/** The fixed words of an ICU message (its literal parts, in every branch), at least 6 characters each. */
function literals(message: string): string[] {
  const out: string[] = [];
  const walk = (els: Literal[]) => {
    for (const el of els) {
      if (el.type === 0 && el.value && el.value.trim().length >= 6) out.push(el.value.trim());
      for (const o of Object.values(el.options ?? {})) walk(o.value);
    }
  };
  walk(new IntlMessageFormat(message, "en").getAst() as unknown as Literal[]);
  return out;
}

/** English wall words in a page's text (visible and for screen readers). */
const englishLeaks = (text: string) =>
  Object.entries(wallEn as Record<string, string>).flatMap(([key, message]) =>
    literals(message)
      .filter((part) => /[a-z]{3}/i.test(part) && part !== "Plaudit" && text.includes(part))
      .map((part) => `${key}: ${part}`),
  );

async function until(what: string, ok: () => boolean, ms = 30_000) {
  for (const end = Date.now() + ms; !ok(); await Bun.sleep(100))
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
}

beforeAll(async () => {
  sink = await startMailSink();
  server = await startServer({ env: { PLAUDIT_SMTP_URL: sink.url, PLAUDIT_MAIL_BULK_PER_MINUTE: "0" } });
  api = httpApi(server.url, await server.createKey("live"));
  wall = await wallBrand(api, { name: "Bäckerei Müller" });
  expect((await api("PATCH", `/v1/brands/${wall.id}`, { wall_link_id: wall.linkId })).status).toBe(200);
  const ids = await sendWritten(api, wall.linkId, [
    { text: "Das beste Brot der Stadt, jeden Morgen frisch gebacken.", name: "Hans Weber", rating: 5 },
    { text: "Freundlich, schnell und immer ein Lächeln dazu.", name: "Eva Schmidt", rating: 4, company: "Café Eva" },
  ]);
  await publish(api, ids);
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await sink?.stop();
});

describe("emails to respondents", () => {
  test("a testimonial sent from a French page brings a French thank-you", async () => {
    const link = (await api("GET", `/v1/links/${wall.linkId}`)).body;
    const r = await fetch(`${server.url}/public/links/${wall.linkId}/submissions`, {
      method: "POST",
      headers: { "content-type": "application/json", "accept-language": "en-US" },
      body: JSON.stringify({
        kind: "text",
        respondent: { name: "Camille Martin", email: "camille@example.com" },
        consent: { agreed: true, text: link.consent_text, version: link.consent_version },
        text: "Un accueil chaleureux et un pain délicieux, merci !",
        rating: 5,
        language: "fr",
      }),
    });
    expect(r.status).toBe(201);
    const { submission_id } = (await r.json()) as { submission_id: string };
    await until("the thank-you email", () => sink.received.some((m) => m.to.includes("camille@example.com")));
    const raw = sink.received.find((m) => m.to.includes("camille@example.com"))!.raw;
    expect(mailHeader(raw, "subject")).toBe("Merci pour votre témoignage pour Bäckerei Müller");
    const text = mailText(raw);
    expect(text).toStartWith("Bonjour Camille,");
    expect(text).toContain("Merci d’avoir partagé votre expérience avec Bäckerei Müller !");
    expect(text).toContain("un témoignage écrit, noté 5 sur 5.");
    expect(text).toContain("Votre lien personnel de retrait :");
    expect(text).not.toMatch(/Thank you|Hi Camille|testimonial/);
    const html = mailParts(raw)["text/html"]!;
    expect(html).toContain('<html lang="fr" dir="ltr">');
    expect(html).toContain("Retirer mon témoignage");
    const detail = (await api("GET", `/v1/submissions/${submission_id}`)).body;
    expect(detail.page_language).toBe("fr");
    expect(detail.consent.language).toBe("fr");
  }, 60_000);
});

/** Opens the wall in a new tab with a browser locale. */
async function openWall(url: string, locale: string): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 }, locale });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (e) => problems.push(e.message));
  await visit(page, url);
  return { page, problems };
}

const htmlLang = (page: Page) =>
  page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));

describe("wall pages", () => {
  test("a German browser gets the wall in German: <html lang=de>, no English interface word", async () => {
    const { page, problems } = await openWall(wall.wallUrl, "de-DE");
    expect(await htmlLang(page)).toEqual({ lang: "de", dir: "ltr" });
    await expect(page.getByRole("heading", { name: "Bewertungen für Bäckerei Müller" }).isVisible()).resolves.toBe(
      true,
    );
    await expect(page.getByRole("link", { name: "Erfahrung teilen" }).isVisible()).resolves.toBe(true);
    // Everything the page says, screen-reader words included.
    const text = await page.evaluate(() => {
      const body = document.body.cloneNode(true) as HTMLElement;
      for (const s of body.querySelectorAll("script, style")) s.remove();
      return body.textContent ?? "";
    });
    expect(text).toContain("4,5");
    expect(englishLeaks(text)).toEqual([]);
    expect(englishLeaks(await page.title())).toEqual([]);
    await page.screenshot({ path: "/tmp/i26-wall-de.png", fullPage: true });
    expect(problems).toEqual([]);
    await page.context().close();
  }, 60_000);

  test("?lang=ar lays the wall out right to left", async () => {
    const { page, problems } = await openWall(`${wall.wallUrl}?lang=ar`, "en-US");
    expect(await htmlLang(page)).toEqual({ lang: "ar", dir: "rtl" });
    const heading = page.getByRole("heading", { name: "شهادات عن Bäckerei Müller" });
    await expect(heading.isVisible()).resolves.toBe(true);
    // Right to left: the header's logo is at the right, its words to its left.
    const { logo, words } = await page.evaluate(() => {
      const box = (el: Element | null) => el!.getBoundingClientRect();
      return { logo: box(document.querySelector("header img")), words: box(document.querySelector("header h1")) };
    });
    expect(logo.left).toBeGreaterThan(words.left);
    await expect(page.getByRole("link", { name: "شارك تجربتك" }).isVisible()).resolves.toBe(true);
    await page.screenshot({ path: "/tmp/i26-wall-ar.png", fullPage: true });
    expect(problems).toEqual([]);
    await page.context().close();
  }, 60_000);
});

describe("owner-written texts per language", () => {
  test("a French browser's capture page shows the link's French title, prompt and consent", async () => {
    const made = await api("POST", `/v1/brands/${wall.id}/links`, {
      title: "Tell us about your visit",
      prompts: [{ text: "How was your visit?", max_seconds: 60 }],
      consent_text: "You may publish my words.",
      consent_version: "v1",
      translations: {
        fr: {
          title: "Parlez-nous de votre visite",
          prompts: ["Comment s’est passée votre visite ?"],
          consent_text: "Vous pouvez publier mes mots.",
        },
      },
    });
    expect(made.status).toBe(201);
    const context = await browser.newContext({ viewport: { width: 1100, height: 900 }, locale: "fr-FR" });
    const page = await context.newPage();
    await visit(page, made.body.url);
    await page.locator("form").waitFor();
    expect(await htmlLang(page)).toEqual({ lang: "fr", dir: "ltr" });
    const text = await page.evaluate(() => document.body.innerText);
    expect(text).toContain("Parlez-nous de votre visite");
    expect(text).toContain("Comment s’est passée votre visite ?");
    expect(text).toContain("Vous pouvez publier mes mots.");
    expect(text).not.toContain("You may publish my words.");
    await page.screenshot({ path: "/tmp/i26-capture-fr-translated.png", fullPage: true });
    await context.close();
  }, 60_000);
});
