/**
 * The unsubscribe page at `{site_url}/u/{token}`, rendered on the server with no script: GET asks ("Stop emails
 * from Acme?") with one button, a POST (that button, or a mail client's RFC 8058 one-click request with the body
 * `List-Unsubscribe=One-Click`) confirms. Strict CSP (the one stylesheet by hash, forms only to this site), no
 * referrer (the address holds the token), never cached or indexed. Showing is limited per client address; confirming
 * is not, since one-click requests come from a few mail providers' addresses for all their users.
 */
import { createHash } from "node:crypto";
import { Elysia } from "elysia";
import type { Deps } from "../../platform/deps";
import { mountPrefix } from "../../platform/http/hosts";
import { clientAddress } from "../../platform/client-address";
import { RateLimiter } from "../../platform/rate-limit";
import { tokenParams } from "./model";
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

function html(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** The page for a view. */
export function unsubscribePage(view: UnsubscribeView): string {
  if (view.state === "unknown")
    return html(
      "Link not recognised",
      "<h1>This unsubscribe link does not work</h1><p>It may have been copied incompletely. Open it again from the email you received.</p>",
    );
  const who = view.email ? ` to <strong>${esc(view.email)}</strong>` : "";
  if (view.state === "done")
    return html(
      "Unsubscribed",
      `<h1>You are unsubscribed</h1><p>${esc(view.brand)} will send no more requests for feedback${who}.</p><p class="muted">You can close this page.</p>`,
    );
  return html(
    `Stop emails from ${view.brand}?`,
    `<h1>Stop emails from ${esc(view.brand)}?</h1><p>You will get no more requests for feedback from ${esc(view.brand)}${who}.</p><form method="post"><button type="submit">Unsubscribe</button></form>`,
  );
}

const TOO_MANY = html(
  "Please wait",
  "<h1>Too many attempts</h1><p>Too many requests came from your connection. Please wait a few minutes and try again.</p>",
);

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
          if (limited(request, server)) return answer(429, TOO_MANY);
          const view = lookupUnsubscribe(deps, params.token);
          return answer(view.state === "unknown" ? 404 : 200, unsubscribePage(view));
        },
        { params: tokenParams, detail: { hide: true } },
      )
      // Not limited: one-click requests come from a few mail providers' addresses, for all their users at once.
      .post(
        `${mount}/u/:token`,
        ({ params }) => {
          const view = confirmUnsubscribe(deps, params.token);
          return answer(view.state === "unknown" ? 404 : 200, unsubscribePage(view));
        },
        { params: tokenParams, parse: "none", detail: { hide: true } },
      )
  );
}
