/**
 * The pages behind alert emails' links, rendered on the server with no script: the organisation's look (logo or
 * initial, its colour), one plain heading and sentence, the testimonial itself (as text, never as HTML), and at most
 * a few buttons, each a POST of this same page's form. The stylesheet carries the organisation's colour, so its hash
 * is made per page for the CSP; pictures come only from the box's CDN address.
 */
import { createHash } from "node:crypto";
import { clock } from "./content";
import { accentOf, esc, initialOf, stars, textOn } from "./look";
import { DRAFT_NOTE, failedLine } from "./mail-words";
import { when, type ButtonView, type Choice, type PageOrg } from "./button-view";
import type { StopView } from "./stop";

function style(accent: string): string {
  const on = textOn(accent);
  return `
*{box-sizing:border-box}
body{margin:0;padding:0 1rem;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2937;background:#f3f4f6}
main{max-width:34rem;margin:8vh auto;background:#fff;border-radius:14px;box-shadow:0 1px 3px rgba(0,0,0,.12);overflow:hidden;border-top:5px solid ${accent}}
.inner{padding:1.75rem 2rem 2rem}
.org{display:flex;align-items:center;gap:.75rem;font-weight:700;font-size:1.05rem;margin:0 0 1.25rem}
.org img{height:40px;width:auto;max-width:180px;display:block}
.badge{width:40px;height:40px;border-radius:8px;background:${accent};color:${on};display:grid;place-items:center;font-weight:700;font-size:1.2rem}
h1{font-size:1.45rem;line-height:1.3;margin:0 0 .6rem}
p{margin:0 0 1rem}
.lead{font-size:1.05rem}
.muted{color:#4b5563;font-size:.95rem}
.small{font-size:.88rem;color:#4b5563}
.item{border:1px solid #e5e7eb;border-radius:10px;padding:1rem 1.1rem;margin:0 0 1.25rem}
.item img{display:block;width:100%;height:auto;border-radius:8px;margin:0 0 .8rem;background:#111827}
.name{font-weight:700;font-size:1.05rem}
.stars{color:#b45309;letter-spacing:2px;font-size:1.1rem}
blockquote{margin:.75rem 0 0;padding:.6rem .9rem;border-left:4px solid ${accent};background:#f9fafb;border-radius:0 8px 8px 0;white-space:pre-line}
.note{margin:.6rem 0 0;padding:.5rem .75rem;border-radius:8px;background:#fffbeb;border:1px solid #fde68a;color:#78350f;font-size:.9rem}
.bad{margin:.6rem 0 0;padding:.5rem .75rem;border-radius:8px;background:#fef2f2;border:1px solid #fecaca;color:#7f1d1d;font-size:.9rem}
.done{color:#065f46}
form{display:flex;flex-wrap:wrap;gap:.6rem;margin:0 0 1.1rem}
button{font:inherit;font-weight:600;padding:.7rem 1.25rem;border-radius:8px;cursor:pointer;border:1px solid #9ca3af;background:#fff;color:#111827}
button.primary{background:${accent};border-color:${accent};color:${on}}
button:focus-visible,a:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
a{color:#1d4ed8}
.links{margin:0}
.links span{display:block;margin-top:.35rem}
@media (max-width:30rem){.inner{padding:1.5rem 1.25rem}form{flex-direction:column}button{width:100%}}
`;
}

