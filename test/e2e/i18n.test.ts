/**
 * The public pages in the visitor's language, in Chromium against the built server: a German browser gets the
 * capture page in German (`<html lang="de">`, no word of the English interface on screen); `?lang=ar` gets it in
 * Arabic, right to left; a widget on a German page says its own words ("Weiterlesen") and its dates in German,
 * and `data-svc-lang` overrides the page; the removal page follows the browser and `?lang=` too. Screenshots:
 * /tmp/i26-capture-de.png, /tmp/i26-capture-ar.png, /tmp/i26-widget-de.png, /tmp/i26-removal-ar.png.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { IntlMessageFormat } from "intl-messageformat";
import { launchChromium } from "../helpers/browser";
import { startServer, type RunningServer } from "../helpers/server";
import { httpApi, publish, sendWritten, wallBrand, type Api } from "../helpers/walls";
import captureEn from "../../src/platform/i18n/messages/capture/en.json";
import captureDe from "../../src/platform/i18n/messages/capture/de.json";
import captureAr from "../../src/platform/i18n/messages/capture/ar.json";

const LONG =
  "Honestly I was sceptical. Our customers are busy people and I did not think they would record anything. " +
  "Then the link went out in our onboarding email and within two weeks we had eleven videos, most of them under a " +
  "minute, all of them warmer than anything our marketing team could write. The moderation inbox made it painless " +
  "to pick the best ones, and the widget dropped into our site without a developer. Conversion on the pricing page " +
  "went up noticeably the month after. We now send the link after every project.";

let server: RunningServer;
let browser: Browser;
let captureUrl = "";
let widgetId = "";
let customer: ReturnType<typeof Bun.serve>;

type Literal = { type: number; value?: string; options?: Record<string, { value: Literal[] }> };

/** The fixed words of an ICU message (its literal parts, in every branch), at least 8 characters each. */
function literals(message: string): string[] {
  const out: string[] = [];
  const walk = (els: Literal[]) => {
    for (const el of els) {
      if (el.type === 0 && el.value && el.value.trim().length >= 8) out.push(el.value.trim());
      for (const o of Object.values(el.options ?? {})) walk(o.value);
    }
  };
  walk(new IntlMessageFormat(message, "en").getAst() as unknown as Literal[]);
  return out;
}

/** English interface words on screen: every English message (or its fixed words) found in the visible text. */
function englishLeaks(visible: string, translated: Record<string, string>): string[] {
  const leaks: string[] = [];
  for (const [key, message] of Object.entries(captureEn as Record<string, string>)) {
    if (translated[key] === message) continue;
    const parts = /[{}]/.test(message) ? literals(message) : message.length >= 4 ? [message] : [];
    for (const part of parts)
      if (/[a-z]{3}/i.test(part) && new RegExp(`(^|[^\\p{L}])${RegExp.escape(part)}($|[^\\p{L}])`, "u").test(visible))
        leaks.push(`${key}: ${part}`);
  }
  return leaks;
}

beforeAll(async () => {
  server = await startServer();
  const api: Api = httpApi(server.url, await server.createKey("live"));
  const brand = await wallBrand(api);
  const link = await api("POST", `/v1/brands/${brand.id}/links`, {
    title: "Acme",
    prompts: [{ text: "Acme?", max_seconds: 60 }],
    consent_text: "Acme: OK.",
    consent_version: "2026-11-01",
    ask_rating: true,
  });
  expect(link.status).toBe(201);
  captureUrl = link.body.url;
  const ids = await sendWritten(api, brand.linkId, [
    // The newest first on the wall: Alicia's long words, cut short with a "Read more".
    { name: "Tom Becker", text: "Simple, fast, and our clients love it.", rating: 4 },
    { name: "Alicia Gómez", text: LONG, rating: 5, title: "Marketing Lead", company: "Bright Dental" },
  ]);
  await publish(api, ids);
  const widget = await api("POST", "/v1/widgets", { brand_id: brand.id, layout: "wall" });
  expect(widget.status).toBe(201);
  widgetId = widget.body.id;
  for (let i = 0; ; i++) {
    const res = await fetch(`${server.url}/cdn/widgets/${widgetId}.json`);
    if (res.ok && ((await res.json()) as { items: unknown[] }).items.length === 2) break;
    if (i > 300) throw new Error("the widget document was not published within 60 s");
    await Bun.sleep(200);
  }
  customer = Bun.serve({
    port: 0,
    hostname: "localhost",
    fetch(req) {
      const q = new URL(req.url).searchParams;
      const own = q.get("svc") ? ` data-svc-lang="${q.get("svc")}"` : "";
      return new Response(
        `<!doctype html><html lang="${q.get("lang")}"><head><meta charset="utf-8"><title>Kunden</title></head><body><main><h1>Kunden</h1><div data-svc-widget="${widgetId}"${own} style="height:360px;width:340px"></div></main><script async src="${server.url}/cdn/widget.js"></script></body></html>`,
        { headers: { "content-type": "text/html; charset=utf-8" } },
      );
    },
  });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  customer?.stop(true);
  await server?.stop();
});

