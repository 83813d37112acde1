/**
 * The HTML part of the emails people outside the team get (the thank-you after a testimonial, request emails and
 * their reminders), beside their plain text: one column that reads from 320 px phones up, the brand's logo and
 * colour, the call to action as a button, a small footer. Every piece of text is HTML-escaped here, and addresses
 * too, so no one's words ever become markup. Styles are inline and the frame is tables: mail apps drop `<style>`
 * and classes, and Outlook lays out tables only. Words wrap between words and break only when one is longer than
 * the line (a long address).
 *
 * A personal link put in at sending time (a placeholder in the outbox copy, see the removals and campaigns send
 * jobs) goes through `escapeHtml` like everything else: those placeholders hold no character it changes, so the
 * stored HTML holds them as they are and the job replaces them with the escaped address.
 */
import { accentVars } from "../accent";
import { direction } from "../i18n/languages";

/** The brand an email speaks for: its name, colour (`#rrggbb`) and logo's public address (null: its name instead). */
export interface MailBrand {
  name: string;
  color: string;
  logoUrl: string | null;
}

/** Part of a paragraph: plain words, or words linking somewhere. */
export type Inline = string | { text: string; href: string };

/** One block of the email's body, in order. */
export type MailBlock =
  | { p: Inline[] | string }
  | { quote: string }
  | { small: Inline[] | string }
  | { button: { label: string; href: string } };

/** What an HTML email says. */
export interface HtmlMailInput {
  brand: MailBrand;
  /** The subject, as the document's title. */
  title: string;
  /** The line mail apps show beside the subject in the list (hidden in the message). */
  preview: string;
  heading: string;
  blocks: MailBlock[];
  /** Small print under the card (why the email came, how to get no more). */
  footer: (Inline[] | string)[];
  /** The language the words are in (`<html lang dir>`); default `en`. */
  lang?: string;
}

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text made safe for HTML content and attribute values. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

const FONT = `font-family:system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif`;
const WRAP = "word-break:normal;overflow-wrap:break-word;hyphens:manual";

/** Only http(s) and the outbox's bracketed placeholders become addresses; anything else links nowhere. */
const safeHref = (href: string) => (/^(https?:\/\/|\[)/i.test(href) ? escapeHtml(href) : "#");

/** Words with their line breaks, escaped. */
const lines = (text: string) => escapeHtml(text).replace(/\r?\n/g, "<br>");

function inline(parts: Inline[] | string, linkColour: string): string {
  return (typeof parts === "string" ? [parts] : parts)
    .map((p) =>
      typeof p === "string"
        ? lines(p)
        : `<a href="${safeHref(p.href)}" style="color:${linkColour};text-decoration:underline;${WRAP}">${lines(p.text)}</a>`,
    )
    .join("");
}

function block(b: MailBlock, c: { fill: string; on: string; ink: string; start: "left" | "right" }): string {
  if ("button" in b)
    return (
      `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:24px 0"><tr>` +
      `<td style="border-radius:8px;background:${c.fill}">` +
      `<a href="${safeHref(b.button.href)}" style="display:inline-block;padding:14px 24px;border-radius:8px;background:${c.fill};color:${c.on};${FONT};font-size:17px;font-weight:600;line-height:1.3;text-decoration:none">${lines(b.button.label)}</a>` +
      `</td></tr></table>`
    );
  if ("quote" in b)
    return `<blockquote style="margin:0 0 16px;padding:8px 0;padding-${c.start}:14px;border-${c.start}:4px solid ${c.fill};color:#374151;font-size:15px">${lines(b.quote)}</blockquote>`;
  if ("small" in b) return `<p style="margin:0 0 12px;color:#4b5563;font-size:14px">${inline(b.small, c.ink)}</p>`;
  return `<p style="margin:0 0 16px">${inline(b.p, c.ink)}</p>`;
}

/** The whole HTML document of an email. */
export function htmlMail(m: HtmlMailInput): string {
  const v = accentVars(m.brand.color);
  const lang = m.lang ?? "en";
  const dir = direction(lang);
  // Mail apps ignore logical properties: the quote's bar is drawn on the side the lines start from.
  const c = {
    fill: v["--accent"]!,
    on: v["--on-accent"]!,
    ink: v["--accent-ink"]!,
    start: dir === "rtl" ? "right" : "left",
  } as const;
  const name = escapeHtml(m.brand.name);
  const top = m.brand.logoUrl
    ? `<img src="${safeHref(m.brand.logoUrl)}" alt="${name}" height="48" style="display:block;height:48px;width:auto;max-width:220px;border:0">`
    : `<p style="margin:0;font-size:18px;font-weight:700;color:${c.ink}">${name}</p>`;
  return [
    `<!doctype html><html lang="${escapeHtml(lang)}" dir="${dir}"><head><meta charset="utf-8">`,
    `<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light">`,
    `<title>${escapeHtml(m.title)}</title></head>`,
    `<body dir="${dir}" style="margin:0;padding:0;background:#f4f5f7">`,
    `<div style="display:none;max-height:0;overflow:hidden;opacity:0">${escapeHtml(m.preview)}</div>`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f4f5f7"><tr><td align="center" style="padding:20px 10px">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background:#ffffff;border-radius:12px;border-top:6px solid ${c.fill}">`,
    `<tr><td style="padding:22px 22px 6px">${top}</td></tr>`,
    `<tr><td style="padding:10px 22px 14px;${FONT};font-size:16px;line-height:1.55;color:#111827;${WRAP}">`,
    `<h1 style="margin:0 0 14px;font-size:22px;line-height:1.3;color:#111827;${WRAP}">${escapeHtml(m.heading)}</h1>`,
    ...m.blocks.map((b) => block(b, c)),
    `</td></tr></table>`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px"><tr>`,
    `<td style="padding:14px 22px;${FONT};font-size:12px;line-height:1.5;color:#4b5563;${WRAP}">`,
    ...m.footer.map((f) => `<p style="margin:0 0 6px">${inline(f, "#374151")}</p>`),
    `</td></tr></table>`,
    `</td></tr></table></body></html>`,
  ].join("\n");
}
