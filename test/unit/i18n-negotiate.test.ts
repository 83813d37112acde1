/** The choice of a public page's language (src/platform/i18n/languages.ts). */
import { describe, expect, test } from "bun:test";
import { direction, LANGUAGES, negotiate, primary } from "../../src/platform/i18n/languages";

describe("negotiate", () => {
  test("the browser's preference, matched on the primary language (BCP 47)", () => {
    expect(negotiate({ preferred: ["de-AT", "en"] })).toBe("de");
    expect(negotiate({ preferred: ["pt-BR"] })).toBe("pt");
    expect(negotiate({ preferred: ["zh-CN", "fr-CA", "de"] })).toBe("fr");
    expect(negotiate({ preferred: ["ar-EG"] })).toBe("ar");
  });

  test("an explicit language wins over the browser; the first explicit one that is offered", () => {
    expect(negotiate({ explicit: ["es"], preferred: ["de"] })).toBe("es");
    expect(negotiate({ explicit: [null, "it"], preferred: ["de"] })).toBe("it");
    expect(negotiate({ explicit: ["xx", undefined, ""], preferred: ["nl-BE"] })).toBe("nl");
  });

  test("only offered languages; else the default; else English", () => {
    expect(negotiate({ preferred: ["de"], offered: ["en", "fr"] })).toBe("en");
    expect(negotiate({ explicit: ["de"], preferred: ["fr"], offered: ["en", "fr"] })).toBe("fr");
    expect(negotiate({ preferred: ["ja"], offered: ["en", "fr"], fallback: "fr" })).toBe("fr");
    expect(negotiate({ preferred: ["ja"], fallback: "xx" })).toBe("en");
    expect(negotiate({})).toBe("en");
    // Unknown offered languages are ignored; none known means all.
    expect(negotiate({ preferred: ["it"], offered: ["ja", "it-IT"] })).toBe("it");
    expect(negotiate({ preferred: ["it"], offered: ["ja"] })).toBe("it");
  });

  test("tags in any case and with underscores", () => {
    expect(primary("PT_br")).toBe("pt");
    expect(negotiate({ preferred: ["DE-de"] })).toBe("de");
  });
});

test("eight languages, Arabic right to left", () => {
  expect([...LANGUAGES]).toEqual(["en", "de", "fr", "es", "pt", "it", "nl", "ar"]);
  expect(LANGUAGES.map(direction)).toEqual(["ltr", "ltr", "ltr", "ltr", "ltr", "ltr", "ltr", "rtl"]);
});
