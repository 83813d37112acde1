/**
 * Wall pages in the brand's and visitor's language (issue 26; docs/languages.md): `?lang=`, else Accept-Language
 * among the brand's languages, else its default; `<html lang dir>`, `Content-Language`, `Vary: Accept-Language`,
 * every interface word from the `wall` catalog (no English left in German), dates and numbers through `Intl`, one
 * kept page per language, and error pages in the visitor's language.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { appApi, publish, sendWritten, wallBrand } from "../helpers/walls";
import { LANGUAGES } from "../../src/platform/i18n/languages";
import en from "../../src/platform/i18n/messages/wall/en.json";

let t: TestApp;
let a: TestOrg;
let wall: Awaited<ReturnType<typeof wallBrand>>;

const get = async (url: string, lang?: string) => {
  const res = await t.app.handle(new Request(url, { headers: lang ? { "accept-language": lang } : {} }));
  return { status: res.status, headers: res.headers, html: await res.text() };
};
/** The page's visible and screen-reader text, without markup, styles or scripts. */
const textOf = (html: string) =>
  html
    .replace(/<(style|script)\b[\s\S]*?<\/\1>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");

beforeAll(async () => {
  t = await makeTestApp();
  a = await t.org({ name: "Sprachen" });
  const api = appApi(t, a.liveKey);
  wall = await wallBrand(api, { name: "Bäckerei Müller" });
  await api("PATCH", `/v1/brands/${wall.id}`, { website_url: "https://baeckerei.example/", wall_link_id: wall.linkId });
  const ids = await sendWritten(api, wall.linkId, [
    { text: "Das beste Brot der Stadt, jeden Morgen frisch.", name: "Hans Weber", rating: 5 },
    { text: "Freundlich und schnell, sehr zu empfehlen.", name: "Eva Schmidt", rating: 4 },
  ]);
  await publish(api, ids);
});
afterAll(() => t.close());

describe("a wall page's language", () => {
  test("follows the browser among the brand's languages; German has no English interface word", async () => {
    const page = await get(wall.wallUrl, "de-DE,de;q=0.9,en;q=0.5");
    expect(page.status).toBe(200);
    expect(page.html).toContain('<html lang="de" dir="ltr">');
    expect(page.headers.get("content-language")).toBe("de");
    expect(page.headers.get("vary")).toContain("Accept-Language");
    const text = textOf(page.html);
    expect(text).toContain("Bewertungen für Bäckerei Müller");
    expect(text).toContain("Erfahrung teilen");
    expect(text).toContain("4,5");
    expect(text).toContain("Bewertungen veröffentlicht mit Plaudit");
    expect(text).toMatch(/\d+\. [A-Z][a-zä]+ \d{4}/); // 27. November 2026
    expect(page.html).toContain('content="de_DE"');
    // No English message of the wall catalog appears (its fixed parts, without the values put in).
    const english = Object.values(en)
      .flatMap((m) => m.split(/\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}/))
      .map((s) => s.trim())
      .filter((s) => /[a-z]{4}/i.test(s) && s !== "Plaudit");
    expect(english.filter((s) => text.includes(s))).toEqual([]);
  });

  test("?lang= chooses; Arabic is right to left; the permalink page follows", async () => {
    const ar = await get(`${wall.wallUrl}?lang=ar`, "de");
    expect(ar.html).toContain('<html lang="ar" dir="rtl">');
    expect(ar.html).toContain("شارك تجربتك");
    const link = /href="([^"]+\/t\/[^"]+)"/.exec(ar.html)![1]!;
    const one = await get(link, "fr");
    expect(one.html).toContain('<html lang="fr" dir="ltr">');
    expect(one.html).toContain("Tous les témoignages sur Bäckerei Müller");
  });

  test("a language the brand does not offer falls back to its default; pages are kept per language", async () => {
    await t.call("PATCH", `/v1/brands/${wall.id}`, {
      auth: a.liveKey,
      body: { languages: ["de", "nl"], default_language: "nl" },
    });
    const fr = await get(wall.wallUrl, "fr-FR");
    expect(fr.html).toContain('<html lang="nl" dir="ltr">');
    const de = await get(wall.wallUrl, "de");
    expect(de.html).toContain('<html lang="de" dir="ltr">');
    expect((await get(wall.wallUrl, "fr-FR")).html).toContain('<html lang="nl"');
    await t.call("PATCH", `/v1/brands/${wall.id}`, {
      auth: a.liveKey,
      body: { languages: [...LANGUAGES], default_language: "en" },
    });
    expect((await get(wall.wallUrl)).html).toContain('<html lang="en" dir="ltr">');
  });

  test("an unknown address answers in the visitor's language", async () => {
    const page = await get(`${wall.wallUrl}-nope`, "es");
    expect(page.status).toBe(404);
    expect(page.html).toContain('<html lang="es"');
    expect(page.html).toContain("Página no encontrada");
  });
});
