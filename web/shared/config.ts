/**
 * The runtime addresses the server injects into each page as `<meta name="plaudit-config" content="{…}">`,
 * so one build works behind any host names.
 */

/** Addresses a page needs: the API, the CDN, the public site and the dashboard. */
export interface WebConfig {
  apiUrl: string;
  cdnUrl: string;
  siteUrl: string;
  appUrl: string;
  /** The language chosen for this page (the link's or brand's), when the server sets one; `?lang=` overrides it. */
  lang?: string;
  /** The languages this page may be shown in (default: all the public pages speak). */
  languages?: string[];
  /** The language when the visitor's browser prefers none of `languages` (default `en`). */
  default_language?: string;
}

/** Reads the injected config; falls back to this page's origin for anything missing. */
export function readConfig(doc: Document = document): WebConfig {
  const here = doc.location?.origin ?? "";
  let raw: Partial<WebConfig> = {};
  const content = doc.querySelector('meta[name="plaudit-config"]')?.getAttribute("content");
  if (content) {
    try {
      raw = JSON.parse(content) as Partial<WebConfig>;
    } catch {
      raw = {};
    }
  }
  const trim = (u: string | undefined, fallback: string) => (u || fallback).replace(/\/+$/, "");
  return {
    apiUrl: trim(raw.apiUrl, here),
    cdnUrl: trim(raw.cdnUrl, `${here}/cdn`),
    siteUrl: trim(raw.siteUrl, here),
    appUrl: trim(raw.appUrl, `${here}/app`),
    ...(typeof raw.lang === "string" ? { lang: raw.lang } : {}),
    ...(Array.isArray(raw.languages) ? { languages: raw.languages.filter((l) => typeof l === "string") } : {}),
    ...(typeof raw.default_language === "string" ? { default_language: raw.default_language } : {}),
  };
}
