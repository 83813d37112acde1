/**
 * The words of a request email. The campaign's message is plain text with two placeholders: `{name}` (the
 * recipient's name, or "there" when the list gave none) and `{link}` (their personal link, required). Every email
 * ends with why it was sent and the unsubscribe address. The outbox copy keeps markers where the personal link and
 * the unsubscribe address go: they are put in only in what is handed to the SMTP server (send.ts), as the removal
 * link is, so no one reading the outbox can answer or unsubscribe in a recipient's name.
 */
import { invalid } from "../../platform/errors";

/** Stands in the outbox copy where the personal link is in the email. */
export const LINK_MARK = "[personal link: only in the email delivered to this person]";
/** Stands in the outbox copy where the unsubscribe address is in the email. */
export const UNSUBSCRIBE_MARK = "[personal unsubscribe address: only in the email delivered to this person]";

/** Why an email of a stopped campaign did not leave (its outbox copy and the person's row say so). */
export const STOPPED_NOTE = "Not sent: the request was stopped before this email left.";

const PLACEHOLDER = /\{([^{}\s]{0,30})\}/g;
const KNOWN = new Set(["name", "link"]);

/** Refuses a subject with line breaks, and a message without `{link}` or with a placeholder other than the two. */
export function checkWords(subject: string, message: string): { subject: string; message: string } {
  const s = subject.trim();
  if (!s) throw invalid("Write a subject.", "subject");
  if (/[\r\n]/.test(s)) throw invalid("The subject must be one line.", "subject");
  const m = message.replace(/\r\n?/g, "\n").trim();
  if (!m) throw invalid("Write a message.", "message");
  for (const [, name] of m.matchAll(PLACEHOLDER)) {
    if (!KNOWN.has(name!))
      throw invalid(`The message has an unknown placeholder {${name}}: use {name} and {link}.`, "message");
  }
  if (!m.includes("{link}"))
    throw invalid("Put {link} in the message where the person's personal link should go.", "message");
  return { subject: s, message: m };
}

/** One email's parts before the personal addresses are put in. */
export interface RequestWords {
  brand: string;
  subject: string;
  message: string;
  name: string;
  reminder: boolean;
}

/** The subject and text of a request (or its reminder), with the two markers in place of the personal addresses. */
export function requestMail(w: RequestWords): { subject: string; text: string } {
  const body = w.message.replace(PLACEHOLDER, (all, key: string) =>
    key === "name" ? w.name || "there" : key === "link" ? LINK_MARK : all,
  );
  const lead = w.reminder ? ["A gentle reminder, in case our first email got buried:", ""] : [];
  return {
    subject: (w.reminder ? `Reminder: ${w.subject}` : w.subject).replace(/[\r\n]+/g, " "),
    text: [
      ...lead,
      body,
      "",
      "--",
      `You are receiving this because ${w.brand} asked for your feedback.`,
      `To get no more of these emails from ${w.brand}: ${UNSUBSCRIBE_MARK}`,
    ].join("\n"),
  };
}

/** Puts the personal addresses into an email's text. */
export const personalise = (text: string, linkUrl: string, unsubscribeUrl: string) =>
  text.replaceAll(LINK_MARK, linkUrl).replaceAll(UNSUBSCRIBE_MARK, unsubscribeUrl);
