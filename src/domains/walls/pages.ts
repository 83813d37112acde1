/**
 * The wall's site pages, mounted where the site area lives (behind `/__site` when the site has its own host
 * name): `{site}/b/{slug}?page=n`, `{site}/b/{slug}/t/{id}`, the sandbox's `{site}/test/{org_id}/b/{slug}…`,
 * `{site}/sitemap.xml` and `{site}/robots.txt`. Each page is rendered per request with a fresh CSP nonce.
 */
import { Elysia } from "elysia";
import type { Deps } from "../../platform/deps";
import { mountPrefix } from "../../platform/http/hosts";
import type { WallAddress } from "./address";
import { errorAnswer, permalinkAnswer, wallPageAnswer, type SiteAnswer } from "./site-pages";
import { newNonce, pageHeaders, WALL_CACHE } from "./page-headers";
import { sitemapEntries } from "./directory";
import { robotsTxt, sitemapXml } from "./sitemap";

const searchOf = (request: Request) => new URL(request.url).search;

/**
 * The page, gzipped when the client takes it: a wall page is mostly repeated markup (about 30 KB to 5 KB), which
 * matters on a phone, and compressing here keeps it so without a proxy in front.
 */
function htmlResponse(request: Request, html: string, status: number, headers: Record<string, string>): Response {
  const gzip = /\bgzip\b/.test(request.headers.get("accept-encoding") ?? "");
  const vary = { vary: "Accept-Encoding" };
  if (!gzip) return new Response(html, { status, headers: { ...headers, ...vary } });
  return new Response(Bun.gzipSync(html, { level: 6 }), { status, headers: { ...headers, ...vary, "content-encoding": "gzip" } });
}
const one = (v: unknown) => (typeof v === "string" ? v : undefined);

/** Elysia plugin serving wall pages, permalinks, the sitemap and robots.txt on the site address. */
export function wallPagesPlugin(deps: Deps) {
  const { config } = deps;
  const mount = mountPrefix(config, "site");
  const respond = (request: Request, answer: (nonce: string) => SiteAnswer) => {
    const nonce = newNonce();
    let a: SiteAnswer;
    try {
      a = answer(nonce);
    } catch (e) {
      a = errorAnswer(e, nonce);
    }
    if ("location" in a) return new Response(null, { status: 301, headers: { location: a.location, "cache-control": "public, max-age=300" } });
    return htmlResponse(request, a.html, a.status, pageHeaders(config, nonce, a));
  };
  const live = (slug: string): WallAddress => ({ mode: "live", slug });
  const test = (orgId: string, slug: string): WallAddress => ({ mode: "test", orgId, slug });
  const text = (body: string | null, type: string) =>
    body === null
      ? new Response("Not found\n", { status: 404, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } })
      : new Response(body, { headers: { "content-type": type, "cache-control": WALL_CACHE, "x-content-type-options": "nosniff" } });

  return new Elysia({ name: "wall-pages", seed: config.siteUrl })
    .get(`${mount}/b/:slug`, ({ params, query, request }) => respond(request, (nonce) => wallPageAnswer(deps, live(params.slug), one(query.page), searchOf(request), nonce)))
    .get(`${mount}/b/:slug/t/:id`, ({ params, request }) => respond(request, (nonce) => permalinkAnswer(deps, live(params.slug), params.id, searchOf(request), nonce)))
    .get(`${mount}/test/:org_id/b/:slug`, ({ params, query, request }) => respond(request, (nonce) => wallPageAnswer(deps, test(params.org_id, params.slug), one(query.page), searchOf(request), nonce)))
    .get(`${mount}/test/:org_id/b/:slug/t/:id`, ({ params, request }) => respond(request, (nonce) => permalinkAnswer(deps, test(params.org_id, params.slug), params.id, searchOf(request), nonce)))
    .get(`${mount}/sitemap.xml`, ({ query }) => {
      const part = one(query.part);
      return text(sitemapXml(config.siteUrl, sitemapEntries(deps), part === undefined ? undefined : /^\d{1,6}$/.test(part) ? Number(part) : -1), "application/xml; charset=utf-8");
    })
    .get(`${mount}/robots.txt`, () => text(robotsTxt(config), "text/plain; charset=utf-8"));
}
