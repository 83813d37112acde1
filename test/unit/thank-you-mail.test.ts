/**
 * The respondent's thank-you email: what they sent (described, never quoted), the owner's call to action, the
 * consent word for word, and the removal link; as text and as HTML in the brand's colour with its logo, every piece
 * of text escaped, no word of the sender's but a plain first name.
 */
import { describe, expect, test } from "bun:test";
import { greetingName, removalMail } from "../../src/domains/removals";
import { LINK_PLACEHOLDER } from "../../src/domains/removals/send";
import { escapeHtml, htmlMail } from "../../src/platform/mail/html-layout";

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

  test("the HTML part: the brand's colour and logo, the call to action as a button, the removal link last", () => {
    const m = removalMail({
      ...base,
      kind: "video",
      durationMs: 42_400,
      rating: 5,
      color: "#0f766e",
      logoUrl: "https://cdn.test/logos/acme.png",
      callToAction: { label: "Review us on Google", url: "https://g.page/acme/review?x=1&y=2" },
      consentText: "I agree that <Acme> may show this video.",
    });
    expect(m.html).toStartWith("<!doctype html>");
    expect(m.html).toContain('<img src="https://cdn.test/logos/acme.png" alt="Acme"');
    expect(m.html).toContain("border-top:6px solid #0f766e");
    expect(m.html).toContain(">Thank you, Ada!</h1>");
    // The owner's button, its address escaped for the attribute.
    expect(m.html).toContain('href="https://g.page/acme/review?x=1&amp;y=2"');
    expect(m.html).toContain(">Review us on Google</a>");
    expect(m.html).toContain("I agree that &lt;Acme&gt; may show this video.");
    // The placeholder stands for the removal link, after the button.
    const link = m.html.indexOf(`href="${LINK_PLACEHOLDER}"`);
    expect(link).toBeGreaterThan(m.html.indexOf(">Review us on Google</a>"));
    expect(m.text.indexOf("Review us on Google: https://g.page/acme/review?x=1&y=2")).toBeLessThan(
      m.text.indexOf(LINK_PLACEHOLDER),
    );
  });

  test("no logo: the brand's name stands alone; a stranger's name never reaches the HTML either", () => {
    const m = removalMail({ ...base, name: '<b onclick="x">Claim</b> http://spam.example', kind: "text" });
    expect(m.html).not.toContain("<img");
    expect(m.html).toContain(">Acme</p>");
    expect(m.html).toContain(">Thank you!</h1>");
    expect(m.html).not.toContain("spam.example");
    expect(m.html).not.toContain("onclick");
  });

  test("the layout escapes every piece of text and links only to http(s) addresses and placeholders", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
    const html = htmlMail({
      brand: { name: "Bad <Brand>", color: "not a colour", logoUrl: "javascript:alert(1)" },
      title: "<t>",
      preview: "<p>",
      heading: "<h>",
      blocks: [
        { p: ["a\nb ", { text: "<x>", href: "javascript:alert(2)" }] },
        { button: { label: "<go>", href: "https://ok.test/?a=1&b=<2>" } },
      ],
      footer: ["<f>"],
    });
    expect(html).not.toContain("javascript:");
    expect(html).not.toMatch(/<(t|p|h|x|go|f)>/);
    expect(html).toContain("a<br>b ");
    expect(html).toContain('href="https://ok.test/?a=1&amp;b=&lt;2&gt;"');
    expect(html).toContain("Bad &lt;Brand&gt;");
  });
});
