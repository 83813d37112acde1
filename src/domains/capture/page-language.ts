/**
 * The collect page's languages (issue 26; docs/languages.md): the link's own language, else the brand's offer and
 * default, put in the page's config so the page chooses among them (the visitor's browser decides within the
 * offer), and on `<html lang dir>` before the script runs.
 */
import { extendConfig } from "../../platform/http/web-assets";
import { direction, isLanguage } from "../../platform/i18n/languages";
import { offeredLanguages, type BrandRow, type LinkRow } from "../brands";

/** The page's HTML with the link's and brand's languages in its config and on `<html>`. */
export function withLinkLanguages(html: string, { link, brand }: { link: LinkRow; brand: BrandRow }): string {
  const offered: string[] = offeredLanguages(brand);
  const own = isLanguage(link.language) ? link.language : null;
  // A link's own language is shown even when the brand no longer offers it.
  const languages = own && !offered.includes(own) ? [...offered, own] : offered;
  const fallback = offered.includes(brand.defaultLanguage) ? brand.defaultLanguage : offered[0]!;
  const lang = own ?? fallback;
  return extendConfig(
    html,
    { ...(own ? { lang: own } : {}), languages, default_language: fallback },
    lang,
    direction(lang),
  );
}
