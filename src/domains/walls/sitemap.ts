/**
 * `sitemap.xml` and `robots.txt` of the site address. The sitemap lists what the indexable rule lets in; past
 * 50,000 addresses (the protocol's limit per file) it becomes a sitemap index of `sitemap.xml?part=n` files.
 * robots.txt keeps crawlers out of capture and removal pages (and of the API and dashboard when they share the
 * site's host name) and names the sitemap. Test walls are not disallowed: crawlers must read their `noindex`.
 */
import type { Config } from "../../config";
import { differentHost, pathPrefix } from "../../platform/http/hosts";
import type { SitemapEntry } from "./directory";

/** Addresses per sitemap file (sitemaps.org). */
export const SITEMAP_LIMIT = 50_000;

const xml = (s: string) =>
  s
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&apos;");

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

function urlset(entries: SitemapEntry[]): string {
  const urls = entries.map((e) => `<url><loc>${xml(e.loc)}</loc><lastmod>${e.lastmod}</lastmod></url>`).join("\n");
  return `${HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/**
 * The sitemap document: every entry, or (when there are too many for one file) the index without `part` and
 * the `part`-th file with it. Null for a part that does not exist.
 */
export function sitemapXml(siteUrl: string, entries: SitemapEntry[], part?: number): string | null {
  const parts = Math.max(1, Math.ceil(entries.length / SITEMAP_LIMIT));
  if (part === undefined) {
    if (parts === 1) return urlset(entries);
    const newest = entries.reduce((m, e) => (e.lastmod > m ? e.lastmod : m), "");
    const maps = Array.from(
      { length: parts },
      (_, i) =>
        `<sitemap><loc>${xml(`${siteUrl}/sitemap.xml?part=${i + 1}`)}</loc><lastmod>${newest}</lastmod></sitemap>`,
    );
    return `${HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${maps.join("\n")}\n</sitemapindex>\n`;
  }
  if (!Number.isInteger(part) || part < 1 || part > parts) return null;
  return urlset(entries.slice((part - 1) * SITEMAP_LIMIT, part * SITEMAP_LIMIT));
}

/** Reads `?part=`: absent is the whole sitemap (or the index); anything but a small whole number is no part. */
export const parsePart = (raw: string | undefined): number | undefined =>
  raw === undefined ? undefined : /^\d{1,6}$/.test(raw) ? Number(raw) : -1;

/** robots.txt for the site address. */
export function robotsTxt(config: Pick<Config, "siteUrl" | "baseUrl" | "appUrl">): string {
  const site = pathPrefix(config.siteUrl);
  const disallow = [`${site}/c/`, `${site}/remove/`];
  // robots.txt governs its whole host: keep crawlers off the API and dashboard when they live there too.
  if (!differentHost(config.baseUrl, config.siteUrl))
    disallow.push(`${pathPrefix(config.baseUrl)}/v1/`, `${pathPrefix(config.baseUrl)}/public/`);
  if (!differentHost(config.appUrl, config.siteUrl) && pathPrefix(config.appUrl))
    disallow.push(`${pathPrefix(config.appUrl)}/`);
  return [
    "User-agent: *",
    ...disallow.map((d) => `Disallow: ${d}`),
    "Allow: /",
    "",
    `Sitemap: ${config.siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
}
