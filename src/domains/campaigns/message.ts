/**
 * The words of a request email. The campaign's message is plain text with placeholders: `{name}` (the recipient's
 * first name, or "there" when the list gave none), `{full_name}` (the name as the list gave it) and `{link}` (their
 * personal link, required). Every email ends with why it was sent and the unsubscribe address. It is sent as plain
 * text with an HTML alternative (src/platform/mail/html-layout.ts): the brand's logo and colour, the message's
 * paragraphs, and the personal link as a button. The outbox copy keeps markers, in both parts, where the personal
 * link and the unsubscribe address go: they are put in only in what is handed to the SMTP server (send.ts), as the
 * removal link is, so no one reading the outbox can answer or unsubscribe in a recipient's name.
 */
import { invalid } from "../../platform/errors";
import { firstName } from "./first-name";
import { wordsFor } from "../../platform/i18n/server-words";
import { escapeHtml, htmlMail, type Inline, type MailBlock, type MailBrand } from "../../platform/mail/html-layout";

/** Stands in the outbox copy where the personal link is in the email. */
export const LINK_MARK = "[personal link: only in the email delivered to this person]";
/** Stands in the outbox copy where the unsubscribe address is in the email. */
export const UNSUBSCRIBE_MARK = "[personal unsubscribe address: only in the email delivered to this person]";

/** Why an email of a stopped campaign did not leave (its outbox copy and the person's row say so). */
export const STOPPED_NOTE = "Not sent: the request was stopped before this email left.";

const PLACEHOLDER = /\{([^{}\s]{0,30})\}/g;
const KNOWN = new Set(["name", "full_name", "link"]);

/** Refuses a subject with line breaks, and a message without `{link}` or with a placeholder other than the two. */
export function checkWords(subject: string, message: string): { subject: string; message: string } {
  const s = subject.trim();
  if (!s) throw invalid("Write a subject.", "subject");
  if (/[\r\n]/.test(s)) throw invalid("The subject must be one line.", "subject");
  const m = message.replace(/\r\n?/g, "\n").trim();
  if (!m) throw invalid("Write a message.", "message");
  for (const [, name] of m.matchAll(PLACEHOLDER)) {
    if (!KNOWN.has(name!))
      throw invalid(`The message has an unknown placeholder {${name}}: use {name}, {full_name} and {link}.`, "message");
  }
  if (!m.includes("{link}"))
    throw invalid("Put {link} in the message where the person's personal link should go.", "message");
  return { subject: s, message: m };
}

/** One email's parts before the personal addresses are put in. */
export interface RequestWords {
  /** The brand the request is made for: its name, colour and logo (for the HTML part). */
  brand: MailBrand;
  subject: string;
  message: string;
  name: string;
  reminder: boolean;
  /** The language of the words around the owner's message (the link's, else the brand's default); default English. */
  language?: string | null;
}

/** The message with the names put in (`nobody` where the list gave none); `{link}` is left for the caller. */
const withNames = (w: RequestWords, text: string, nobody: string) =>
  text.replace(PLACEHOLDER, (all, key: string) =>
    key === "name" ? firstName(w.name) || nobody : key === "full_name" ? w.name.trim() || nobody : all,
  );

/** A paragraph of the message as HTML parts: each `{link}` becomes the personal link's marker, as a link. */
const inlineLinks = (paragraph: string): Inline[] =>
  paragraph
    .split("{link}")
    .flatMap((part, i) => (i ? [{ text: LINK_MARK, href: LINK_MARK }, part] : [part]))
    .filter((p) => p !== "");

/**
 * The subject, text and HTML of a request (or its reminder), with markers in place of the personal addresses. In
 * the HTML, a paragraph that is only `{link}` becomes the button; when none is, the button follows the message.
 */
export function requestMail(w: RequestWords): { subject: string; text: string; html: string } {
  const words = wordsFor("email", w.language);
  const message = withNames(w, w.message, words.t("request.no_name"));
  const body = message.replaceAll("{link}", LINK_MARK);
  const lead = w.reminder ? words.t("request.reminder_lead") : null;
  const own = w.subject.replace(/[\r\n]+/g, " ");
  const subject = w.reminder ? words.t("request.reminder_subject", { subject: own }) : own;
  const brand = w.brand.name;
  const why = words.t("request.why", { brand });
  const unsubscribe = words.t("request.unsubscribe_intro", { brand });
  const text = [...(lead ? [lead, ""] : []), body, "", "--", why, `${unsubscribe} ${UNSUBSCRIBE_MARK}`].join("\n");
  const button = { button: { label: words.t("request.button"), href: LINK_MARK } };
  const paragraphs = message
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  const blocks: MailBlock[] = paragraphs.map((p) => (p === "{link}" ? button : { p: inlineLinks(p) }));
  if (!paragraphs.includes("{link}")) blocks.push(button);
  const html = htmlMail({
    lang: words.lang,
    brand: w.brand,
    title: subject,
    preview: lead ?? paragraphs[0]?.replaceAll("{link}", "").trim() ?? subject,
    heading: w.reminder ? words.t("request.reminder_heading") : own,
    blocks,
    footer: [why, [`${unsubscribe} `, { text: words.t("request.unsubscribe"), href: UNSUBSCRIBE_MARK }]],
  });
  return { subject, text, html };
}

/** The markers as the HTML part holds them (escaping leaves them as they are; written this way, it would still match). */
const HTML_MARKS = { link: escapeHtml(LINK_MARK), unsubscribe: escapeHtml(UNSUBSCRIBE_MARK) };

/** Puts the personal addresses into an email's text. */
export const personalise = (text: string, linkUrl: string, unsubscribeUrl: string) =>
  text.replaceAll(LINK_MARK, linkUrl).replaceAll(UNSUBSCRIBE_MARK, unsubscribeUrl);

/** Puts the personal addresses, escaped, into an email's HTML part. */
export const personaliseHtml = (html: string, linkUrl: string, unsubscribeUrl: string) =>
  html.replaceAll(HTML_MARKS.link, escapeHtml(linkUrl)).replaceAll(HTML_MARKS.unsubscribe, escapeHtml(unsubscribeUrl));
