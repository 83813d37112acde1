/**
 * Sentiment (score in [-1, 1] and label) and language detection (ISO 639-1, null for short text), plus the WER
 * function the speech tests use.
 */
import { describe, expect, test } from "bun:test";
import { detectLanguage } from "../../src/media/language";
import { analyseSentiment, sentimentOf } from "../../src/media/sentiment";
import { normaliseWords, wordErrorRate } from "../../src/media/speech/wer";

describe("sentiment", () => {
  test("praise is positive, complaints negative, plain facts neutral", () => {
    const good = analyseSentiment("This product is amazing. I love it, and the support team was wonderful!");
    const bad = analyseSentiment("Terrible experience. It broke after a day and nobody answered my emails.");
    const flat = analyseSentiment("I bought it in March and use it at work.");
    expect(good.label).toBe("positive");
    expect(good.score).toBeGreaterThan(0.5);
    expect(bad.label).toBe("negative");
    expect(bad.score).toBeLessThan(-0.5);
    expect(flat).toEqual({ score: 0, label: "neutral", raw: 0 });
  });

  test("scores stay within [-1, 1] however long the text", () => {
    const long = analyseSentiment("great excellent amazing wonderful fantastic ".repeat(200));
    const worst = analyseSentiment("awful horrible terrible disaster ".repeat(200));
    expect(long.score).toBeLessThanOrEqual(1);
    expect(worst.score).toBeGreaterThanOrEqual(-1);
    expect(sentimentOf("")).toEqual({ score: 0, label: "neutral" });
  });

  test("negation flips the word it governs", () => {
    expect(analyseSentiment("not good").score).toBeLessThan(0);
  });
});

describe("language", () => {
  test("detects common languages as ISO 639-1", () => {
    expect(
      detectLanguage("Honestly, the team made everything simple. Our customers noticed the difference within a week!"),
    ).toBe("en");
    expect(
      detectLanguage("Das Team hat alles ganz einfach gemacht, unsere Kunden haben den Unterschied sofort bemerkt."),
    ).toBe("de");
    expect(detectLanguage("L'équipe a tout rendu très simple et nos clients ont remarqué la différence.")).toBe("fr");
    expect(detectLanguage("El equipo hizo que todo fuera muy sencillo y nuestros clientes lo notaron enseguida.")).toBe(
      "es",
    );
  });

  test("short or letterless text gives null", () => {
    expect(detectLanguage("Great!")).toBeNull();
    expect(detectLanguage("Five stars, thanks")).toBeNull();
    expect(detectLanguage("10/10 ★★★★★ 👍👍👍 !!! 12345 67890")).toBeNull();
    expect(detectLanguage("")).toBeNull();
  });
});

describe("word error rate", () => {
  test("counts substitutions, deletions and insertions over the reference", () => {
    expect(wordErrorRate("the cat sat", "the cat sat")).toBe(0);
    expect(wordErrorRate("the cat sat", "the bat sat")).toBeCloseTo(1 / 3);
    expect(wordErrorRate("the cat sat", "the sat")).toBeCloseTo(1 / 3);
    expect(wordErrorRate("the cat sat", "oh the cat sat down")).toBeCloseTo(2 / 3);
    expect(wordErrorRate("", "")).toBe(0);
  });

  test("ignores case and punctuation but keeps apostrophes", () => {
    expect(normaliseWords("Honestly, I'd say: GREAT!")).toEqual(["honestly", "i'd", "say", "great"]);
    expect(wordErrorRate("Honestly, it's great.", "honestly its great")).toBeCloseTo(1 / 3);
  });
});
