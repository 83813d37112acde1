/**
 * Serves the removal page at `{site_url}/remove/{token}`: the removal bundle's `index.html` with the runtime
 * config injected, and its hashed files under `{site_url}/remove/assets/`. The page reads the token from its own
 * address and asks the API; the server never puts the token or the testimonial into the HTML. Strict CSP, no
 * referrer (the address holds the token), never cached or indexed.
 */
import { Elysia } from "elysia";
import type { Deps } from "../../platform/deps";
import type { Config } from "../../config";
import { notFound } from "../../platform/errors";
import { loadBundlePage, type WebAsset } from "../../platform/http/web-assets";
import { mountPrefix, pathPrefix } from "../../platform/http/hosts";

/** The Content-Security-Policy of the removal page. */
export function removalCsp(config: Pick<Config, "baseUrl">): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    `connect-src 'self' ${new URL(config.baseUrl).origin}`,
    "font-src 'self'",
    "base-uri 'self'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Elysia plugin for the removal page and its assets, mounted where the site area lives. */
export function removalPagePlugin(assets: Map<string, WebAsset>, deps: Deps) {
  const { config } = deps;
  const mount = mountPrefix(config, "site");
  const prefix = pathPrefix(config.siteUrl);
  const headers = {
    "content-security-policy": removalCsp(config),
    "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-robots-tag": "noindex, nofollow",
  };
  const index = loadBundlePage(assets, "removal", `${prefix}/remove/assets/`, config);

  const page = async () => {
    const html = await index;
    if (html instanceof Error) throw html;
    return new Response(html, {
      headers: { ...headers, "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
    });
  };

  return (
    new Elysia({ name: "removal-page", seed: config.siteUrl })
      .get(`${mount}/remove/assets/*`, ({ params }) => {
        const asset = params["*"] !== "index.html" ? assets.get(`/removal/${params["*"]}`) : undefined;
        if (!asset) throw notFound("file");
        return new Response(Bun.file(asset.path), {
          headers: { ...headers, "content-type": asset.type, "cache-control": "public, max-age=31536000, immutable" },
        });
      })
      .get(`${mount}/remove/:token`, page)
      // A link cut off before its token still gets the page, which says plainly that the link does not work.
      .get(`${mount}/remove`, page)
  );
}
