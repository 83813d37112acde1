/** The respondent's thank-you email: what they sent (described, never quoted), the consent word for word, and the removal link. */
import { describe, expect, test } from "bun:test";
import { greetingName, removalMail } from "../../src/domains/removals";

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

  test("a written testimonial is described, never quoted; no rating, no consent and no name are left out cleanly", () => {
    const m = removalMail({ ...base, name: "", kind: "text" });
    expect(m.text.startsWith("Hi,\n")).toBe(true);
    expect(m.text).toContain("a written testimonial.");
    expect(m.text).not.toContain("> ");
    expect(m.text).not.toContain("You agreed");
    expect(m.text).not.toContain("rated");
  }, 5_000);

  test("the greeting uses a short, plain first name only: a stranger's long or odd name never reaches the inbox", () => {
    expect(removalMail({ ...base, name: "Ada Lovelace", kind: "text" }).text.startsWith("Hi Ada,\n")).toBe(true);
    expect(greetingName("Jean-Luc Picard")).toBe("Jean-Luc");
    expect(greetingName("Zoë")).toBe("Zoë");
    expect(greetingName("O'Brien")).toBe("O'Brien");
    for (const odd of ["WIN-$1000-NOW!", "http://spam.example", "A".repeat(31), "you@won.example", "", "  "])
      expect(greetingName(odd)).toBeNull();
    const spam = removalMail({ ...base, name: "Claim your prize at http://spam.example now", kind: "text" });
    expect(spam.text.startsWith("Hi Claim,\n")).toBe(true);
    expect(spam.text).not.toContain("spam.example");
  }, 5_000);

  test("an audio recording over a minute and a half is given in minutes", () => {
    expect(removalMail({ ...base, kind: "audio", durationMs: 150_000 }).text).toContain("a 3-minute audio recording.");
  }, 5_000);
});
