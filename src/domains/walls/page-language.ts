/**
 * The language of a wall page (issue 26; docs/languages.md): `?lang=` in the address, else the visitor's browser
 * preference (`Accept-Language`) among the brand's languages, else the brand's default, by the same rule as the
 * capture page (`negotiate`). Pages are kept rendered per address and per the visitor's wish (`wishKey`), and answer
 * with `Vary: Accept-Language` so shared caches keep the languages apart.
 */
import { acceptedLanguages, isLanguage, negotiate, primary, type Language } from "../../platform/i18n/languages";
import { offeredLanguages, type BrandRow } from "../brands";

/** What a visitor asks for: `?lang=` and the browser's languages, best first. */
export interface LanguageWish {
  query: string | null;
  preferred: string[];
}

/** The wish of a request. */
export function languageWish(request: Request): LanguageWish {
  return {
    query: new URL(request.url).searchParams.get("lang"),
    preferred: acceptedLanguages(request.headers.get("accept-language")),
  };
}

/**
 * The part of a kept page's key that the wish decides: the asked language and up to three known languages of the
 * browser's, in order (unknown ones cannot change the choice), so the number of kept forms stays small.
 */
export function wishKey(wish: LanguageWish): string {
  const known = [...new Set(wish.preferred.map(primary).filter(isLanguage))].slice(0, 3);
  const asked = wish.query && isLanguage(primary(wish.query)) ? primary(wish.query) : "";
  return `${asked}|${known.join(",")}`;
}

/** The language a brand's wall is shown in for this wish. */
export function wallLanguage(brand: Pick<BrandRow, "languages" | "defaultLanguage">, wish: LanguageWish): Language {
  return negotiate({
    explicit: [wish.query],
    preferred: wish.preferred,
    offered: offeredLanguages(brand),
    fallback: brand.defaultLanguage,
  });
}

/** The language of a page that belongs to no brand (an unknown address): the browser's among every language. */
export const visitorLanguage = (wish: LanguageWish): Language =>
  negotiate({ explicit: [wish.query], preferred: wish.preferred });
