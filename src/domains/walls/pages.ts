/**
 * The wall's site pages, mounted where the site area lives (behind `/__site` when the site has its own host
 * name): `{site}/b/{slug}?page=n`, `{site}/b/{slug}/t/{id}`, the sandbox's `{site}/test/{org_id}/b/{slug}…`,
 * `{site}/sitemap.xml` and `{site}/robots.txt`. A page is rendered once per change and kept with its compressed
 * forms and ETag (page-cache.ts): a hit is a map lookup, `304` on `If-None-Match`. Error pages and redirects are
 * answered afresh and never kept.
 */
import { Elysia } from "elysia";
import type { Deps } from "../../platform/deps";
import { mountPrefix } from "../../platform/http/hosts";
import { resolveWall, type WallAddress } from "./address";
import { notFound } from "../../platform/errors";
import { pickShown, shareCard, wordsPublic } from "../submissions";
import { errorAnswer, permalinkAnswer, wallPageAnswer, type SiteAnswer } from "./site-pages";
import { pageHeaders, WALL_CACHE } from "./page-headers";
import { parsePage } from "./wall-data";
import { dropPage, freshPage, keepPage, keptPage } from "./page-cache";
import { makeDocument, sendDocument } from "../../platform/http/cached-document";
import { setFastPath } from "../../platform/http/fast-lane";
import { sitemapEntries } from "./directory";
import { languageWish, wishKey, type LanguageWish } from "./page-language";
import { parsePart, robotsTxt, sitemapXml } from "./sitemap";

const searchOf = (request: Request) => new URL(request.url).search;
/** A slug as the fast lane takes it: plain characters, nothing to decode, no further path. */
const PLAIN_SLUG = /^[A-Za-z0-9_-]{1,100}$/;
const one = (v: unknown) => (typeof v === "string" ? v : undefined);

/**
 * A text answer, gzipped when the client takes it: a wall page is mostly repeated markup (about 34 KB becomes
 * 4.5 KB), which matters on a phone, and compressing here keeps it so without a proxy in front.
 */
function send(request: Request, body: string, status: number, headers: Record<string, string>): Response {
  const vary = { vary: headers.vary ? `${headers.vary}, Accept-Encoding` : "Accept-Encoding" };
  if (body.length < 1024 || !/\bgzip\b/.test(request.headers.get("accept-encoding") ?? ""))
    return new Response(body, { status, headers: { ...headers, ...vary } });
  return new Response(Bun.gzipSync(body, { level: 6 }), {
    status,
    headers: { ...headers, ...vary, "content-encoding": "gzip" },
  });
}

