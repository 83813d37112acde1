/**
 * Requests for a brand's custom domain (custom-domain.ts), before the app routes them: `/` is the brand's wall,
 * `/t/{id}` a testimonial's permalink, `/c/…` its collect links (only this brand's: the capture page checks the
 * `x-plaudit-domain-brand` header set here), `/remove/…` removal pages, `/u/…` unsubscribe pages, and
 * `/.well-known/plaudit-domain` the proof that the name points here. Anything else on that name is a 404: the API,
 * the dashboard and the CDN stay on the box's own address. Host names that no brand holds pass through untouched.
 */
import type { Deps } from "../../platform/deps";
import type { RequestRouter } from "../../platform/hooks";
import { prepared } from "../../platform/db/prepared";
import { mountPrefix, pathPrefix } from "../../platform/http/hosts";
import { DOMAIN_PROOF_PATH, domainBrandStatement, domainProof } from "./custom-domain";

/** The header that tells the site pages which brand a custom domain is (set only by this router). */
export const DOMAIN_BRAND_HEADER = "x-plaudit-domain-brand";

/** Paths of the site area a custom domain serves as they are. */
const PASSED = /^\/(c|remove|u)(\/|$)|^\/robots\.txt$/;

/** The router of custom domains (the brands module's `router`). */
export function customDomainRouter(deps: Deps): RequestRouter {
  const c = deps.config;
  const own = new Set(
    [c.baseUrl, c.appUrl, c.cdnUrl, c.cdnOriginUrl, c.siteUrl].map((u) => new URL(u).hostname.toLowerCase()),
  );
  if (c.https?.domain) own.add(c.https.domain);
  const mount = mountPrefix(c, "site");
  const sitePrefix = pathPrefix(c.siteUrl);
  return (request) => {
    const host = (request.headers.get("host") ?? "").replace(/:\d+$/, "").toLowerCase();
    // The box's own names, addresses and names without a dot never belong to a brand.
    if (!host.includes(".") || own.has(host) || /^[\d.]+$/.test(host) || host.startsWith("[")) {
      // Only this router may say which brand a request is for.
      if (request.headers.has(DOMAIN_BRAND_HEADER)) {
        const clean = new Request(request);
        clean.headers.delete(DOMAIN_BRAND_HEADER);
        return clean;
      }
      return null;
    }
    const brand = prepared(deps.db, domainBrandStatement).get({ name: host });
    if (!brand) return null;
    const url = new URL(request.url);
    let path = url.pathname;
    if (sitePrefix && path.startsWith(`${sitePrefix}/`)) path = path.slice(sitePrefix.length);
    if (path === DOMAIN_PROOF_PATH)
      return new Response(domainProof(deps, host), {
        headers: { "content-type": "text/plain", "cache-control": "no-store" },
      });
    let target: string | null = null;
    if (path === "/" || path === "") target = `/b/${brand.slug}`;
    else if (/^\/t\/[^/]+(\/card\.png)?$/.test(path)) target = `/b/${brand.slug}${path}`;
    else if (PASSED.test(path)) target = path;
    if (!target)
      return new Response("Not found.", {
        status: 404,
        headers: { "content-type": "text/plain; charset=utf-8", "x-content-type-options": "nosniff" },
      });
    url.pathname = `${mount}${target}`;
    const headers = new Headers(request.headers);
    headers.set(DOMAIN_BRAND_HEADER, brand.id);
    return new Request(url, { method: request.method, headers, body: request.body, redirect: "manual" });
  };
}
