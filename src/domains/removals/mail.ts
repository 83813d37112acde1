/**
 * The thank-you email, which carries the removal link. When a respondent who gave an email sends a testimonial
 * (`submission.created` of a collected one), the same transaction makes the removal (its token of 192 bits is
 * derived from the removal id and the secret, and only its SHA-256 is kept) and queues an email whose outbox copy
 * holds a placeholder: the link `{site_url}/remove/{token}` is put in only when the email is handed to the SMTP
 * server (send.ts), so the token is in that email alone. Imported reviews get nothing: their authors never wrote to
 * us, and an unexpected email would be spam.
 *
 * The form is public, so anyone can type any address into it: the email must not be a way to send mail to a
 * stranger. So it holds no words the sender wrote but a short, plain first name (the testimonial itself is shown on
 * the removal page, after a click); an address gets at most one thank-you per brand a day; an address on the
 * organisation's unsubscribe list gets none; test-mode links never email anyone (the copy stays in the outbox); and
 * it waits its organisation's turn at the server's sending pace like other bulk mail.
 *
 * It is written for a happy customer: thanks first, the owner's own call to action (the link's thank-you button) as
 * a button, and the removal link last. Plain text with an HTML alternative (src/platform/mail/html-layout.ts: the
 * brand's logo and colour); both parts hold the placeholder in the outbox copy.
 */
import type { Tx } from "../../platform/db/unit-of-work";
import { and, eq } from "drizzle-orm";
import type { Mode } from "../../platform/context";
import type { Deps } from "../../platform/deps";
import type { Db } from "../../platform/db/client";
import type { Event } from "../../platform/events/emit";
import { sha256 } from "../../platform/crypto";
import { newId } from "../../platform/ids";
import { brands, links, logoUrl, senderOfBrand } from "../brands";
import { htmlMail } from "../../platform/mail/html-layout";
import { wordsFor, type Words } from "../../platform/i18n/server-words";
import type { Language } from "../../platform/i18n/languages";
import { submissions } from "../submissions";
import { isUnsubscribed } from "../campaigns";
import { removals, thankYouSent } from "./tables";
import { LINK_PLACEHOLDER, queueRemovalMail, removalToken } from "./send";

export { removalUrl } from "./send";

// Made on first use, one per language: the first Intl formatter of the process costs ~25 ms, which start-up need not
// pay (issue 28), and a formatter made per call would pay a little on every email.
const longDates = new Map<string, Intl.DateTimeFormat>();

/** A date as the language writes it in full (English as in the UK: "27 November 2026"). */
const longDate = (lang: string, at: number) => {
  let f = longDates.get(lang);
  if (!f) {
    f = new Intl.DateTimeFormat(lang === "en" ? "en-GB" : lang, { dateStyle: "long", timeZone: "UTC" });
    longDates.set(lang, f);
  }
  return f.format(at);
};

/** At most this much of the consent wording is quoted back in the email (the owner's words, not the sender's). */
const QUOTE_CHARS = 600;

/** One thank-you per address per brand within this long. */
export const THANK_YOU_EVERY_MS = 24 * 3600_000;

/** Longest first name a greeting uses; anything longer or odd gets a plain "Hi,". */
const GREETING_NAME_CHARS = 30;

/** What the respondent sent, as the thank-you email restates it. */
export interface SentTestimonial {
  name: string;
  brand: string;
  kind: string;
  sentAt: number;
  /** Stars given, 1–5, or null. */
  rating?: number | null;
  /** Length of a recording. */
  durationMs?: number | null;
  /** The consent wording they agreed to, word for word. */
  consentText?: string | null;
  /** The link; defaults to the placeholder the outbox copy keeps. */
  url?: string;
  /** The brand's colour (`#rrggbb`) and logo address for the HTML part; defaults: indigo, the name as text. */
  color?: string;
  logoUrl?: string | null;
  /** The owner's own button (the link's call to action, e.g. "Leave us a Google review"), shown first. */
  callToAction?: { label: string; url: string } | null;
  /** The language to write in (the page's the testimonial was sent from); English when null or unknown. */
  language?: string | null;
}

