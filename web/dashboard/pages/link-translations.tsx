/**
 * The link's own texts in other languages (issue 26; the API's `translations`): for each language added, the title,
 * each prompt, the welcome and thank-you words, the consent wording and the button's label. Left empty, a text is
 * shown as the link has it. The capture page shows the texts of the language it is shown in, and the consent a
 * respondent agrees to is then the translated wording, recorded with its language.
 */
import { LANGUAGES, type Language } from "../../../src/platform/i18n/languages";
import { Button } from "../../shared/ui/button";
import { Field } from "../../shared/ui/field";
import { t } from "../i18n";
import { LANGUAGE_NAMES } from "./brand-languages";
import type { DraftTranslation, LinkDraft } from "./link-draft";

/** Props of `LinkTranslations`: the draft and how to change it. */
export interface LinkTranslationsProps {
  draft: LinkDraft;
  set: (patch: Partial<LinkDraft>) => void;
}

/** The "Other languages" section of the link editor. */
export function LinkTranslations({ draft: d, set }: LinkTranslationsProps) {
  const added = LANGUAGES.filter((l) => d.translations[l]);
  const free = LANGUAGES.filter((l) => !d.translations[l] && l !== (d.language || null));
  const change = (lang: Language, patch: Partial<DraftTranslation>) =>
    set({ translations: { ...d.translations, [lang]: { ...d.translations[lang]!, ...patch } } });
  const remove = (lang: Language) => {
    const { [lang]: _gone, ...rest } = d.translations;
    set({ translations: rest });
  };
  const text = (lang: Language, key: Exclude<keyof DraftTranslation, "prompts">, label: string, rows = 1) => (
    <Field label={label} optional>
      {(p) =>
        rows > 1 ? (
          <textarea
            {...p}
            name={`${lang}-${key}`}
            lang={lang}
            dir="auto"
            rows={rows}
            value={d.translations[lang]![key]}
            onInput={(e) => change(lang, { [key]: e.currentTarget.value })}
          />
        ) : (
          <input
            {...p}
            name={`${lang}-${key}`}
            lang={lang}
            dir="auto"
            value={d.translations[lang]![key]}
            onInput={(e) => change(lang, { [key]: e.currentTarget.value })}
          />
        )
      }
    </Field>
  );
  return (
    <fieldset class="link-section">
      <legend>{t("link-translations.legend")}</legend>
      <p class="hint">{t("link-translations.hint")}</p>
      {added.map((lang) => {
        const tr = d.translations[lang]!;
        return (
          <details key={lang} class="link-translation" open>
            <summary lang={lang}>{LANGUAGE_NAMES[lang]}</summary>
            {text(lang, "title", t("link-translations.title", { language: LANGUAGE_NAMES[lang] }))}
            {d.prompts.map((prompt, i) => (
              <Field
                key={prompt.key}
                label={t("link-translations.prompt", { n: i + 1, language: LANGUAGE_NAMES[lang] })}
                optional
                hint={prompt.text}
              >
                {(p) => (
                  <input
                    {...p}
                    name={`${lang}-prompt-${i + 1}`}
                    lang={lang}
                    dir="auto"
                    value={tr.prompts[i] ?? ""}
                    onInput={(e) => {
                      const prompts = d.prompts.map((_, j) =>
                        j === i ? e.currentTarget.value : (tr.prompts[j] ?? ""),
                      );
                      change(lang, { prompts });
                    }}
                  />
                )}
              </Field>
            ))}
            {text(lang, "welcome", t("link-translations.welcome", { language: LANGUAGE_NAMES[lang] }), 2)}
            {text(lang, "thankYou", t("link-translations.thank_you", { language: LANGUAGE_NAMES[lang] }), 2)}
            {d.after === "button" &&
              text(lang, "ctaLabel", t("link-translations.cta_label", { language: LANGUAGE_NAMES[lang] }))}
            {text(lang, "consentText", t("link-translations.consent", { language: LANGUAGE_NAMES[lang] }), 4)}
            <Button variant="ghost" onClick={() => remove(lang)}>
              {t("link-translations.remove", { language: LANGUAGE_NAMES[lang] })}
            </Button>
          </details>
        );
      })}
      {free.length > 0 && (
        <Field label={t("link-translations.add")} optional>
          {(p) => (
            <select
              {...p}
              value=""
              onChange={(e) => {
                const lang = e.currentTarget.value as Language;
                if (!lang) return;
                set({ translations: { ...d.translations, [lang]: emptyTranslation() } });
              }}
            >
              <option value="">{t("link-translations.choose")}</option>
              {free.map((lang) => (
                <option key={lang} value={lang} lang={lang}>
                  {LANGUAGE_NAMES[lang]}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
    </fieldset>
  );
}

/** A language's texts before anything is written. */
export const emptyTranslation = (): DraftTranslation => ({
  title: "",
  prompts: [],
  welcome: "",
  thankYou: "",
  consentText: "",
  ctaLabel: "",
});
