/**
 * The languages of a brand, a collect link and a widget (issue 26; docs/languages.md): stored, validated, shown in
 * their answers, and carried to where the visitor's page chooses: the capture page's config and `<html lang dir>`,
 * the widget document's `language`.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { LANGUAGES } from "../../src/platform/i18n/languages";

let t: TestApp;
let a: TestOrg;
let brandId = "";

const link = (extra: Record<string, unknown> = {}) =>
  t.call("POST", `/v1/brands/${brandId}/links`, {
    auth: a.liveKey,
    body: {
      title: "Acme",
      prompts: [{ text: "How was it?", max_seconds: 60 }],
      consent_text: "You may publish this.",
      consent_version: "2026-11-01",
      ...extra,
    },
  });

/** The capture page of a link: its `<html>` tag and the config the page reads. */
async function capturePage(url: string) {
  const res = await t.app.handle(new Request(url));
  expect(res.status).toBe(200);
  const html = await res.text();
  const tag = /<html[^>]*>/i.exec(html)![0];
  const content = /<meta name="plaudit-config" content="([^"]*)">/.exec(html)![1]!;
  const config = JSON.parse(content.replaceAll("&quot;", '"').replaceAll("&amp;", "&"));
  return { tag, config };
}

beforeAll(async () => {
  t = await makeTestApp({}, { web: true });
  a = await t.org({ plan: "core" });
  const made = await t.call("POST", "/v1/brands", { auth: a.liveKey, body: { name: "Languages" } });
  brandId = made.body.id;
});
afterAll(() => t.close());

describe("a brand's languages", () => {
  test("start as every language, English by default", async () => {
    const r = await t.call("GET", `/v1/brands/${brandId}`, { auth: a.liveKey });
    expect(r.body.languages).toEqual([...LANGUAGES]);
    expect(r.body.default_language).toBe("en");
  });

  test("change together; the default must be offered; unknown codes and an empty offer are refused", async () => {
    const ok = await t.call("PATCH", `/v1/brands/${brandId}`, {
      auth: a.liveKey,
      body: { languages: ["fr", "en"], default_language: "fr" },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.languages).toEqual(["en", "fr"]);
    expect(ok.body.default_language).toBe("fr");
    const dropped = await t.call("PATCH", `/v1/brands/${brandId}`, { auth: a.liveKey, body: { languages: ["en"] } });
    expect(dropped.status).toBe(400);
    expect(dropped.body.error.details.field).toBe("default_language");
    for (const body of [
      { languages: [] },
      { languages: ["xx"] },
      { default_language: "klingon" },
      { languages: "en" },
    ]) {
      const r = await t.call("PATCH", `/v1/brands/${brandId}`, { auth: a.liveKey, body });
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
    }
    const after = await t.call("GET", `/v1/brands/${brandId}`, { auth: a.liveKey });
    expect(after.body.languages).toEqual(["en", "fr"]);
    expect(after.body.default_language).toBe("fr");
  });

  test("reach the capture page: the offer and default in its config, <html lang dir> the default", async () => {
    const l = await link();
    expect(l.status).toBe(201);
    expect(l.body.language).toBeNull();
    const { tag, config } = await capturePage(l.body.url);
    expect(tag).toBe('<html lang="fr" dir="ltr">');
    expect(config.languages).toEqual(["en", "fr"]);
    expect(config.default_language).toBe("fr");
    expect(config.lang).toBeUndefined();
  });
});

describe("a link's language", () => {
  test("is shown whatever the browser prefers, even one the brand does not offer; Arabic is right to left", async () => {
    const l = await link({ language: "ar" });
    expect(l.status).toBe(201);
    expect(l.body.language).toBe("ar");
    const { tag, config } = await capturePage(l.body.url);
    expect(tag).toBe('<html lang="ar" dir="rtl">');
    expect(config.lang).toBe("ar");
    expect(config.languages).toEqual(["en", "fr", "ar"]);
  });

  test("an unknown code is refused; null gives the choice back to the visitor", async () => {
    expect((await link({ language: "xx" })).status).toBe(400);
    const l = await link({ language: "de" });
    const cleared = await t.call("PATCH", `/v1/links/${l.body.id}`, { auth: a.liveKey, body: { language: null } });
    expect(cleared.status).toBe(200);
    expect(cleared.body.language).toBeNull();
  });
});

describe("a widget's language", () => {
  test("is null by default and, once set, is the document's language", async () => {
    const w = await t.call("POST", "/v1/widgets", { auth: a.liveKey, body: { brand_id: brandId } });
    expect(w.status).toBe(201);
    expect(w.body.language).toBeNull();
    const preview = await t.call("POST", "/v1/widgets/preview", {
      auth: a.liveKey,
      body: { brand_id: brandId, language: "de" },
    });
    expect(preview.status).toBe(200);
    expect(preview.body.language).toBe("de");
    const set = await t.call("PATCH", `/v1/widgets/${w.body.id}`, { auth: a.liveKey, body: { language: "nl" } });
    expect(set.body.language).toBe("nl");
    expect(
      (await t.call("PATCH", `/v1/widgets/${w.body.id}`, { auth: a.liveKey, body: { language: "xx" } })).status,
    ).toBe(400);
  });
});
