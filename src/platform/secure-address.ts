/**
 * Whether respondents can record at the configured addresses. Browsers give the camera and microphone
 * (`getUserMedia`) only to secure contexts: pages at `https://` addresses, or at `http://` on the browser's own
 * machine (localhost, 127.0.0.0/8, ::1). A capture page at `http://<public address>` loads, but cannot record.
 * `plaudit doctor` and `GET /v1/system/health` (the dashboard's banner) say so, with the fix.
 */
import ipaddr from "ipaddr.js";
import type { Config } from "../config";

/** True when browsers count `hostname` (a URL's) as their own machine: localhost, `*.localhost`, 127/8, ::1. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, "$1");
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  try {
    return ipaddr.process(host).range() === "loopback";
  } catch {
    return false;
  }
}

/** True when browsers treat a page at `url` as a secure context (https, or http on a loopback host). */
export function isSecureContextUrl(url: string): boolean {
  const u = new URL(url);
  return u.protocol === "https:" || (u.protocol === "http:" && isLoopbackHost(u.hostname));
}

/** Why recordings cannot work at the configured addresses, and what to set; null when they can. */
export interface AddressProblem {
  detail: string;
  fix: string;
}

/**
 * The problem with the site address (where capture pages live) for recording, or null. The API address matters
 * too: a capture page on https that sends to an http API is blocked by the browser (mixed content).
 */
export function recordingAddressProblem(config: Pick<Config, "baseUrl" | "siteUrl">): AddressProblem | null {
  const site = new URL(config.siteUrl).origin;
  const base = new URL(config.baseUrl).origin;
  const proxy =
    site === base ? "`PLAUDIT_BASE_URL=https://…`" : "`PLAUDIT_BASE_URL=https://…` and `PLAUDIT_SITE_URL=https://…`";
  if (!isSecureContextUrl(config.siteUrl))
    return {
      detail: `capture pages are at ${site}, a plain HTTP address: recordings will not work on phones or browsers there (they give such pages no camera or microphone); written answers and uploaded files still do`,
      fix: `Set \`PLAUDIT_DOMAIN\` to the server's domain name for built-in HTTPS, or put Plaudit behind a reverse proxy (Caddy, nginx) and set ${proxy} (README: "Deploy on a VPS", "Behind Caddy or nginx").`,
    };
  // Mixed content: only an https page is kept from sending to an http address (an http://localhost page is not).
  if (site.startsWith("https:") && !isSecureContextUrl(config.baseUrl))
    return {
      detail: `capture pages are at ${site} but send recordings to the API at ${base}, a plain HTTP address: browsers block that`,
      fix: `Set \`PLAUDIT_BASE_URL=https://…\` too (README: "Behind Caddy or nginx").`,
    };
  return null;
}
