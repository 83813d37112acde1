/**
 * The HTML form of an alert email: tables and inline styles (what mail clients render alike), in the organisation's
 * colour, with its logo or initial. Everything typed by a respondent or a member is escaped. Pictures are inline
 * attachments named by `cid:` and added when the email is sent (send.ts): the logo between `<!--logo-->` marks (with
 * the initial as the fallback after `<!--logo-fallback-->`) and each poster between `<!--poster:ID-->` marks, so a
 * picture that is missing by then is dropped rather than shown broken.
 */
import { clock } from "./content";
import { accentOf, esc, initialOf, stars, textOn } from "./look";
import {
  buttonNote,
  decidedLine,
  DRAFT_NOTE,
  failedLine,
  headingOf,
  introOf,
  subjectOf,
  whyOf,
  type AlertMailInput,
  type MailItem,
} from "./mail-words";

/** The `cid:` of the organisation's logo. */
export const LOGO_CID = "logo@alerts";

/** The `cid:` of a testimonial's poster. */
export const posterCid = (submissionId: string) => `poster-${submissionId}@alerts`;

const FONT = `font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif`;
const MUTED = "#4b5563";
const KIND_LABEL = { video: "Video", audio: "Audio recording", text: "Written testimonial" } as const;

function mark(org: AlertMailInput["org"], accent: string): string {
  const badge = `<table role="presentation" cellpadding="0" cellspacing="0"><tr><td style="width:40px;height:40px;border-radius:8px;background:${accent};color:${textOn(accent)};text-align:center;vertical-align:middle;${FONT};font-size:20px;font-weight:700;">${esc(initialOf(org.name))}</td></tr></table>`;
  if (!org.hasLogo) return badge;
  return `<!--logo--><img src="cid:${LOGO_CID}" alt="${esc(org.name)}" height="40" style="display:block;height:40px;width:auto;max-width:200px;border:0;"><!--logo-fallback-->${badge}<!--/logo-->`;
}

function button(href: string, label: string, primary: boolean, accent: string): string {
  const look = primary
    ? `background:${accent};color:${textOn(accent)};border:1px solid ${accent};`
    : "background:#ffffff;color:#111827;border:1px solid #9ca3af;";
  return `<a href="${esc(href)}" style="display:inline-block;${look}${FONT};font-size:15px;font-weight:600;line-height:20px;padding:11px 18px;border-radius:8px;text-decoration:none;">${esc(label)}</a>`;
}

function card(item: MailItem, many: boolean, accent: string): string {
  const parts: string[] = [];
  if (item.poster) {
    const alt = `Still from ${item.name ? `${item.name}'s` : "the"} video`;
    parts.push(
      `<!--poster:${item.submissionId}--><img src="cid:${posterCid(item.submissionId)}" alt="${esc(alt)}" width="494" style="display:block;width:100%;max-width:494px;height:auto;border:0;border-radius:8px;margin:0 0 14px;background:#111827;"><!--/poster:${item.submissionId}-->`,
    );
  }
  const who = item.name || "Someone who gave no name";
  parts.push(`<div style="${FONT};font-size:17px;font-weight:700;color:#111827;line-height:24px;">${esc(who)}</div>`);
  if (item.role)
    parts.push(`<div style="${FONT};font-size:14px;color:${MUTED};line-height:20px;">${esc(item.role)}</div>`);
  const facts: string[] = [];
  if (many) facts.push(esc(item.brandName));
  const length = item.kind !== "text" ? clock(item.durationMs) : null;
  facts.push(`${KIND_LABEL[item.kind]}${length ? ` · ${length}` : ""}`);
  if (item.rating)
    parts.push(
      `<div style="margin:8px 0 0;line-height:22px;"><span role="img" aria-label="Rated ${item.rating} out of 5" style="color:#d97706;font-size:19px;letter-spacing:2px;">${stars(item.rating)}</span> <span style="${FONT};font-size:13px;color:${MUTED};">${item.rating} out of 5</span></div>`,
    );
  parts.push(
    `<div style="${FONT};font-size:13px;color:${MUTED};line-height:20px;margin:6px 0 0;">${facts.join(" · ")}</div>`,
  );
  if (item.outcome === "failed") {
    parts.push(
      `<div style="margin:14px 0 0;padding:12px 14px;border-radius:8px;background:#fef2f2;border:1px solid #fecaca;${FONT};font-size:14px;line-height:21px;color:#7f1d1d;"><strong>It could not be processed.</strong> ${esc(failedLine(item))}</div>`,
    );
  } else if (item.words) {
    parts.push(
      `<div style="margin:14px 0 0;padding:12px 16px;border-left:4px solid ${accent};background:#f9fafb;border-radius:0 8px 8px 0;${FONT};font-size:16px;line-height:25px;color:#111827;white-space:pre-line;">“${esc(item.words)}”</div>`,
    );
    if (item.draft)
      parts.push(
        `<div style="margin:8px 0 0;padding:8px 12px;border-radius:8px;background:#fffbeb;border:1px solid #fde68a;${FONT};font-size:13px;line-height:19px;color:#78350f;"><strong>Words unchecked.</strong> ${esc(DRAFT_NOTE)}</div>`,
      );
  } else if (item.kind !== "text") {
    parts.push(
      `<div style="${FONT};font-size:14px;color:${MUTED};margin:12px 0 0;">No words were recognised in the recording.</div>`,
    );
  }
  const decided = decidedLine(item);
  if (decided)
    parts.push(
      `<div style="${FONT};font-size:14px;font-weight:600;color:#065f46;margin:14px 0 0;">${esc(decided)}</div>`,
    );
  const buttons: string[] = [];
  if (item.buttons.approvePublish) buttons.push(button(item.buttons.approvePublish, "Approve & publish", true, accent));
  if (item.buttons.approve) buttons.push(button(item.buttons.approve, "Approve", false, accent));
  if (buttons.length)
    parts.push(
      `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:18px 0 0;"><tr>${buttons.map((b, i) => `<td style="padding:0 ${i < buttons.length - 1 ? "10px" : "0"} 8px 0;">${b}</td>`).join("")}</tr></table>`,
    );
  // With nothing to approve (a failed recording, one already live) the dashboard is the way on: a button.
  parts.push(
    buttons.length
      ? `<div style="${FONT};font-size:14px;line-height:20px;margin:4px 0 0;"><a href="${esc(item.dashboardUrl)}" style="color:${MUTED};text-decoration:underline;">Open in the dashboard</a></div>`
      : `<div style="margin:16px 0 0;">${button(item.dashboardUrl, "Open in the dashboard", false, accent)}</div>`,
  );
  return `<tr><td style="padding:0 24px 20px;"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border:1px solid #e5e7eb;border-radius:10px;"><tr><td style="padding:20px;">${parts.join("")}</td></tr></table></td></tr>`;
}

