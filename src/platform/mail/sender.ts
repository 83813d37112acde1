/**
 * Who a message is from, per message (white label, issue 29). The SMTP account and its address are the server's
 * (`PLAUDIT_MAIL_FROM`): a brand's own address in `From` would fail SPF/DMARC at the recipient's server and look
 * like spoofing. So a brand or organisation sets only the sender's *name* (`From: "Bright Bakery" <server address>`)
 * and where replies go (`Reply-To: hello@brightbakery.com`). Both are stored on the outbox row when the message is
 * queued and handed to nodemailer in its address-object form, which quotes and encodes the name itself; the checks
 * here keep anything that could break a header or pose as an address out of it in the first place.
 */
import { invalid } from "../errors";

/** The sender of one message: a display name and a reply address, each optional. */
export interface MailSender {
  fromName?: string | null;
  replyTo?: string | null;
}

/** Longest sender name (characters); mail clients cut long names anyway. */
export const MAX_SENDER_NAME = 80;

/** Longest reply address (RFC 5321's path limit). */
export const MAX_REPLY_TO = 254;

/**
 * Characters a sender name may not hold: control characters and line breaks (header injection), and `"`, `<`, `>`,
 * `@` and `\`, with which a name could pose as an address ("support@bank.com") or close its own quoting.
 */
const FORBIDDEN_IN_NAME = /[\p{Cc}\p{Cf}\u2028\u2029"<>@\\]/u;

/** One plain address: a local part without spaces or address syntax, `@`, and a dotted host name. */
const PLAIN_ADDRESS =
  /^[^\s@<>"(),;:\\[\]]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

/** A sender name from input: one line of 1 to 80 characters without address syntax; a 400 naming `field` otherwise. */
export function checkSenderName(raw: string, field: string): string {
  const name = raw.trim().replace(/[ \t]+/g, " ");
  if (!name || name.length > MAX_SENDER_NAME)
    throw invalid(`A sender name is 1 to ${MAX_SENDER_NAME} characters.`, field);
  if (FORBIDDEN_IN_NAME.test(name))
    throw invalid(
      'A sender name is one line of plain words: no line breaks, quotes ("), angle brackets (< >), @ or backslashes.',
      field,
    );
  return name;
}

/**
 * A sender name made from a name that was never checked as one (a brand's or organisation's name used by default):
 * forbidden characters dropped, spaces collapsed, cut to length; null when nothing is left.
 */
export function senderNameFrom(name: string | null | undefined): string | null {
  const clean = (name ?? "")
    .replace(new RegExp(FORBIDDEN_IN_NAME.source, "gu"), " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, MAX_SENDER_NAME)
    .trim();
  return clean || null;
}

/** A reply address from input: one plain address of up to 254 characters; a 400 naming `field` otherwise. */
export function checkReplyTo(raw: string, field: string): string {
  const address = raw.trim();
  if (address.length > MAX_REPLY_TO || !PLAIN_ADDRESS.test(address))
    throw invalid("A reply-to address is one plain email address, like hello@example.com.", field);
  return address;
}

/**
 * The outbox columns of a sender, checked once more where it is stored (a name is cleaned; a reply address that is
 * not one plain address is refused, since a message with a wrong one must not leave).
 */
export function senderColumns(sender: MailSender | undefined): { fromName: string | null; replyTo: string | null } {
  return {
    fromName: senderNameFrom(sender?.fromName),
    replyTo: sender?.replyTo ? checkReplyTo(sender.replyTo, "reply_to") : null,
  };
}

/** The address part of `PLAUDIT_MAIL_FROM` ("Plaudit <no-reply@example.com>" or a bare address). */
export function senderAddress(mailFrom: string): string {
  const angled = /<([^<>\s]+@[^<>\s]+)>\s*$/.exec(mailFrom);
  return (angled ? angled[1]! : mailFrom).trim();
}
