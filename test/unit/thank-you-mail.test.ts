/** The respondent's thank-you email: what they sent, the consent word for word, and the removal link. */
import { describe, expect, test } from "bun:test";
import { removalMail } from "../../src/domains/removals";

const base = { name: "Ada", brand: "Acme", sentAt: Date.UTC(2026, 10, 3) };

describe("thank-you email", () => {
  test("a video is described by its length and rating, with the consent quoted and the link", () => {
    const m = removalMail({
      ...base,
      kind: "video",
      durationMs: 42_400,
      rating: 5,
      consentText: "I agree that Acme may show\nthis video.",
      url: "https://x.test/remove/abc",
    });
    expect(m.subject).toBe("Thank you for your testimonial for Acme");
    expect(m.text).toContain("Hi Ada,");
    expect(m.text).toContain("What you sent on 3 November 2026: a 42-second video, rated 5 out of 5.");
    expect(m.text).toContain("> I agree that Acme may show\n> this video.");
    expect(m.text).toContain("https://x.test/remove/abc");
    expect(m.text).toContain("the recording, your words and your details");
  }, 5_000);

  test("long typed words are cut at a word boundary; no rating, no consent and no name are left out cleanly", () => {
    const words = Array.from({ length: 200 }, (_, i) => `word${i}`).join(" ");
    const m = removalMail({ ...base, name: "", kind: "text", text: words });
    expect(m.text.startsWith("Hi,\n")).toBe(true);
    expect(m.text).toContain("a written testimonial.");
    const quoted = m.text.split("\n").find((l) => l.startsWith("> word0"))!;
    expect(quoted.endsWith("…")).toBe(true);
    expect(quoted.length).toBeLessThanOrEqual(603);
    expect(quoted).toMatch(/ word\d+…$/);
    expect(m.text).not.toContain("You agreed");
    expect(m.text).not.toContain("rated");
  }, 5_000);

  test("an audio recording over a minute and a half is given in minutes", () => {
    expect(removalMail({ ...base, kind: "audio", durationMs: 150_000 }).text).toContain("a 3-minute audio recording.");
  }, 5_000);
});
