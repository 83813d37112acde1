/**
 * The public pages' words (capture, removal): ICU messages from the catalogs in src/platform/i18n/messages/<area>/,
 * formatted with FormatJS's `intl-messageformat` in the page's language, which is chosen once at start (`pickLanguage`)
 * and written on `<html lang dir>` (`applyLanguage`).
 */
import { IntlMessageFormat } from "intl-messageformat";
import { direction, type Language, negotiate } from "../../src/platform/i18n/languages";
import type { WebConfig } from "./config";

/** One language's messages: flat keys, ICU message strings. */
export type Catalog = Record<string, string>;

/** Values a message takes; a function is a rich-text tag (`<strong>…</strong>`). */
export type Values = Record<string, string | number | Date | ((parts: unknown[]) => unknown)>;

/** The words of one area in every language, and the language in use. */
export interface Translator {
  /** The message `key` with `values`, as text. */
  t(key: string, values?: Values): string;
  /** The message `key` with rich-text tags filled by the functions in `values` (for JSX). */
  rich(key: string, values: Values): unknown[];
  /** The language in use. */
  language(): Language;
  /** Switches the language (before the page is drawn). */
  use(lang: Language): void;
}

/** A translator over `catalogs` (every language's file of one area); English until `use` says otherwise. */
export function translator(catalogs: Record<Language, Catalog>): Translator {
  let lang: Language = "en";
  const cache = new Map<string, IntlMessageFormat>();
  const format = (key: string, values?: Values) => {
    const id = `${lang}\u0000${key}`;
    let f = cache.get(id);
    if (!f) {
      // A key missing in a language (the catalog test forbids it) falls back to English, then to the key.
      const message = catalogs[lang][key] ?? catalogs.en[key] ?? key;
      f = new IntlMessageFormat(message, lang);
      cache.set(id, f);
    }
    return f.format(values as Record<string, never>);
  };
  return {
    t: (key, values) => String(format(key, values)),
    rich: (key, values) => {
      const out = format(key, values);
      return Array.isArray(out) ? out : [out];
    },
    language: () => lang,
    use: (next) => {
      lang = next;
    },
  };
}

/**
 * The page's language: `?lang=` in the address or the config's `lang`, else the browser's preference, among the
 * config's `languages` (default: all), else the config's `default_language` (default `en`).
 */
export function pickLanguage(config: Pick<WebConfig, "lang" | "languages" | "default_language">): Language {
  const query = typeof location === "undefined" ? null : new URLSearchParams(location.search).get("lang");
  const preferred =
    typeof navigator === "undefined" ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];
  return negotiate({
    explicit: [query, config.lang],
    preferred,
    offered: config.languages,
    fallback: config.default_language,
  });
}

/** Writes the language and its direction on the document (`<html lang="ar" dir="rtl">`). */
export function applyLanguage(lang: Language, doc: Document = document): void {
  doc.documentElement.lang = lang;
  doc.documentElement.dir = direction(lang);
}
