/**
 * The monthly report's words: plain text (the part every client reads) and a small HTML version with the
 * organisation's logo and colour (white label: the agency's name and logo, never the product's). Figures of the
 * month, new testimonials, the most viewed quotes, a link to the dashboard's stats, and the personal stop link as
 * `MAIL_LINK_MARK` (made at sending time, never stored).
 */
import { MAIL_LINK_MARK } from "../../platform/mail/queue-mail";

/** What a report says. */
export interface ReportContent {
  orgName: string;
  logoUrl: string | null;
  color: string | null;
  brandName: string;
  /** `November 2026`. */
  monthName: string;
  totals: { views: number; plays: number; clicks: number; completed: number };
  newTestimonials: number;
  topQuotes: { name: string | null; quote: string; views: number }[];
  statsUrl: string;
}

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const n = (x: number) => x.toLocaleString("en-GB");

/** The subject line. */
export const reportSubject = (c: ReportContent) => `${c.brandName}: your testimonials in ${c.monthName}`;

/** The plain-text body, with `MAIL_LINK_MARK` where the stop link goes. */
export function reportText(c: ReportContent): string {
  const lines = [
    `${c.brandName}, ${c.monthName}`,
    "",
    `Views: ${n(c.totals.views)}`,
    `Plays: ${n(c.totals.plays)} (${n(c.totals.completed)} to the end)`,
    `Clicks: ${n(c.totals.clicks)}`,
    `New testimonials: ${n(c.newTestimonials)}`,
  ];
  if (c.topQuotes.length) {
    lines.push("", "Most viewed:");
    for (const q of c.topQuotes) lines.push(`- "${q.quote}"${q.name ? ` (${q.name})` : ""}, ${n(q.views)} views`);
  }
  lines.push(
    "",
    `Every figure, day by day: ${c.statsUrl}`,
    "",
    `Sent by ${c.orgName}. Counted without cookies; visitors who ask not to be tracked are not counted.`,
    `Stop receiving this report: ${MAIL_LINK_MARK}`,
  );
  return lines.join("\n");
}

/** The HTML body, with `MAIL_LINK_MARK` as the stop link's address. */
export function reportHtml(c: ReportContent): string {
  const color = c.color && /^#[0-9a-f]{6}$/i.test(c.color) ? c.color : "#4338ca";
  const cell = (label: string, value: number) =>
    `<td style="padding:12px;border:1px solid #e5e7eb;border-radius:8px"><div style="color:#6b7280;font-size:13px">${esc(label)}</div><div style="font-size:24px;font-weight:700">${n(value)}</div></td>`;
  const quotes = c.topQuotes
    .map(
      (q) =>
        `<li style="margin:0 0 10px">&ldquo;${esc(q.quote)}&rdquo;${q.name ? ` <span style="color:#6b7280">&mdash; ${esc(q.name)}</span>` : ""} <span style="color:#6b7280">(${n(q.views)} views)</span></li>`,
    )
    .join("");
  const head = c.logoUrl
    ? `<img src="${esc(c.logoUrl)}" alt="${esc(c.orgName)}" height="40" style="height:40px;display:block">`
    : `<strong style="font-size:18px">${esc(c.orgName)}</strong>`;
  return `<!doctype html><html lang="en"><body style="margin:0;background:#f3f4f6;font:15px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#111827"><div style="max-width:560px;margin:0 auto;background:#fff"><div style="padding:16px 24px;border-bottom:4px solid ${color}">${head}</div><div style="padding:24px"><h1 style="font-size:20px;margin:0 0 16px">${esc(c.brandName)}, ${esc(c.monthName)}</h1><table role="presentation" style="width:100%;border-spacing:8px;margin:0 -8px"><tr>${cell("Views", c.totals.views)}${cell("Plays", c.totals.plays)}${cell("Clicks", c.totals.clicks)}${cell("New testimonials", c.newTestimonials)}</tr></table><p style="color:#6b7280;font-size:13px">${n(c.totals.completed)} plays went to the end.</p>${quotes ? `<h2 style="font-size:16px;margin:20px 0 8px">Most viewed</h2><ul style="padding-left:18px;margin:0">${quotes}</ul>` : ""}<p style="margin:24px 0"><a href="${esc(c.statsUrl)}" style="color:${color}">Every figure, day by day</a></p><p style="color:#6b7280;font-size:12px">Sent by ${esc(c.orgName)}. Counted without cookies; visitors who ask not to be tracked are not counted. <a href="${MAIL_LINK_MARK}" style="color:#6b7280">Stop receiving this report</a>.</p></div></div></body></html>`;
}
