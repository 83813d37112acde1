/**
 * The four addresses (API, CDN, dashboard, site) may share one host (each under its path prefix) or use host
 * names of their own. With their own host, an area is mounted under an internal prefix (`/__cdn`, `/__site`) and
 * `routeByHost` rewrites requests for that host onto it, so the same routes serve either layout.
 */
import type { Config } from "../../config";

/** Path prefix of an address (`http://x/cdn` → `/cdn`, `http://cdn.x` → ``). */
export const pathPrefix = (url: string): string => new URL(url).pathname.replace(/\/+$/, "");

/** True when two addresses are on different hosts. */
export const differentHost = (a: string, b: string) => new URL(a).host !== new URL(b).host;

/**
 * Areas that can live on a host of their own and be routed by Host. The CDN area is mounted at the box's own CDN
 * address (`cdnOriginUrl`, which is `cdnUrl` unless that points straight at a bucket).
 */
const ROUTED = { cdn: "cdnOriginUrl", site: "siteUrl" } as const;

/** Where an area's routes are mounted: its path prefix, behind `/__<area>` when it has its own host. */
export function mountPrefix(config: Config, area: keyof typeof ROUTED): string {
  const url = config[ROUTED[area]];
  return differentHost(url, config.baseUrl) ? `/__${area}${pathPrefix(url)}` : pathPrefix(url);
}

/** The path prefixes of every area, as mounted. */
export function prefixes(config: Config) {
  return {
    cdn: mountPrefix(config, "cdn"),
    site: mountPrefix(config, "site"),
    app: pathPrefix(config.appUrl),
    api: pathPrefix(config.baseUrl),
  };
}

/** Rewrites a request for an area's own host onto the area's internal mount; others pass unchanged. */
export function hostRouter(config: Config): (request: Request) => Request {
  const hosts = (Object.keys(ROUTED) as (keyof typeof ROUTED)[])
    .filter((area) => differentHost(config[ROUTED[area]], config.baseUrl))
    .map((area) => ({ host: new URL(config[ROUTED[area]]).host, area }));
  if (hosts.length === 0) return (r) => r;
  return (request) => {
    const url = new URL(request.url);
    const match = hosts.find((h) => h.host === (request.headers.get("host") ?? url.host));
    if (!match || url.pathname.startsWith(`/__${match.area}`)) return request;
    url.pathname = `/__${match.area}${url.pathname}`;
    return new Request(url, request);
  };
}