/** "a 42-second video", "a 2-minute audio recording", "a written testimonial", in the email's language. */
function describe(w: Words, kind: string, durationMs: number | null | undefined): string {
  if (kind === "text") return w.t("thanks.what_text");
  if (!durationMs || durationMs <= 0) return w.t("thanks.what_recording", { kind });
  const seconds = Math.max(1, Math.round(durationMs / 1000));
  return seconds < 90
    ? w.t("thanks.what_seconds", { kind, seconds })
    : w.t("thanks.what_minutes", { kind, minutes: Math.round(seconds / 60) });
}

/**
 * The first name a greeting may use: the first word of what the sender typed, when it is short and only letters
 * (with inner hyphens, apostrophes or dots); else null. A stranger's 120 characters never reach someone's inbox.
 */
export function greetingName(name: string | null | undefined): string | null {
  const first = (name ?? "").trim().split(/\s+/)[0] ?? "";
  if (!first || first.length > GREETING_NAME_CHARS) return null;
  return /^\p{L}[\p{L}\p{M}]*(?:['’.-]\p{L}[\p{L}\p{M}]*)*\.?$/u.test(first) ? first : null;
}

/** The owner's consent wording, cut at a word boundary when long (the owner's words, not the sender's). */
function consentWords(text: string): string {
  const clean = text.trim();
  return clean.length > QUOTE_CHARS ? `${clean.slice(0, clean.lastIndexOf(" ", QUOTE_CHARS) || QUOTE_CHARS)}…` : clean;
}

/**
 * The thank-you email a respondent gets after sending a testimonial, as plain text and HTML with the same words:
 * thanks first, what they sent (described, never quoted), the owner's call to action as a button, the consent they
 * gave word for word, and last the personal link that removes it. `url` defaults to the placeholder the outbox copy
 * keeps (the token goes only into the email handed to the SMTP server). Nothing the sender typed is in it but a
 * short, plain first name (`greetingName`).
 */
export function removalMail(input: SentTestimonial) {
  const w = wordsFor("email", input.language);
  const first = greetingName(input.name);
  const link = input.url ?? LINK_PLACEHOLDER;
  const brand = input.brand;
  const subject = w.t("thanks.subject", { brand });
  const thanks = w.t("thanks.body", { brand });
  const what = describe(w, input.kind, input.durationMs);
  const date = longDate(w.lang, input.sentAt);
  const sent = input.rating
    ? w.t("thanks.sent_rated", { date, what, rating: input.rating })
    : w.t("thanks.sent", { date, what });
  const consent = input.consentText?.trim() ? consentWords(input.consentText) : null;
  const cta = input.callToAction;
  const removal = w.t("thanks.removal", { brand, kind: input.kind === "text" ? "text" : "recording" });
  const keep = w.t("thanks.keep");
  const why = w.t("thanks.why");
  const agreed = w.t("thanks.consent_intro");
  const text = [
    first ? w.t("thanks.greeting_named", { name: first }) : w.t("thanks.greeting"),
    "",
    thanks,
    "",
    sent,
    ...(cta ? ["", `${cta.label}: ${cta.url}`] : []),
    ...(consent ? ["", agreed, ...consent.split(/\r?\n/).map((l) => `> ${l}`)] : []),
    "",
    removal,
    w.t("thanks.link_intro"),
    link,
    keep,
    "",
    why,
  ].join("\n");
  const html = htmlMail({
    lang: w.lang,
    brand: { name: brand, color: input.color ?? DEFAULT_COLOR, logoUrl: input.logoUrl ?? null },
    title: subject,
    preview: thanks,
    heading: first ? w.t("thanks.heading_named", { name: first }) : w.t("thanks.heading"),
    blocks: [
      { p: thanks },
      { p: sent },
      ...(cta ? [{ button: { label: cta.label, href: cta.url } }] : []),
      ...(consent ? [{ small: agreed }, { quote: consent }] : []),
      { small: [`${removal} `, { text: w.t("thanks.remove_button"), href: link }] },
      { small: keep },
    ],
    footer: [why],
  });
  return { subject, text, html };
}

/** The colour of a thank-you whose brand has none (never, for a stored brand: its column has a default). */
const DEFAULT_COLOR = "#4f46e5";

/** What the thank-you needs of the brand and the link it was sent through. */
function mailLook(db: Db, deps: Deps, row: { brandId: string; linkId: string | null; pageLanguage: string | null }) {
  const brand = db.select().from(brands).where(eq(brands.id, row.brandId)).get();
  const link = row.linkId
    ? db
        .select({ cta: links.callToAction, language: links.language, translations: links.translations })
        .from(links)
        .where(eq(links.id, row.linkId))
        .get()
    : undefined;
  // Older testimonials have no page language: the link's own, else the brand's default.
  const language = row.pageLanguage ?? link?.language ?? brand?.defaultLanguage ?? null;
  return {
    brand: brand?.name ?? "the team",
    color: brand?.color ?? DEFAULT_COLOR,
    // The brand's own logo only: the default logo would put another name than the brand's in the email.
    logoUrl: brand?.logoKey ? logoUrl(deps.config.cdnUrl, brand) : null,
    // The owner's button in the email's language where they translated its label.
    callToAction: link?.cta
      ? { ...link.cta, label: link.translations?.[language as Language]?.call_to_action_label ?? link.cta.label }
      : null,
    language,
    // In the brand's name, replies to the brand (white label); the address stays the server's.
    sender: brand ? senderOfBrand(brand) : undefined,
  };
}

/**
 * True (and noted) when the address may get a thank-you from this brand now: not on the organisation's unsubscribe
 * list, and none sent to it by this brand in the last day.
 */
function mayThank(db: Db, deps: Deps, row: { orgId: string; mode: Mode; brandId: string }, email: string): boolean {
  if (isUnsubscribed(db, deps.signer, row.orgId, row.mode, email)) return false;
  const now = deps.clock.now();
  const emailHash = deps.signer.mac("thank-you.email.v1", email.trim().toLowerCase());
  const key = and(eq(thankYouSent.brandId, row.brandId), eq(thankYouSent.emailHash, emailHash));
  const last = db.select({ at: thankYouSent.sentAt }).from(thankYouSent).where(key).get()?.at;
  if (last !== undefined && now - last < THANK_YOU_EVERY_MS) return false;
  db.insert(thankYouSent)
    .values({ brandId: row.brandId, emailHash, sentAt: now })
    .onConflictDoUpdate({ target: [thankYouSent.brandId, thankYouSent.emailHash], set: { sentAt: now } })
    .run();
  return true;
}

/**
 * The removals module's `submission.created` handler: makes the removal and queues its email in the creating
 * transaction, unless the address may not be emailed now (`mayThank`): the testimonial is kept either way, without a
 * removal link. Given the Deps the app was assembled with, so two apps in one process never send each other's mail.
 */
export function queueRemovalMailOnCreated(tx: Tx, event: Event) {
  const { db, deps } = tx;
  if (event.type !== "submission.created") return;
  const id = (event.data as { id?: unknown }).id;
  if (typeof id !== "string") return;
  const row = db.select().from(submissions).where(eq(submissions.id, id)).get();
  if (!row || row.origin !== "collected" || !row.respondentEmail || row.deletedAt) return;
  if (db.select({ id: removals.id }).from(removals).where(eq(removals.submissionId, id)).get()) return;
  if (!mayThank(db, deps, row, row.respondentEmail)) return;
  const now = deps.clock.now();
  const removalId = newId("removal", now);
  const look = mailLook(db, deps, row);
  const mail = removalMail({
    ...look,
    name: row.respondentName,
    kind: row.kind,
    sentAt: row.createdAt,
    rating: row.rating,
    durationMs: row.durationMs,
    consentText: row.consent?.text ?? null,
  });
  let mailId: string;
  try {
    mailId = queueRemovalMail(tx, {
      orgId: row.orgId,
      mode: row.mode,
      to: row.respondentEmail,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      removalId,
      perMinute: deps.config.mailBulkPerMinute,
      sender: look.sender,
    });
  } catch (e) {
    // An address the mailer refuses must not lose the testimonial: it is kept, without a removal link.
    deps.log.warn("removal email not queued", { submission: id, error: e instanceof Error ? e.message : String(e) });
    return;
  }
  db.insert(removals)
    .values({
      id: removalId,
      orgId: row.orgId,
      mode: row.mode,
      submissionId: id,
      tokenHash: sha256(removalToken(deps.signer, removalId)),
      mailId,
      createdAt: now,
      usedAt: null,
    })
    .run();
}
