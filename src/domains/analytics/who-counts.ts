/**
 * Which beacons are not counted, whatever they say: the visitor asked not to be tracked (`DNT: 1`, `Sec-GPC: 1`),
 * the browser is a known bot (isbot's list of crawler user agents, or none at all), the page was only prefetched,
 * the request carries the dashboard's session cookie (someone of the team looking at their own wall or site), or
 * the page is one of the dashboard's own (a preview). The embed script and the wall pages also send nothing
 * themselves under Do Not Track, Global Privacy Control or an automated browser; this is the server's own check.
 */
import { isbot } from "isbot";
import type { Config } from "../../config";
import { SESSION_COOKIE } from "../accounts";
import { HalvingMap } from "../../platform/halving-map";

/** Header values longer than this are read each time, not remembered (memory stays small whatever is sent). */
const MAX_REMEMBERED = 512;

/** Answers of `isbot` per user agent (a page's visitors share a handful of them); at most 2,000 kept. */
const agents = new HalvingMap<string, boolean>(2000);

/** True for a known bot's user agent (or none), remembered per user agent string. */
function botAgent(ua: string): boolean {
  let bot = agents.get(ua);
  if (bot === undefined) {
    bot = ua.trim() === "" || isbot(ua);
    if (ua.length <= MAX_REMEMBERED) agents.set(ua, bot);
  }
  return bot;
}

const PREFETCH = /prefetch|prerender/i;

/** Why a beacon is not counted (for tests and logs), or null when it counts. */
export type Skip = "dnt" | "gpc" | "bot" | "prefetch" | "team" | "preview";

/** The reason this request's beacon is not counted, or null. */
export function skipReason(request: Request, config: Pick<Config, "appUrl">): Skip | null {
  const h = request.headers;
  if (h.get("dnt")?.trim() === "1") return "dnt";
  if (h.get("sec-gpc")?.trim() === "1") return "gpc";
  const ua = h.get("user-agent") ?? "";
  if (botAgent(ua)) return "bot";
  const purpose = h.get("sec-purpose");
  const legacyPurpose = h.get("purpose");
  if ((purpose !== null || legacyPurpose !== null) && PREFETCH.test(`${purpose ?? ""} ${legacyPurpose ?? ""}`))
    return "prefetch";
  const cookie = h.get("cookie");
  if (cookie !== null && cookie.split(";").some((c) => c.trim().startsWith(`${SESSION_COOKIE}=`))) return "team";
  const referer = h.get("referer") ?? "";
  if (referer && referer.startsWith(`${config.appUrl}/`)) return "preview";
  return null;
}

/** Host names of `Origin` and `Referer` values already read (null: not a web address); at most 4,000 kept. */
const pages = new HalvingMap<string, string | null>(4000);

/** The host name (with its port) of an `Origin` or `Referer` value, or null when it is not an http(s) address. */
function hostOf(value: string): string | null {
  let host = pages.get(value);
  if (host === undefined) {
    host = null;
    try {
      const url = new URL(value);
      if (url.protocol === "http:" || url.protocol === "https:") host = url.host.toLowerCase().slice(0, 253);
    } catch {
      // Not an address.
    }
    if (value.length <= MAX_REMEMBERED) pages.set(value, host);
  }
  return host;
}

/** The page's host name (with its port, if any) from `Origin`, else `Referer`; `''` when neither says. */
export function pageHost(request: Request): string {
  for (const name of ["origin", "referer"]) {
    const value = request.headers.get(name);
    if (!value || value === "null") continue;
    const host = hostOf(value);
    if (host !== null) return host;
  }
  return "";
}