/** The HTML of an alert email. */
export function alertHtml(m: AlertMailInput): string {
  const accent = accentOf(m.org.color);
  const many = m.kind !== "each";
  const first = m.items[0];
  const preheader = first?.words ? first.words.slice(0, 120) : headingOf(m);
  const intro = introOf(m);
  const rows: string[] = [
    `<tr><td style="border-top:4px solid ${accent};padding:20px 24px 4px;"><table role="presentation" cellpadding="0" cellspacing="0"><tr><td style="vertical-align:middle;padding-right:12px;">${mark(m.org, accent)}</td><td style="vertical-align:middle;${FONT};font-size:16px;font-weight:700;color:#111827;">${esc(m.org.name)}</td></tr></table></td></tr>`,
    `<tr><td style="padding:12px 24px ${intro ? "4px" : "16px"};${FONT};"><h1 style="margin:0;font-size:21px;line-height:28px;color:#111827;">${esc(headingOf(m))}</h1></td></tr>`,
  ];
  if (intro)
    rows.push(
      `<tr><td style="padding:4px 24px 16px;${FONT};font-size:14px;line-height:21px;color:${MUTED};">${esc(intro)}</td></tr>`,
    );
  for (const item of m.items) rows.push(card(item, many, accent));
  if (m.more > 0)
    rows.push(
      `<tr><td style="padding:0 24px 20px;${FONT};font-size:15px;color:#111827;">…and ${m.more} more. <a href="${esc(m.inboxUrl)}" style="color:${accent === "#ffffff" ? "#111827" : "#1d4ed8"};">See them all in the inbox</a>.</td></tr>`,
    );
  if (m.items.some((i) => i.buttons.approve || i.buttons.approvePublish))
    rows.push(
      `<tr><td style="padding:0 24px 22px;${FONT};font-size:13px;line-height:19px;color:${MUTED};">${esc(buttonNote(m.buttonDays))}</td></tr>`,
    );
  const footer = `<tr><td style="padding:16px 24px 0;${FONT};font-size:12px;line-height:18px;color:#6b7280;text-align:center;">${esc(whyOf(m))}<br><a href="${esc(m.settingsUrl)}" style="color:#4b5563;">Change what you get</a> &nbsp;·&nbsp; <a href="${esc(m.stopHref)}" style="color:#4b5563;">Stop these emails</a></td></tr>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light only"><title>${esc(subjectOf(m))}</title></head><body style="margin:0;padding:0;background:#f3f4f6;"><div style="display:none;max-height:0;overflow:hidden;opacity:0;">${esc(preheader)}</div><table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6;"><tr><td align="center" style="padding:24px 12px;"><table role="presentation" width="600" cellpadding="0" cellspacing="0" style="width:100%;max-width:600px;"><tr><td style="background:#ffffff;border:1px solid #e5e7eb;border-radius:12px;overflow:hidden;"><table role="presentation" width="100%" cellpadding="0" cellspacing="0">${rows.join("")}</table></td></tr>${footer}</table></td></tr></table></body></html>`;
}
