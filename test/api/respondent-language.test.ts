/**
 * The respondent's language on the server (issue 26; docs/languages.md): a testimonial records the language of the
 * page it was sent from (sent by the page, else chosen as the page would: the link's, else Accept-Language among
 * the brand's, else its default), the consent records it beside the exact words, and the emails to respondents
 * (the thank-you with its removal link, requests and their reminders) are written in it, `<html lang dir>` too.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { runDueJobs } from "../../src/platform/jobs/worker";
import { buildRegistry } from "../../src/composition";
import type { MailMessage } from "../../src/platform/mail/mailer";
import { requestMail } from "../../src/domains/campaigns/message";
import { removalMail } from "../../src/domains/removals/mail";
import { LANGUAGES } from "../../src/platform/i18n/languages";

let t: TestApp;
let a: TestOrg;
let brandId = "";
const consentText = "I agree that my words may be published.";
const delivered: MailMessage[] = [];

const makeLink = async (extra: Record<string, unknown> = {}) =>
  (
    await t.call("POST", `/v1/brands/${brandId}/links`, {
      auth: a.liveKey,
      body: {
        title: "Tell us",
        prompts: [{ text: "How was it?" }],
        consent_text: consentText,
        consent_version: "v1",
        ...extra,
      },
    })
  ).body.id as string;

/** Sends a written testimonial; returns its id. */
async function send(linkId: string, email: string, extra: Record<string, unknown> = {}, headers = {}) {
  const r = await t.call("POST", `/public/links/${linkId}/submissions`, {
    headers,
    body: {
      kind: "text",
      respondent: { name: "Camille Martin", email },
      consent: { agreed: true, text: consentText, version: "v1" },
      text: "Un service formidable, je recommande vivement.",
      ...extra,
    },
  });
  expect(r.status).toBe(201);
  return r.body.submission_id as string;
}

const outbox = (to: string) =>
  t.deps.db.$client.query('SELECT subject, text, html FROM mail_outbox WHERE "to" = ?').all(to) as {
    subject: string;
    text: string;
    html: string;
  }[];

beforeAll(async () => {
  t = await makeTestApp({ PLAUDIT_MAIL_BULK_PER_MINUTE: "0" });
  t.deps.mailer = { delivers: true, send: async (m) => (delivered.push(m), { messageId: "<m@test>" }), close() {} };
  a = await t.org({ name: "Langues" });
  brandId = (await t.call("POST", "/v1/brands", { auth: a.liveKey, body: { name: "Maison Dupont" } })).body.id;
});
afterAll(() => t.close());

describe("a testimonial records its language", () => {
  test("the page's language is recorded, on the testimonial and its consent, and the thank-you is in it", async () => {
    const id = await send(await makeLink(), "camille@example.com", { language: "fr" });
    const detail = (await t.call("GET", `/v1/submissions/${id}`, { auth: a.liveKey })).body;
    expect(detail.page_language).toBe("fr");
    expect(detail.consent).toMatchObject({ text: consentText, version: "v1", language: "fr" });
    const [mail] = outbox("camille@example.com");
    expect(mail!.subject).toBe("Merci pour votre témoignage pour Maison Dupont");
    expect(mail!.text).toStartWith("Bonjour Camille,");
    expect(mail!.text).toContain("un témoignage écrit");
    expect(mail!.text).toContain("Vous avez accepté ceci en l’envoyant :");
    expect(mail!.text).not.toContain("Thank you");
    expect(mail!.html).toContain('<html lang="fr" dir="ltr">');
    expect(mail!.html).toContain("Retirer mon témoignage");
  });

  test("without one from the page: the link's language, else Accept-Language among the brand's, else its default", async () => {
    const german = await send(await makeLink({ language: "de" }), "a@example.com", {}, { "accept-language": "fr" });
    const browser = await send(await makeLink(), "b@example.com", {}, { "accept-language": "es-MX, en;q=0.5" });
    const none = await send(await makeLink(), "c@example.com", {}, { "accept-language": "ja" });
    const language = async (id: string) =>
      (await t.call("GET", `/v1/submissions/${id}`, { auth: a.liveKey })).body.page_language;
    expect(await language(german)).toBe("de");
    expect(await language(browser)).toBe("es");
    expect(await language(none)).toBe("en");
    expect(outbox("a@example.com")[0]!.subject).toBe("Vielen Dank für Ihre Bewertung für Maison Dupont");
    expect(outbox("b@example.com")[0]!.subject).toBe("Gracias por su testimonio para Maison Dupont");
  });

  test("a language the page does not offer is not recorded as sent", async () => {
    await t.call("PATCH", `/v1/brands/${brandId}`, {
      auth: a.liveKey,
      body: { languages: ["en", "nl"], default_language: "nl" },
    });
    const id = await send(await makeLink(), "d@example.com", { language: "it" });
    expect((await t.call("GET", `/v1/submissions/${id}`, { auth: a.liveKey })).body.page_language).toBe("nl");
    expect(outbox("d@example.com")[0]!.subject).toBe("Bedankt voor uw getuigenis voor Maison Dupont");
    await t.call("PATCH", `/v1/brands/${brandId}`, {
      auth: a.liveKey,
      body: { languages: [...LANGUAGES], default_language: "en" },
    });
  });
});