/** The page and its CSP (the stylesheet's hash; pictures from `imgOrigins`; forms to this page only). */
export function pageOf(
  org: PageOrg | null,
  title: string,
  body: string,
  imgOrigins: string[],
): { html: string; csp: string } {
  const accent = accentOf(org?.color);
  const css = style(accent);
  const hash = `'sha256-${createHash("sha256").update(css).digest("base64")}'`;
  const mark = org
    ? `<div class="org">${org.logoUrl ? `<img src="${esc(org.logoUrl)}" alt="">` : `<span class="badge" aria-hidden="true">${esc(initialOf(org.name))}</span>`}<span>${esc(org.name)}</span></div>`
    : "";
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" href="data:,"><title>${esc(title)}${org ? ` · ${esc(org.name)}` : ""}</title><style>${css}</style></head><body><main><div class="inner">${mark}${body}</div></main></body></html>`;
  // data: only for the empty tab icon (so the browser asks for no /favicon.ico).
  const img = `img-src data: ${[...new Set(imgOrigins)].join(" ")}`.trim();
  return {
    html,
    csp: `default-src 'none'; style-src ${hash}; ${img}; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
  };
}

function itemHtml(v: ButtonView): string {
  const item = v.item;
  if (!item) return "";
  const parts: string[] = [];
  if (v.posterUrl) parts.push(`<img src="${esc(v.posterUrl)}" alt="Still from the video">`);
  parts.push(`<div class="name">${esc(item.name || "Someone who gave no name")}</div>`);
  const facts = [item.role, item.brandName].filter(Boolean) as string[];
  if (facts.length) parts.push(`<div class="muted">${facts.map(esc).join(" · ")}</div>`);
  if (item.rating)
    parts.push(
      `<div><span class="stars" role="img" aria-label="Rated ${item.rating} out of 5">${stars(item.rating)}</span></div>`,
    );
  const length = item.kind !== "text" ? clock(item.durationMs) : null;
  parts.push(
    `<div class="small">${{ video: "Video", audio: "Audio recording", text: "Written testimonial" }[item.kind]}${length ? ` · ${length}` : ""}</div>`,
  );
  if (item.outcome === "failed") parts.push(`<div class="bad">${esc(failedLine(item))}</div>`);
  else if (item.words) {
    parts.push(`<blockquote>${esc(item.words)}</blockquote>`);
    if (item.draft) parts.push(`<div class="note"><strong>Words unchecked.</strong> ${esc(DRAFT_NOTE)}</div>`);
  }
  return `<section class="item" aria-label="The testimonial">${parts.join("")}</section>`;
}

const CHOICE_LABEL = (v: ButtonView, c: Choice) =>
  c === "without_words"
    ? "Publish without its words"
    : c === "approve_only"
      ? "Approve only (keep private)"
      : v.action === "approve"
        ? "Approve"
        : v.item?.decided === "approved"
          ? "Publish"
          : "Approve & publish";

function titleOf(v: ButtonView): string {
  switch (v.state) {
    case "ready":
      if (v.choices.includes("without_words")) return "Its words are not checked yet";
      if (v.action === "approve") return "Approve this testimonial?";
      return v.item?.decided === "approved" ? "Publish this testimonial?" : "Approve and publish this testimonial?";
    case "done":
      return v.result === "approved"
        ? "Approved"
        : v.result === "published"
          ? "Approved and published"
          : "Approved and published without its words";
    case "used":
      return "This link was already used";
    case "expired":
      return "This link has expired";
    case "not_member":
      return "You are no longer a member";
    case "no_access":
      return "You can no longer approve this";
    case "gone":
      return "This testimonial is gone";
    case "nothing_to_do":
      return "Already done";
    case "refused":
      return v.action === "approve_publish" ? "It cannot be published yet" : "This cannot be done now";
    default:
      return "This link does not work";
  }
}

/** The page of a button. */
export function buttonPage(v: ButtonView, imgOrigins: string[]) {
  const title = titleOf(v);
  const body: string[] = [`<h1${v.state === "done" ? ' class="done"' : ""}>${esc(title)}</h1>`];
  body.push(`<p class="lead">${esc(v.message)}</p>`);
  body.push(itemHtml(v));
  if (v.choices.length) {
    if (v.member)
      body.push(`<p class="muted">You act as ${esc(v.member.name || v.member.email)} (${esc(v.member.email)}).</p>`);
    body.push(
      `<form method="post">${v.choices
        .map(
          (c, i) =>
            `<button type="submit" name="choice" value="${c}"${i === 0 ? ' class="primary"' : ""}>${esc(CHOICE_LABEL(v, c))}</button>`,
        )
        .join("")}</form>`,
    );
  }
  const links: string[] = [];
  if (v.item)
    links.push(
      `<a href="${esc(v.item.dashboardUrl)}">${v.choices.includes("without_words") ? "Check the words in the dashboard" : "Open in the dashboard"}</a>`,
    );
  if (v.choices.length && v.expiresAt)
    links.push(`<span>This link works once, until ${esc(when(v.expiresAt))}.</span>`);
  if (links.length) body.push(`<p class="small links">${links.join("")}</p>`);
  return pageOf(v.org, title, body.join(""), imgOrigins);
}

/** The page of a stop link. */
export function stopPage(v: StopView) {
  const orgName = v.org?.name ?? "";
  const mode = v.test ? " in test mode" : "";
  const who = v.email ? ` to <strong>${esc(v.email)}</strong>` : "";
  const imgs = v.org?.logoUrl ? [new URL(v.org.logoUrl).origin] : [];
  switch (v.state) {
    case "ask":
      return pageOf(
        v.org,
        "Stop these emails?",
        `<h1>Stop new-testimonial emails?</h1><p class="lead">You will get no more emails about new testimonials from ${esc(orgName)}${mode}${who}.</p><form method="post"><button type="submit" class="primary">Stop these emails</button></form><p class="small">You can turn them on again in the dashboard, on the Notifications page.</p>`,
        imgs,
      );
    case "stopped":
      return pageOf(
        v.org,
        "Emails stopped",
        `<h1 class="done">These emails are stopped</h1><p class="lead">${esc(orgName)} will send no more emails about new testimonials${mode}${who}.</p><p class="small">You can turn them on again in the dashboard, on the Notifications page. You can close this page.</p>`,
        imgs,
      );
    case "not_member":
      return pageOf(
        v.org,
        "Nothing to stop",
        `<h1>Nothing to stop</h1><p class="lead">You are no longer a member of ${esc(orgName)}, so you get no more emails from it.</p>`,
        imgs,
      );
    default:
      return pageOf(
        null,
        "Link not recognised",
        `<h1>This link does not work</h1><p class="lead">It may have been copied incompletely. Open it again from the email you received.</p>`,
        [],
      );
  }
}
