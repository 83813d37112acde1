/**
 * Serves the capture page at `{site_url}/c/{link_id}`, at a live link's friendly `{site_url}/c/{slug}` and at a
 * test-mode link's `{site_url}/test/{org_id}/c/{slug}`: the capture bundle's `index.html` with the runtime config
 * and the link's id injected (a 404 status for an unknown address, so the page explains it and crawlers drop it; a
 * 301 to the link's current address from a former slug), and the bundle's hashed files under `{site_url}/c/assets/`.
 * Every answer carries a strict Content-Security-Policy and a Permissions-Policy that lets only this page use the
 * camera and microphone. The page's HTML carries the link's title, description and preview tags, and its preview
 * image is at `{address}/card.png` (link-preview.ts).
 */
import { Elysia } from "elysia";
import type { Deps } from "../../platform/deps";
import type { Config } from "../../config";
import { notFound } from "../../platform/errors";
import { loadBundlePage, type WebAsset } from "../../platform/http/web-assets";
import { mountPrefix, pathPrefix } from "../../platform/http/hosts";
import { findLink, resolveLinkAddress } from "./link-view";
import { linkCard, linkHeadTags } from "./link-preview";
import { withLinkLanguages } from "./page-language";
import { DOMAIN_BRAND_HEADER } from "../brands";

/**
 * The Content-Security-Policy of the capture page. With `previewFor` (the dashboard's address) it is the policy of
 * the link editor's preview (`/c/_preview`): only the dashboard's own origin may frame it, and it can reach no
 * server at all (`connect-src 'none'`, `form-action 'none'`), so nothing typed or recorded there can be sent.
 */
export function captureCsp(config: Pick<Config, "baseUrl" | "cdnUrl">, previewFor?: string): string {
  const cdn = new URL(config.cdnUrl).origin;
  const api = new URL(config.baseUrl).origin;
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${cdn}`,
    "media-src 'self' blob: data:",
    previewFor ? "connect-src 'none'" : `connect-src 'self' ${api}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    previewFor ? "form-action 'none'" : "form-action 'self'",
    previewFor ? `frame-ancestors ${new URL(previewFor).origin}` : "frame-ancestors 'none'",
  ].join("; ");
}

/** The Permissions-Policy of the capture page and its preview. */
export const PERMISSIONS = "camera=(self), microphone=(self), geolocation=(), payment=(), usb=()";

/**
 * Elysia plugin for the capture page and its assets, mounted where the site area lives (behind `/__site` when
 * the site has its own host name; the host router rewrites those requests onto it).
 */
export function capturePagePlugin(assets: Map<string, WebAsset>, deps: Deps) {
  const { config } = deps;
  const mount = mountPrefix(config, "site");
  // What the browser sees: the public path of the site address, never the internal mount.
  const prefix = pathPrefix(config.siteUrl);
  const headers = {
    "content-security-policy": captureCsp(config),
    "permissions-policy": PERMISSIONS,
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
  };
  const index = loadBundlePage(assets, "capture", `${prefix}/c/assets/`, config);

  /**
   * The page for the link an address part names (its id in a meta tag the page reads), a 301 to the link's current
   * address from a former slug (query kept: a request campaign's `?r=` token), or a 404 page.
   */
  const page = async (request: Request, part: string, testOrgId?: string) => {
    const resolved = resolveLinkAddress(deps, part, testOrgId);
    // On a brand's custom domain, only that brand's links open.
    const domainBrand = request.headers.get(DOMAIN_BRAND_HEADER);
    const found = domainBrand && resolved?.brandId !== domainBrand ? null : resolved;
    if (found?.movedTo)
      return new Response(null, {
        status: 301,
        // As walls' former slugs: kept briefly, so a release or a later change is seen within minutes.
        headers: { location: `${found.movedTo}${new URL(request.url).search}`, "cache-control": "public, max-age=300" },
      });
    const html = await index;
    if (html instanceof Error) throw html;
    const id = found?.id;
    // The link's own title, icon, preview tags and languages (or its brand's offer and default) in the page.
    const shown = id ? findLink(deps, id) : null;
    const answer = shown
      ? withLinkLanguages(
          html
            .replace(/<title>[^<]*<\/title>\s*/i, "")
            .replace(/<link rel="icon"[^>]*>\s*/i, "")
            .replace(
              /<\/head>/i,
              (m) =>
                `<meta name="plaudit-link" content="${id!.replace(/[^\w-]/g, "")}">\n${linkHeadTags(deps, shown.link, shown.brand)}\n${m}`,
            ),
          shown,
        )
      : html;
    return new Response(answer, {
      status: id ? 200 : 404,
      headers: { ...headers, "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" },
    });
  };

  /** The preview image of the link an address part names (same rules as its page); 404 otherwise. */
  const card = async (request: Request, part: string, testOrgId?: string) => {
    const resolved = resolveLinkAddress(deps, part, testOrgId);
    const domainBrand = request.headers.get(DOMAIN_BRAND_HEADER);
    if (!resolved || (domainBrand && resolved.brandId !== domainBrand)) throw notFound("link");
    const { link, brand } = findLink(deps, resolved.id);
    return new Response((await linkCard(deps, link, brand)) as BodyInit, {
      headers: {
        "content-type": "image/png",
        "cache-control": "public, max-age=3600",
        "x-content-type-options": "nosniff",
        "cross-origin-resource-policy": "cross-origin",
      },
    });
  };

  return new Elysia({ name: "capture-page", seed: config.siteUrl })
    .get(`${mount}/c/assets/*`, ({ params }) => {
      const asset = params["*"] !== "index.html" ? assets.get(`/capture/${params["*"]}`) : undefined;
      if (!asset) throw notFound("file");
      return new Response(Bun.file(asset.path), {
        headers: { ...headers, "content-type": asset.type, "cache-control": "public, max-age=31536000, immutable" },
      });
    })
    .get(`${mount}/c/:link_id`, ({ params, request }) => page(request, params.link_id))
    .get(`${mount}/c/:link_id/card.png`, ({ params, request }) => card(request, params.link_id))
    .get(`${mount}/test/:org_id/c/:slug`, ({ params, request }) => page(request, params.slug, params.org_id))
    .get(`${mount}/test/:org_id/c/:slug/card.png`, ({ params, request }) => card(request, params.slug, params.org_id));
}