/** Opens the capture page in a wide tab with the given browser locale, once the form is on screen. */
async function openCapture(url: string, locale?: string): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 }, ...(locale ? { locale } : {}) });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (e) => problems.push(e.message));
  page.on("console", (m) => m.type() === "error" && problems.push(m.text()));
  await page.goto(url);
  await page.locator("form").waitFor();
  return { page, problems };
}

const htmlLang = (page: Page) =>
  page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));

describe("the capture page", () => {
  test("a German browser gets it in German: <html lang=de>, no English interface word on screen", async () => {
    const { page, problems } = await openCapture(captureUrl, "de-DE");
    expect(await htmlLang(page)).toEqual({ lang: "de", dir: "ltr" });
    await expect(page.getByRole("heading", { name: "Ihre Antwort" }).isVisible()).resolves.toBe(true);
    await expect(page.getByText("Wie möchten Sie antworten?").isVisible()).resolves.toBe(true);
    // Send with nothing filled in: the problems are in German too.
    await page.getByRole("button", { name: "Erfahrungsbericht senden" }).click();
    await page.getByText("Bitte geben Sie Ihren Namen ein.").first().waitFor();
    const visible = await page.evaluate(() => document.body.innerText);
    expect(englishLeaks(visible, captureDe)).toEqual([]);
    await page.screenshot({ path: "/tmp/i26-capture-de.png", fullPage: true });
    expect(problems).toEqual([]);
    await page.context().close();
  }, 60_000);

  test("?lang=ar gets it in Arabic, right to left, whatever the browser prefers", async () => {
    const { page, problems } = await openCapture(`${captureUrl}?lang=ar`, "en-US");
    expect(await htmlLang(page)).toEqual({ lang: "ar", dir: "rtl" });
    const heading = page.getByRole("heading", { name: "إجابتك" });
    await expect(heading.isVisible()).resolves.toBe(true);
    // Right to left: the heading's words start at the right edge of its card.
    const { words, card } = await heading.evaluate((h) => {
      const range = document.createRange();
      range.selectNodeContents(h);
      const r = range.getBoundingClientRect();
      const c = h.closest("section")!.getBoundingClientRect();
      return { words: { left: r.left, right: r.right }, card: { left: c.left, right: c.right } };
    });
    expect(card.right - words.right).toBeLessThan(40);
    expect(words.left - card.left).toBeGreaterThan(200);
    const visible = await page.evaluate(() => document.body.innerText);
    expect(englishLeaks(visible, captureAr)).toEqual([]);
    await page.screenshot({ path: "/tmp/i26-capture-ar.png", fullPage: true });
    // On a phone, the steps: Back and Next under each, in Arabic.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByRole("radio", { name: /كتابة/ }).check();
    if (!(await page.getByRole("button", { name: "رجوع" }).isVisible()))
      await page.getByRole("button", { name: "التالي" }).click();
    await page.getByRole("button", { name: "رجوع" }).waitFor();
    await page.screenshot({ path: "/tmp/i26-capture-ar-phone.png" });
    expect(problems).toEqual([]);
    await page.context().close();
  }, 60_000);
});

