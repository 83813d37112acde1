/**
 * The widget's own words (src/platform/i18n/messages/widget/<lang>.json) and dates, in the widget's language.
 *
 * The embed script has a 12 KB (gzip) budget and FormatJS's `intl-messageformat` alone would take most of it, so
 * the widget formats its few messages itself: the ICU subset its catalogs use (`{name}`, `{n, plural, …}` with `#`
 * and `=n`, `{x, select, …}`), with the browser's `Intl.PluralRules` and `Intl.NumberFormat`. The catalog test
 * (test/unit/i18n-catalogs.test.ts) checks this gives what `intl-messageformat` gives for every message.
 */
import ar from "../../src/platform/i18n/messages/widget/ar.json";
import de from "../../src/platform/i18n/messages/widget/de.json";
import en from "../../src/platform/i18n/messages/widget/en.json";
import es from "../../src/platform/i18n/messages/widget/es.json";
import fr from "../../src/platform/i18n/messages/widget/fr.json";
import it from "../../src/platform/i18n/messages/widget/it.json";
import nl from "../../src/platform/i18n/messages/widget/nl.json";
import pt from "../../src/platform/i18n/messages/widget/pt.json";
import { direction, type Language, negotiate } from "../../src/platform/i18n/languages";

/** Every widget message, by language. */
const CATALOGS: Record<Language, Record<string, string>> = { en, de, fr, es, pt, it, nl, ar };

/** Values of a message. */
export type Values = Record<string, string | number>;

/** Formats `message` (the ICU subset above) in `lang`. */
export function formatMessage(message: string, lang: string, values: Values = {}): string {
  let i = 0;
  const token = () => {
    const m = /^\s*([^\s,{}]*)\s*/.exec(message.slice(i))!;
    i += m[0].length;
    return m[1]!;
  };
  const text = (count: number | null): string => {
    let out = "";
    while (i < message.length && message[i] !== "}") {
      const c = message[i++]!;
      out += c === "{" ? arg(count) : c === "#" && count !== null ? new Intl.NumberFormat(lang).format(count) : c;
    }
    return out;
  };
  const arg = (count: number | null): string => {
    const name = token();
    const value = values[name] ?? "";
    if (message[i++] === "}") return String(value);
    const plural = token() === "plural";
    i++;
    const n = Number(value);
    const category = plural ? new Intl.PluralRules(lang).select(n) : String(value);
    let exact: string | null = null;
    let chosen: string | null = null;
    let other = "";
    for (let key = token(); key; key = token()) {
      i++;
      const body = text(plural ? n : count);
      i++;
      if (key === `=${n}`) exact = body;
      else if (key === category) chosen = body;
      else if (key === "other") other = body;
    }
    i++;
    return exact ?? chosen ?? other;
  };
  return text(null);
}

/** The language of the widget being drawn or used, set by `speak`. */
let current: Language = "en";

/**
 * The widget's language: `data-svc-lang` on its box, else the document's `language`, else the page's `<html lang>`,
 * else the browser's, among the languages with catalogs, else English.
 */
export const widgetLanguage = (...wishes: (string | null | undefined)[]): Language =>
  negotiate({
    explicit: [...wishes, document.documentElement.lang, navigator.language],
    fallback: "en",
  });

/** Speaks `lang` from now on (and marks `box` with it, so a dialog opened later speaks it too). */
export function speak(lang: Language, box?: HTMLElement) {
  current = lang;
  if (box) {
    box.lang = lang;
    box.dir = direction(lang);
  }
}

/** Speaks the language of the widget holding `el` (for dialogs opened after other widgets were drawn). */
export const speakAs = (el: Element) => {
  const lang = el.closest<HTMLElement>("[lang]")?.lang;
  if (lang && lang in CATALOGS) current = lang as Language;
};

/**
 * True when the widget holding `el` (else the one being drawn) is right to left: arrows and swipes turn the other way.
 */
export const rtl = (el?: Element) =>
  el ? el.closest("[dir]")?.getAttribute("dir") === "rtl" : direction(current) === "rtl";

/** One widget message in the current language. */
export const t = (key: string, values?: Values) => formatMessage(CATALOGS[current][key] ?? key, current, values);

/** A number with one decimal (4.8, 4,8). */
export const decimal = (n: number) =>
  new Intl.NumberFormat(current, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(n);

/** A `YYYY-MM-DD` date in the current language, as the calendar date it names. */
export const day = (date: string) =>
  new Intl.DateTimeFormat(current, { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" }).format(
    new Date(`${date}T00:00:00Z`),
  );
