/**
 * Owner-written texts of a collect link per language (issue 26; docs/languages.md): `translations` maps a language
 * to its title, prompts (in the link's order), welcome and thank-you messages, consent wording and call-to-action
 * label. The capture page shows the texts of the language it is shown in, the rest as written; the consent a
 * respondent agrees to is then the translated wording, and it is stored word for word with its language.
 */
import { t } from "elysia";
import { invalid } from "../../platform/errors";
import { isLanguage, LANGUAGES, type Language } from "../../platform/i18n/languages";
import { charCount } from "../../platform/text";

/** One language's texts; what is left out is shown as the link has it. */
export interface LinkTranslation {
  title?: string;
  prompts?: string[];
  welcome_message?: string;
  thank_you_message?: string;
  consent_text?: string;
  call_to_action_label?: string;
}

/** The texts per language (never for a language the pages do not speak). */
export type LinkTranslations = Partial<Record<Language, LinkTranslation>>;

/** One language's texts as requests and answers carry them. */
const translationSchema = t.Object(
  {
    title: t.Optional(t.String({ maxLength: 200 })),
    prompts: t.Optional(
      t.Array(t.String({ maxLength: 500 }), { maxItems: 10, description: "The prompts' texts, in the link's order." }),
    ),
    welcome_message: t.Optional(t.String({ maxLength: 2000 })),
    thank_you_message: t.Optional(t.String({ maxLength: 2000 })),
    consent_text: t.Optional(t.String({ maxLength: 5000 })),
    call_to_action_label: t.Optional(t.String({ maxLength: 60 })),
  },
  { additionalProperties: false },
);

/** `translations` of a link: language → texts. */
export const linkTranslationsField = t.Record(t.String({ maxLength: 8 }), translationSchema, {
  description: `The owner's texts per language (${LANGUAGES.join(", ")}): title, prompts (in order), welcome_message, thank_you_message, consent_text, call_to_action_label. The capture page shows those of the language it is shown in; the consent recorded is the wording shown, with its language.`,
});

const LIMITS: Record<Exclude<keyof LinkTranslation, "prompts">, number> = {
  title: 200,
  welcome_message: 2000,
  thank_you_message: 2000,
  consent_text: 5000,
  call_to_action_label: 60,
};

/** Checks `translations` against the link's prompts; empty texts are dropped, an empty set is null. */
export function checkTranslations(
  input: Record<string, LinkTranslation> | null,
  promptCount: number,
): LinkTranslations | null {
  if (!input) return null;
  const out: LinkTranslations = {};
  for (const [lang, texts] of Object.entries(input)) {
    if (!isLanguage(lang))
      throw invalid(`translations are keyed by ${LANGUAGES.join(", ")}; not "${lang}".`, "translations");
    const clean: LinkTranslation = {};
    for (const key of Object.keys(LIMITS) as (keyof typeof LIMITS)[]) {
      const v = texts[key]?.replace(/\r\n?/g, "\n").trim();
      if (!v) continue;
      if (charCount(v) > LIMITS[key])
        throw invalid(`Keep it under ${LIMITS[key]} characters.`, `translations.${lang}.${key}`);
      clean[key] = v;
    }
    if (texts.prompts?.length) {
      if (texts.prompts.length > promptCount)
        throw invalid(
          `The link has ${promptCount} prompt(s); give at most as many texts, in order.`,
          `translations.${lang}.prompts`,
        );
      clean.prompts = texts.prompts.map((p) => p.trim());
    }
    if (Object.keys(clean).length) out[lang] = clean;
  }
  return Object.keys(out).length ? out : null;
}

/** The consent wording shown in `lang`: its translation, else the link's own. */
export const consentIn = (link: { consentText: string; translations: LinkTranslations | null }, lang: string) =>
  (isLanguage(lang) && link.translations?.[lang]?.consent_text) || link.consentText;
