/**
 * The page behind a report's stop link, `{site_url}/reports/stop/{token}`: server-rendered, no script, one
 * stylesheet by hash, forms only to this site, no referrer (the address holds the token), never cached or indexed.
 * GET asks; POST stops (report-stop.ts).
 */
import { createHash } from "node:crypto";
import { Elysia, t } from "elysia";
import type { Deps } from "../../platform/deps";
import { mountPrefix } from "../../platform/http/hosts";
import { confirmStop, lookupStop, stopTarget, type StopView } from "./report-stop";
import { systemCtx, type Mode } from "../../platform/context";
import { unitOfWork } from "../../platform/db/unit-of-work";

const STYLE = `
*{box-sizing:border-box}
body{margin:0;padding:0 1rem;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2937;background:#f3f4f6}
main{max-width:30rem;margin:12vh auto;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
h1{font-size:1.4rem;margin:0 0 .75rem}
p{margin:0 0 1rem}
button{font:inherit;font-weight:600;padding:.65rem 1.2rem;border:0;border-radius:8px;background:#1f2937;color:#fff;cursor:pointer}
button:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
`;
const HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "content-security-policy": `default-src 'none'; style-src 'sha256-${createHash("sha256").update(STYLE).digest("base64")}'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
  "referrer-policy": "no-referrer",
  "x-content-type-options": "nosniff",
  "x-robots-tag": "noindex, nofollow",
  "cache-control": "no-store",
};

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;

/** The page for a view. */
export function stopPage(v: StopView): string {
  if (v.state === "unknown")
    return page(
      "Link not recognised",
      "<h1>This link does not work</h1><p>It may have been copied incompletely. Open it again from the report you received.</p>",
    );
  if (v.state === "done")
    return page(
      "Reports stopped",
      `<h1>No more monthly reports</h1><p>You will not receive the monthly report of ${esc(v.brand)} any more.</p>`,
    );
  return page(
    "Stop the monthly report?",
    `<h1>Stop the monthly report of ${esc(v.brand)}?</h1><p>You will no longer receive its figures by email. The stats stay in the dashboard.</p><form method="post"><button type="submit">Stop these reports</button></form>`,
  );
}

const params = t.Object({ token: t.String({ minLength: 1, maxLength: 200 }) });

/** Elysia plugin for `{site_url}/reports/stop/{token}`. */
export function reportStopPagePlugin(deps: Deps) {
  const mount = mountPrefix(deps.config, "site");
  const answer = (v: StopView) =>
    new Response(stopPage(v), { status: v.state === "unknown" ? 404 : 200, headers: HEADERS });
  return new Elysia({ name: "analytics-report-stop", seed: deps.config.siteUrl })
    .get(`${mount}/reports/stop/:token`, ({ params }) => answer(lookupStop(deps, params.token)), {
      params,
      detail: { hide: true },
    })
    .post(
      `${mount}/reports/stop/:token`,
      ({ params }) => {
        const target = stopTarget(deps.db, deps, params.token);
        if (!target) return answer({ state: "unknown" });
        const ctx = systemCtx(target.brand.orgId, target.brand.mode as Mode, deps.clock);
        return answer(unitOfWork(deps, ctx, (tx) => confirmStop(tx, params.token)));
      },
      {
        params,
        parse: "none",
        detail: { hide: true },
      },
    );
}
