/**
 * The collect page's languages (issue 26; docs/languages.md): the link's own language, else the brand's offer and
 * default, put in the page's config so the page chooses among them (the visitor's browser decides within the
 * offer), and on `<html lang dir>` before the script runs.
 */
import { extendConfig } from "../../platform/http/web-assets";
import { acceptedLanguages, direction, isLanguage, negotiate, type Language } from "../../platform/i18n/languages";
import { offeredLanguages, type BrandRow, type LinkRow } from "../brands";

/** The languages a link's page offers, its own language (or null) and its fallback. */
function linkLanguages({ link, brand }: { link: LinkRow; brand: BrandRow }) {
  const offered: Language[] = offeredLanguages(brand);
  const own = isLanguage(link.language) ? link.language : null;
  // A link's own language is shown even when the brand no longer offers it.
  const languages = own && !offered.includes(own) ? [...offered, own] : offered;
  const fallback = offered.includes(brand.defaultLanguage as Language) ? brand.defaultLanguage : offered[0]!;
  return { own, languages, fallback };
}

/**
 * The language a testimonial was sent in: the one the page says it showed (when the page offers it), else what the
 * page would have chosen: the link's own language, else the browser's (`Accept-Language`) among the brand's, else
 * the brand's default.
 */
export function sentLanguage(
  found: { link: LinkRow; brand: BrandRow },
  sent: string | null | undefined,
  acceptLanguage: string | null | undefined,
): Language {
  const { own, languages, fallback } = linkLanguages(found);
  return negotiate({
    explicit: [sent, own],
    preferred: acceptedLanguages(acceptLanguage),
    offered: languages,
    fallback,
  });
}

/** The page's HTML with the link's and brand's languages in its config and on `<html>`. */
export function withLinkLanguages(html: string, found: { link: LinkRow; brand: BrandRow }): string {
  const { own, languages, fallback } = linkLanguages(found);
  const lang = own ?? fallback;
  return extendConfig(
    html,
    { ...(own ? { lang: own } : {}), languages, default_language: fallback },
    lang,
    direction(lang),
  );
}
