/**
 * The unsubscribe page at `{site_url}/u/{token}`, rendered on the server with no script: GET asks ("Stop emails
 * from Acme?") with one button, a POST (that button, or a mail client's RFC 8058 one-click request with the body
 * `List-Unsubscribe=One-Click`) confirms. Strict CSP (the one stylesheet by hash, forms only to this site), no
 * referrer (the address holds the token), never cached or indexed. Showing is limited per client address; confirming
 * is not, since one-click requests come from a few mail providers' addresses for all their users. Its words are in
 * the visitor's language (their browser's preference; catalog area `email`, keys `unsubscribe.*`).
 */
import { createHash } from "node:crypto";
import { Elysia } from "elysia";
import type { Deps } from "../../platform/deps";
import { mountPrefix } from "../../platform/http/hosts";
import { clientAddress } from "../../platform/client-address";
import { RateLimiter } from "../../platform/rate-limit";
import { tokenParams } from "./model";
import { wordsFor, type Words } from "../../platform/i18n/server-words";
import { acceptedLanguages, direction, negotiate } from "../../platform/i18n/languages";
import { confirmUnsubscribe, lookupUnsubscribe, type UnsubscribeView } from "./unsubscribe";

const STYLE = `
*{box-sizing:border-box}
body{margin:0;padding:0 1rem;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2937;background:#f3f4f6}
main{max-width:30rem;margin:12vh auto;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
h1{font-size:1.4rem;margin:0 0 .75rem}
p{margin:0 0 1rem}
.muted{color:#4b5563;font-size:.95rem}
button{font:inherit;font-weight:600;padding:.65rem 1.2rem;border:0;border-radius:8px;background:#1f2937;color:#fff;cursor:pointer}
button:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
`;
const STYLE_HASH = `'sha256-${createHash("sha256").update(STYLE).digest("base64")}'`;

/** The page's headers. */
export const UNSUBSCRIBE_HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "content-security-policy": `default-src 'none'; style-src ${STYLE_HASH}; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
  "referrer-policy": "no-referrer",
  "x-content-type-options": "nosniff",
  "x-robots-tag": "noindex, nofollow",
  "cache-control": "no-store",
};

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function html(w: Words, title: string, body: string): string {
  return `<!doctype html><html lang="${w.lang}" dir="${direction(w.lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** Stands for the address in a message until it is put in, escaped and in bold. */
const EMAIL_MARK = "\u0000email\u0000";

/** The values of a message naming the brand and the address (its mark, put in by `bold`). */
const named = (brand: string, email: string | null) => ({ brand, email: EMAIL_MARK, has_email: email ? "yes" : "no" });

/** A message as HTML, with the address put in bold where its mark is. */
const bold = (text: string, email: string | null) =>
  email ? esc(text).replace(EMAIL_MARK, `<strong>${esc(email)}</strong>`) : esc(text);

/** The page for a view, in the visitor's language (`lang`; English by default). */
export function unsubscribePage(view: UnsubscribeView, lang: string = "en"): string {
  const w = wordsFor("email", lang);
  if (view.state === "unknown")
    return html(
      w,
      w.t("unsubscribe.unknown_title"),
      `<h1>${esc(w.t("unsubscribe.unknown_heading"))}</h1><p>${esc(w.t("unsubscribe.unknown_body"))}</p>`,
    );
  if (view.state === "done")
    return html(
      w,
      w.t("unsubscribe.done_title"),
      `<h1>${esc(w.t("unsubscribe.done_heading"))}</h1><p>${bold(w.t("unsubscribe.done_body", named(view.brand, view.email)), view.email)}</p><p class="muted">${esc(w.t("unsubscribe.close"))}</p>`,
    );
  const ask = w.t("unsubscribe.ask_title", { brand: view.brand });
  return html(
    w,
    ask,
    `<h1>${esc(ask)}</h1><p>${bold(w.t("unsubscribe.ask_body", named(view.brand, view.email)), view.email)}</p><form method="post"><button type="submit">${esc(w.t("unsubscribe.button"))}</button></form>`,
  );
}

/** The page after too many tries, in `lang`. */
function tooMany(lang: string): string {
  const w = wordsFor("email", lang);
  return html(
    w,
    w.t("unsubscribe.wait_title"),
    `<h1>${esc(w.t("unsubscribe.wait_heading"))}</h1><p>${esc(w.t("unsubscribe.wait_body"))}</p>`,
  );
}

/** The visitor's language: their browser's preference among every language, else English. */
const visitorLanguage = (request: Request) =>
  negotiate({ preferred: acceptedLanguages(request.headers.get("accept-language")) });

/** Elysia plugin for `{site_url}/u/{token}` (GET shows, POST confirms). */
export function unsubscribePagePlugin(deps: Deps) {
  const mount = mountPrefix(deps.config, "site");
  const limiter = new RateLimiter(deps.clock, { requests: 30, windowMs: 10 * 60_000 });
  const answer = (status: number, body: string) => new Response(body, { status, headers: UNSUBSCRIBE_HEADERS });
  const limited = (request: Request, server: Parameters<typeof clientAddress>[1]) => {
    const key = clientAddress(request, server, deps.config);
    if (limiter.waitSeconds(key) > 0) return true;
    limiter.record(key);
    return false;
  };
  return (
    new Elysia({ name: "campaign-unsubscribe-page", seed: deps.config.siteUrl })
      .get(
        `${mount}/u/:token`,
        ({ params, request, server }) => {
          const lang = visitorLanguage(request);
          if (limited(request, server)) return answer(429, tooMany(lang));
          const view = lookupUnsubscribe(deps, params.token);
          return answer(view.state === "unknown" ? 404 : 200, unsubscribePage(view, lang));
        },
        { params: tokenParams, detail: { hide: true } },
      )
      // Not limited: one-click requests come from a few mail providers' addresses, for all their users at once.
      .post(
        `${mount}/u/:token`,
        ({ params, request }) => {
          const view = confirmUnsubscribe(deps, params.token);
          return answer(view.state === "unknown" ? 404 : 200, unsubscribePage(view, visitorLanguage(request)));
        },
        { params: tokenParams, parse: "none", detail: { hide: true } },
      )
  );
}
