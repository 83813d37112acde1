/**
 * The four addresses (API, CDN, dashboard, site) may share one host (path prefixes) or use their own host names.
 * These helpers give the path prefix each address occupies, used to mount routes.
 */
import type { Config } from "../../config";

/** Path prefix of an address (`http://x/cdn` → `/cdn`, `http://cdn.x` → ``). */
export const pathPrefix = (url: string): string => new URL(url).pathname.replace(/\/+$/, "");

/** The path prefixes of the CDN and dashboard addresses. */
export function prefixes(config: Config) {
  return { cdn: pathPrefix(config.cdnUrl), app: pathPrefix(config.appUrl), site: pathPrefix(config.siteUrl), api: pathPrefix(config.baseUrl) };
}

/** True when two addresses are on different hosts (then requests are routed by Host). */
export const differentHost = (a: string, b: string) => new URL(a).host !== new URL(b).host;
