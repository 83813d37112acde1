/**
 * Origins that may frame a brand's wall pages (white label, issue 29): a client shows its wall inside its own site
 * (`<iframe src="https://reviews.agency.com/b/bright-bakery">` on `https://brightbakery.com`). The wall pages' CSP
 * then says `frame-ancestors https://brightbakery.com …` instead of `'none'` (walls/page-headers.ts). Each entry is
 * an origin only (scheme, host, port), https, or http on a loopback host for trying it out on one's own machine;
 * no wildcards, paths or credentials, so nothing else can slip into the header.
 */
import { invalid } from "../../platform/errors";

/** Most origins a brand may list. */
export const MAX_FRAME_ORIGINS = 10;

/** Host names a browser treats as this machine, where plain http is allowed (local trials, tests). */
const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;

/** One origin from input, as the browser serialises it (`https://client.com`, `https://client.com:8443`). */
export function checkFrameOrigin(raw: string, field: string): string {
  const text = raw.trim();
  let url: URL | null = null;
  try {
    url = new URL(text);
  } catch {
    url = null;
  }
  const problem = (why: string) =>
    invalid(`"${raw.slice(0, 100)}" ${why} Write an origin like https://client.com (no path).`, field);
  if (!url || !/^https?:$/.test(url.protocol) || !url.hostname) throw problem("is not an address.");
  if (url.protocol === "http:" && !LOOPBACK.test(url.hostname))
    throw problem("is not https: a page served over http cannot be trusted to frame the wall.");
  if (url.username || url.password) throw problem("carries a user name or password.");
  if (url.hostname.includes("*") || /%2a/i.test(text)) throw problem("holds a wildcard.");
  if ((url.pathname !== "/" && url.pathname !== "") || url.search || url.hash || /[?#]/.test(text))
    throw problem("has a path; an origin is the scheme, host name and port only.");
  return url.origin;
}

/** A brand's frame origins from input: at most 10, each checked, duplicates dropped; empty or null clears (null). */
export function checkFrameOrigins(list: string[] | null): string[] | null {
  if (!list || list.length === 0) return null;
  if (list.length > MAX_FRAME_ORIGINS)
    throw invalid(`A brand lists at most ${MAX_FRAME_ORIGINS} origins that may frame its wall.`, "frame_origins");
  const out: string[] = [];
  list.forEach((raw, i) => {
    const origin = checkFrameOrigin(raw, `frame_origins[${i}]`);
    if (!out.includes(origin)) out.push(origin);
  });
  return out;
}