/** Elysia plugin serving wall pages, permalinks, the sitemap and robots.txt on the site address. */
export function wallPagesPlugin(deps: Deps) {
  const { config } = deps;
  const mount = mountPrefix(config, "site");
  const { db, clock } = deps;
  /** Answers from the kept document for `key`, or renders `answer` (keeping a cacheable 200 under `key`). */
  const respond = (request: Request, key: () => string, answer: (wish: LanguageWish) => SiteAnswer) => {
    let k: string | null = null;
    let a: SiteAnswer;
    const wish = languageWish(request);
    try {
      // The visitor's languages are part of the key: one address is kept in each language it is asked in.
      k = `${key()}#${wishKey(wish)}`;
      const kept = freshPage(deps, clock, k);
      if (kept) return sendDocument(request, kept);
      a = answer(wish);
    } catch (e) {
      a = errorAnswer(e, wish);
    }
    if ("location" in a) {
      if (k) dropPage(deps, k);
      return new Response(null, {
        status: 301,
        headers: { location: a.location, "cache-control": "public, max-age=300" },
      });
    }
    const headers: Record<string, string> = {
      ...pageHeaders(config, a.html, a),
      ...(a.lang ? { "content-language": a.lang } : {}),
      vary: "Accept-Language",
    };
    if (k && a.cache && a.status === 200 && a.brandId) {
      const doc = makeDocument(a.html, headers, keptPage(deps, k));
      keepPage(deps, clock, k, a.brandId, doc);
      return sendDocument(request, doc);
    }
    if (k) dropPage(deps, k);
    return send(request, a.html, a.status, headers);
  };
  // The fast lane (src/platform/http/fast-lane.ts): a live wall page kept fresh is sent before the framework, from
  // the same document under the same key as the route below; anything else goes through the route.
  setFastPath(deps, "walls", `${mount}/b/`, (request, path, search, extra) => {
    const slug = path.slice(mount.length + 3);
    if (!PLAIN_SLUG.test(slug)) return null;
    let page: ReturnType<typeof parsePage>;
    if (search === "") page = parsePage(undefined);
    else {
      const values = new URLSearchParams(search).getAll("page");
      if (values.length > 1) return null;
      try {
        page = parsePage(values[0]);
      } catch {
        return null;
      }
    }
    // The same key as the route's: the address and the visitor's languages (a page is kept once per language wish).
    const key = `${JSON.stringify(["live", slug, "page", page])}#${wishKey(languageWish(request))}`;
    const kept = freshPage(deps, clock, key);
    return kept ? sendDocument(request, kept, 200, extra) : null;
  });
  const live = (slug: string): WallAddress => ({ mode: "live", slug });
  const test = (orgId: string, slug: string): WallAddress => ({ mode: "test", orgId, slug });
  const text = (request: Request, body: string | null, type: string) =>
    body === null
      ? new Response("Not found\n", {
          status: 404,
          headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
        })
      : send(request, body, 200, {
          "content-type": type,
          "cache-control": WALL_CACHE,
          "x-content-type-options": "nosniff",
        });

  /** A shown testimonial's landscape share image, the `og:image` of its page, while its words are public; 404 otherwise. */
  const card = async (address: WallAddress, id: string) => {
    try {
      const { brand } = resolveWall(deps, address);
      const [row] = pickShown(db, brand.id, [id]);
      // Words kept off public places (hidden, or an unchecked machine draft) stay off their image too.
      if (!row || !wordsPublic(row)) throw notFound("testimonial");
      const png = await shareCard(deps, row, "landscape");
      return new Response(png as BodyInit, {
        headers: {
          "content-type": "image/png",
          "cache-control": "public, max-age=3600",
          "x-content-type-options": "nosniff",
        },
      });
    } catch (e) {
      const a = errorAnswer(e);
      if ("location" in a) return new Response(null, { status: 404 });
      return new Response("Not found\n", {
        status: a.status,
        headers: { "content-type": "text/plain; charset=utf-8" },
      });
    }
  };

  return new Elysia({ name: "wall-pages", seed: config.siteUrl })
    .get(`${mount}/b/:slug/t/:id/card.png`, ({ params }) => card(live(params.slug), params.id))
    .get(`${mount}/test/:org_id/b/:slug/t/:id/card.png`, ({ params }) =>
      card(test(params.org_id, params.slug), params.id),
    )
    .get(`${mount}/b/:slug`, ({ params, query, request }) =>
      respond(
        request,
        () => JSON.stringify(["live", params.slug, "page", parsePage(one(query.page))]),
        (wish) => wallPageAnswer(deps, live(params.slug), one(query.page), searchOf(request), wish),
      ),
    )
    .get(`${mount}/b/:slug/t/:id`, ({ params, request }) =>
      respond(
        request,
        () => JSON.stringify(["live", params.slug, "t", params.id]),
        (wish) => permalinkAnswer(deps, live(params.slug), params.id, searchOf(request), wish),
      ),
    )
    .get(`${mount}/test/:org_id/b/:slug`, ({ params, query, request }) =>
      respond(
        request,
        () => JSON.stringify(["test", params.org_id, params.slug, "page", parsePage(one(query.page))]),
        (wish) => wallPageAnswer(deps, test(params.org_id, params.slug), one(query.page), searchOf(request), wish),
      ),
    )
    .get(`${mount}/test/:org_id/b/:slug/t/:id`, ({ params, request }) =>
      respond(
        request,
        () => JSON.stringify(["test", params.org_id, params.slug, "t", params.id]),
        (wish) => permalinkAnswer(deps, test(params.org_id, params.slug), params.id, searchOf(request), wish),
      ),
    )
    .get(`${mount}/sitemap.xml`, ({ query, request }) =>
      text(
        request,
        sitemapXml(config.siteUrl, sitemapEntries(deps), parsePart(one(query.part))),
        "application/xml; charset=utf-8",
      ),
    )
    .get(`${mount}/robots.txt`, ({ request }) => text(request, robotsTxt(config), "text/plain; charset=utf-8"));
}