describe("the link's and the brand's languages", () => {
  test("a link in German is German in an English browser; a brand offering English and French follows the browser among them, else its default", async () => {
    const api: Api = httpApi(server.url, await server.createKey("live"));
    const brand = await api("POST", "/v1/brands", { name: "Zweisprachig" });
    expect(brand.status).toBe(201);
    const make = async (extra: Record<string, unknown>) => {
      const link = await api("POST", `/v1/brands/${brand.body.id}/links`, {
        title: "Acme",
        prompts: [{ text: "Acme?", max_seconds: 60 }],
        consent_text: "Acme: OK.",
        consent_version: "2026-11-01",
        ...extra,
      });
      expect(link.status).toBe(201);
      return link.body.url as string;
    };
    const german = await make({ language: "de" });
    const open = await make({});
    // The brand offers English and French, English by default.
    const patched = await api("PATCH", `/v1/brands/${brand.body.id}`, {
      languages: ["en", "fr"],
      default_language: "en",
    });
    expect(patched.status).toBe(200);

    const de = await openCapture(german, "en-US");
    expect(await htmlLang(de.page)).toEqual({ lang: "de", dir: "ltr" });
    expect(englishLeaks(await de.page.evaluate(() => document.body.innerText), captureDe)).toEqual([]);
    await de.page.context().close();

    // A German browser on a brand that offers only English and French: the default, English.
    const en = await openCapture(open, "de-DE");
    expect((await htmlLang(en.page)).lang).toBe("en");
    await expect(en.page.getByText(captureEn["method.question"]).first().isVisible()).resolves.toBe(true);
    await en.page.context().close();

    // A French browser: French.
    const fr = await openCapture(open, "fr-FR");
    expect((await htmlLang(fr.page)).lang).toBe("fr");
    await fr.page.context().close();
    expect([...de.problems, ...en.problems, ...fr.problems]).toEqual([]);
  }, 90_000);
});

describe("the removal page", () => {
  test("a French browser gets it in French; ?lang=ar right to left", async () => {
    const context = await browser.newContext({ locale: "fr-FR" });
    const page = await context.newPage();
    await page.goto(`${server.url}/remove/${"A".repeat(32)}`);
    await page.getByRole("heading", { name: "Ce lien de suppression ne fonctionne pas" }).waitFor();
    expect(await htmlLang(page)).toEqual({ lang: "fr", dir: "ltr" });
    await page.goto(`${server.url}/remove/${"A".repeat(32)}?lang=ar`);
    await page.getByRole("heading", { name: "رابط الحذف هذا لا يعمل" }).waitFor();
    expect(await htmlLang(page)).toEqual({ lang: "ar", dir: "rtl" });
    await page.screenshot({ path: "/tmp/i26-removal-ar.png" });
    await context.close();
  }, 60_000);
});

describe("the widget", () => {
  /** The widget's text once drawn on a customer page with `<html lang>` and an optional `data-svc-lang`. */
  async function widgetOn(lang: string, svc?: string, shot?: string) {
    const context = await browser.newContext({ viewport: { width: 800, height: 700 }, locale: "en-US" });
    const page = await context.newPage();
    await page.goto(`${customer.url}?lang=${lang}${svc ? `&svc=${svc}` : ""}`);
    const box = page.locator("div[data-svc-widget]");
    await box.locator("article").first().waitFor();
    if (shot) await page.screenshot({ path: shot });
    await page.waitForFunction(
      () => !!document.querySelector("div[data-svc-widget]")!.shadowRoot!.querySelector(".rm.on"),
    );
    const seen = await page.evaluate(() => {
      const root = document.querySelector("div[data-svc-widget]")!.shadowRoot!;
      return {
        more: root.querySelector(".rm")!.textContent,
        label: root.querySelector(".rm")!.getAttribute("aria-label"),
        date: root.querySelector("time")!.textContent,
        datetime: root.querySelector("time")!.getAttribute("datetime")!,
        lang: root.querySelector<HTMLElement>(".w")!.lang,
        text: (root.querySelector(".w") as HTMLElement).innerText,
      };
    });
    await context.close();
    return seen;
  }

  const dayIn = (lang: string, date: string) =>
    new Intl.DateTimeFormat(lang, { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" }).format(
      new Date(`${date}T00:00:00Z`),
    );

  test("on a German page it says its own words and dates in German", async () => {
    const seen = await widgetOn("de", undefined, "/tmp/i26-widget-de.png");
    expect(seen.lang).toBe("de");
    expect(seen.more).toBe("Weiterlesen");
    expect(seen.label).toBe("Mehr von Alicia Gómez lesen");
    expect(seen.date).toBe(dayIn("de", seen.datetime));
    expect(seen.date).not.toBe(dayIn("en", seen.datetime));
    expect(seen.text).not.toContain("Read more");
  }, 60_000);

  test("data-svc-lang wins over the page's language", async () => {
    const seen = await widgetOn("de", "fr");
    expect(seen.more).toBe("Lire la suite");
    expect(seen.date).toBe(dayIn("fr", seen.datetime));
  }, 60_000);

  test("on an English page it stays English", async () => {
    const seen = await widgetOn("en");
    expect(seen.more).toBe("Read more");
    expect(seen.date).toBe(dayIn("en", seen.datetime));
  }, 60_000);
});
