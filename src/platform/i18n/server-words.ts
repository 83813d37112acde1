/**
 * The server's own words in the respondent's or visitor's language (issue 26): the emails to respondents (area
 * `email`) and the wall pages (area `wall`), from the catalogs in src/platform/i18n/messages/<area>/<lang>.json,
 * formatted with FormatJS's `intl-messageformat` like the pages' words (web/shared/i18n.ts). The catalogs are
 * imported, so they are inside the compiled executable.
 */
import { IntlMessageFormat } from "intl-messageformat";
import { isLanguage, type Language } from "./languages";
import emailAr from "./messages/email/ar.json";
import emailDe from "./messages/email/de.json";
import emailEn from "./messages/email/en.json";
import emailEs from "./messages/email/es.json";
import emailFr from "./messages/email/fr.json";
import emailIt from "./messages/email/it.json";
import emailNl from "./messages/email/nl.json";
import emailPt from "./messages/email/pt.json";
import wallAr from "./messages/wall/ar.json";
import wallDe from "./messages/wall/de.json";
import wallEn from "./messages/wall/en.json";
import wallEs from "./messages/wall/es.json";
import wallFr from "./messages/wall/fr.json";
import wallIt from "./messages/wall/it.json";
import wallNl from "./messages/wall/nl.json";
import wallPt from "./messages/wall/pt.json";

type Catalog = Record<string, string>;

const CATALOGS: Record<ServerArea, Record<Language, Catalog>> = {
  email: { en: emailEn, de: emailDe, fr: emailFr, es: emailEs, pt: emailPt, it: emailIt, nl: emailNl, ar: emailAr },
  wall: { en: wallEn, de: wallDe, fr: wallFr, es: wallEs, pt: wallPt, it: wallIt, nl: wallNl, ar: wallAr },
};

/** The areas of words the server writes itself. */
export type ServerArea = "email" | "wall";

/** Values a message takes. */
export type WordValues = Record<string, string | number | Date>;

/** One area's words in one language: `t(key, values)` formats the message as text. */
export interface Words {
  readonly lang: Language;
  t(key: string, values?: WordValues): string;
}

const formats = new Map<string, IntlMessageFormat>();

/** The words of `area` in `lang` (English when `lang` is not one of the languages). */
export function wordsFor(area: ServerArea, lang: string | null | undefined): Words {
  const language: Language = isLanguage(lang) ? lang : "en";
  const catalog = CATALOGS[area][language];
  return {
    lang: language,
    t(key, values) {
      const id = `${area}\u0000${language}\u0000${key}`;
      let f = formats.get(id);
      if (!f) {
        // A key missing in a language (the catalog test forbids it) falls back to English, then to the key.
        f = new IntlMessageFormat(catalog[key] ?? CATALOGS[area].en[key] ?? key, language);
        formats.set(id, f);
      }
      return String(f.format(values));
    },
  };
}
