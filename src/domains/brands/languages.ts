/**
 * The languages of a brand (`languages`, `default_language`; migration 0030): which its public pages offer and which
 * they fall back to. Stored null means every language the pages speak (src/platform/i18n/languages.ts).
 */
import { invalid } from "../../platform/errors";
import { LANGUAGES, isLanguage, type Language } from "../../platform/i18n/languages";
import type { BrandRow } from "./present";

/** The languages a brand offers (all of them when it never chose). */
export function offeredLanguages(row: Pick<BrandRow, "languages">): Language[] {
  const chosen = (row.languages ?? []).filter(isLanguage);
  return chosen.length ? chosen : [...LANGUAGES];
}

/** The language fields of a brand patch. */
export interface LanguagesPatch {
  languages?: string[];
  default_language?: string;
}

/**
 * Applies them to `next`: a non-empty set of known languages (all of them stored as null), and a default among
 * them. Dropping the current default from `languages` without naming a new one is refused (422 on default_language).
 */
export function applyLanguages(next: BrandRow, patch: LanguagesPatch) {
  if (patch.languages !== undefined) {
    const chosen = LANGUAGES.filter((l) => patch.languages!.includes(l));
    if (!chosen.length) throw invalid("Offer at least one language.", "languages");
    next.languages = chosen.length === LANGUAGES.length ? null : chosen;
  }
  if (patch.default_language !== undefined) {
    if (!isLanguage(patch.default_language))
      throw invalid(`default_language is one of ${LANGUAGES.join(", ")}.`, "default_language");
    next.defaultLanguage = patch.default_language;
  }
  if (!offeredLanguages(next).includes(next.defaultLanguage as Language))
    throw invalid(
      `The default language (${next.defaultLanguage}) must be one of the brand's languages; choose another default_language or keep it in languages.`,
      "default_language",
    );
}