describe("request emails", () => {
  test("are written in the link's language, the owner's own words as written", async () => {
    const linkId = await makeLink({ language: "de" });
    const r = await t.call("POST", "/v1/campaigns", {
      auth: a.liveKey,
      body: {
        link_id: linkId,
        subject: "Ihre Meinung zählt",
        message: "Hallo {name},\n\nerzählen Sie uns davon:\n\n{link}",
        recipients: [{ name: "", email: "kunde@example.com" }],
      },
    });
    expect(r.status).toBe(201);
    await runDueJobs(t.deps, buildRegistry());
    const mail = delivered.find((m) => m.to === "kunde@example.com")!;
    expect(mail.subject).toBe("Ihre Meinung zählt");
    expect(mail.text).toStartWith("Hallo zusammen,");
    expect(mail.text).toContain("Sie erhalten diese E-Mail, weil Maison Dupont Sie um Ihre Meinung gebeten hat.");
    expect(mail.html).toContain(">Erfahrung teilen</a>");
    expect(mail.html).toContain('<html lang="de" dir="ltr">');
  });

  test("the unsubscribe page speaks the visitor's language", async () => {
    const mail = delivered.find((m) => m.to === "kunde@example.com")!;
    const url = /(http\S+\/u\/[A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    const page = async (method: string, lang: string) => {
      const res = await t.app.handle(new Request(url, { method, headers: { "accept-language": lang } }));
      return res.text();
    };
    const ask = await page("GET", "de-DE,de;q=0.9");
    expect(ask).toContain('<html lang="de" dir="ltr">');
    expect(ask).toContain("<h1>Keine E-Mails mehr von Maison Dupont?</h1>");
    expect(ask).toMatch(/<strong>k[^<]*@example\.com<\/strong>/);
    expect(ask).toContain(">Abmelden</button>");
    const done = await page("POST", "ar");
    expect(done).toContain('<html lang="ar" dir="rtl">');
    expect(done).toContain("تم إلغاء اشتراكك");
    expect(await page("GET", "ja")).toContain("You are unsubscribed");
  });

  test("a reminder says so in its language; Arabic is laid out right to left", () => {
    const brand = { name: "متجر", color: "#4f46e5", logoUrl: null };
    const m = requestMail({ brand, subject: "رأيك", message: "{link}", name: "سارة", reminder: true, language: "ar" });
    expect(m.subject).toBe("تذكير: رأيك");
    expect(m.html).toContain('<html lang="ar" dir="rtl">');
    expect(requestMail({ brand, subject: "S", message: "{link}", name: "", reminder: true }).subject).toBe(
      "Reminder: S",
    );
  });
});

describe("the thank-you's words", () => {
  test.each([...LANGUAGES])("%s: a recording's length and the rating are in the language", (language) => {
    const m = removalMail({
      name: "Ana",
      brand: "B",
      kind: "video",
      sentAt: Date.UTC(2026, 10, 27),
      rating: 5,
      durationMs: 42_000,
      consentText: "OK",
      language,
    });
    expect(m.text).toContain("42");
    expect(m.text).toContain("5");
    expect(m.text).toContain(
      new Intl.DateTimeFormat(language === "en" ? "en-GB" : language, { dateStyle: "long", timeZone: "UTC" }).format(
        Date.UTC(2026, 10, 27),
      ),
    );
    expect(m.html).toContain(`lang="${language}"`);
    if (language !== "en") expect(m.text).not.toContain("Thank you");
  });

  test("English reads as before", () => {
    const m = removalMail({ name: "Ana", brand: "B", kind: "audio", sentAt: 0, durationMs: 150_000 });
    expect(m.text).toContain("What you sent on 1 January 1970: a 3-minute audio recording.");
    expect(m.text).toContain("the recording, your words and your details are erased for good.");
  });
});

describe("owner-written texts per language", () => {
  const translations = {
    fr: {
      title: "Racontez-nous",
      prompts: ["Comment était-ce ?"],
      consent_text: "J’accepte que mes mots soient publiés.",
      call_to_action_label: "Laissez un avis Google",
    },
  };

  test("are stored, checked and answered, and given to the capture page", async () => {
    const made = await t.call("POST", `/v1/brands/${brandId}/links`, {
      auth: a.liveKey,
      body: {
        title: "Tell us",
        prompts: [{ text: "How was it?" }],
        consent_text: consentText,
        consent_version: "v1",
        call_to_action: { label: "Leave a Google review", url: "https://example.com/review" },
        translations: { ...translations, de: { title: "  " } },
      },
    });
    expect(made.status).toBe(201);
    // Empty texts are dropped; a language with nothing left is too.
    expect(made.body.translations).toEqual(translations);
    const view = (await t.call("GET", `/public/links/${made.body.id}`)).body;
    expect(view.translations).toEqual(translations);
    const bad = await t.call("PATCH", `/v1/links/${made.body.id}`, {
      auth: a.liveKey,
      body: { translations: { xx: { title: "?" } } },
    });
    expect(bad.status).toBe(400);
    const tooMany = await t.call("PATCH", `/v1/links/${made.body.id}`, {
      auth: a.liveKey,
      body: { translations: { de: { prompts: ["Eins", "Zwei"] } } },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.details.field).toBe("translations.de.prompts");
  });

  test("the consent recorded is the translated wording shown, with its language; the email's button is translated", async () => {
    const made = await t.call("POST", `/v1/brands/${brandId}/links`, {
      auth: a.liveKey,
      body: {
        title: "Tell us",
        prompts: [{ text: "How was it?" }],
        consent_text: consentText,
        consent_version: "v1",
        call_to_action: { label: "Leave a Google review", url: "https://example.com/review" },
        translations,
      },
    });
    const r = await t.call("POST", `/public/links/${made.body.id}/submissions`, {
      body: {
        kind: "text",
        respondent: { name: "Luc Bernard", email: "luc@example.com" },
        consent: { agreed: true, text: translations.fr.consent_text, version: "v1" },
        text: "Très bonne expérience, je reviendrai.",
        language: "fr",
      },
    });
    expect(r.status).toBe(201);
    const detail = (await t.call("GET", `/v1/submissions/${r.body.submission_id}`, { auth: a.liveKey })).body;
    expect(detail.consent).toMatchObject({ text: translations.fr.consent_text, language: "fr" });
    const [mail] = outbox("luc@example.com");
    expect(mail!.text).toContain("Laissez un avis Google: https://example.com/review");
    expect(mail!.text).toContain("> J’accepte que mes mots soient publiés.");
    // A wording not shown in that language is refused as changed.
    const other = await t.call("POST", `/public/links/${made.body.id}/submissions`, {
      body: {
        kind: "text",
        respondent: { name: "Luc Bernard" },
        consent: { agreed: true, text: "Something else entirely.", version: "v1" },
        text: "Très bonne expérience, je reviendrai.",
        language: "fr",
      },
    });
    expect(other.status).toBe(409);
  });
});
