/**
 * The brand editor's "Languages" section (issue 26; docs/languages.md): which languages the brand's collect pages,
 * removal pages and widgets offer (a visitor gets the one their browser prefers among them) and the one they fall
 * back to. The interface of those pages is translated; what the team wrote (questions, consent) stays as written.
 */
import { Field } from "../../shared/ui/field";
import { LANGUAGES, type Language } from "../../../src/platform/i18n/languages";
import { t } from "../i18n";

/** Each language by its own name, as a visitor would look for it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English",
  de: "Deutsch",
  fr: "Français",
  es: "Español",
  pt: "Português",
  it: "Italiano",
  nl: "Nederlands",
  ar: "العربية",
};

/** Props of `LanguageFields`: the offered languages, the default, and their setters. */
export interface LanguageFieldsProps {
  languages: Language[];
  setLanguages: (v: Language[]) => void;
  defaultLanguage: Language;
  setDefaultLanguage: (v: Language) => void;
}

/** The section's fields: a box per language, and the default among the ticked ones. */
export function LanguageFields(p: LanguageFieldsProps) {
  const toggle = (lang: Language, on: boolean) => {
    const next = LANGUAGES.filter((l) => (l === lang ? on : p.languages.includes(l)));
    if (!next.length) return;
    p.setLanguages(next);
    if (!next.includes(p.defaultLanguage)) p.setDefaultLanguage(next[0]!);
  };
  return (
    <fieldset>
      <legend>{t("brand-languages.title")}</legend>
      <p class="hint">{t("brand-languages.intro")}</p>
      <div class="check-row">
        {LANGUAGES.map((lang) => (
          <label class="check" key={lang}>
            <input
              type="checkbox"
              checked={p.languages.includes(lang)}
              disabled={p.languages.length === 1 && p.languages.includes(lang)}
              onChange={(e) => toggle(lang, e.currentTarget.checked)}
            />
            <span lang={lang}>{LANGUAGE_NAMES[lang]}</span>
          </label>
        ))}
      </div>
      <Field label={t("brand-languages.default")} hint={t("brand-languages.default_hint")}>
        {(f) => (
          <select
            {...f}
            value={p.defaultLanguage}
            onChange={(e) => p.setDefaultLanguage(e.currentTarget.value as Language)}
          >
            {p.languages.map((lang) => (
              <option key={lang} value={lang} lang={lang}>
                {LANGUAGE_NAMES[lang]}
              </option>
            ))}
          </select>
        )}
      </Field>
    </fieldset>
  );
}
