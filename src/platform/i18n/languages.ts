/**
 * The languages the public pages speak (capture, removal, widget; later the emails and walls), and the choice of
 * one for a visitor. Pure: no DOM, so the server can use the same rules when it fills a page's `lang`.
 */

/** Every language with catalogs, English first (the default). */
export const LANGUAGES = ["en", "de", "fr", "es", "pt", "it", "nl", "ar"] as const;

/** One of `LANGUAGES`. */
export type Language = (typeof LANGUAGES)[number];

/** Languages written right to left. */
const RTL: ReadonlySet<string> = new Set(["ar"]);

/** `rtl` for a language written right to left, else `ltr` (for `<html dir>`). */
export const direction = (lang: string): "ltr" | "rtl" => (RTL.has(lang) ? "rtl" : "ltr");

/** True when `x` is one of `LANGUAGES`. */
export const isLanguage = (x: unknown): x is Language => typeof x === "string" && LANGUAGES.includes(x as Language);

/** The language of a BCP 47 tag (`de-AT` → `de`, `pt_BR` → `pt`, `ZH-hant-TW` → `zh`), lower case. */
export const primary = (tag: string): string => tag.trim().split(/[-_]/)[0]!.toLowerCase();

/** What the choice is made from; every part is optional. */
export interface LanguageWish {
  /** Chosen for the visitor (the page's config, the link or brand, `?lang=`); first that is offered wins. */
  explicit?: readonly (string | null | undefined)[];
  /** The browser's preference, best first (`navigator.languages`). */
  preferred?: readonly string[];
  /** The languages this page offers (default: all of `LANGUAGES`); unknown ones are ignored. */
  offered?: readonly string[];
  /** When nothing else matches (default `en`; if it is not a known language, `en`). */
  fallback?: string | null;
}

/**
 * The language to show: the first explicit one that is offered, else the first of the browser's preferred that is
 * offered (matched on the primary language: `de-AT` → `de`), else the fallback.
 */
export function negotiate(wish: LanguageWish): Language {
  const known = (wish.offered ?? LANGUAGES).map(primary).filter(isLanguage);
  const offered: readonly Language[] = known.length ? known : LANGUAGES;
  const pick = (tags: readonly (string | null | undefined)[] | undefined): Language | null => {
    for (const tag of tags ?? []) {
      const p = tag ? primary(tag) : "";
      if (isLanguage(p) && offered.includes(p)) return p;
    }
    return null;
  };
  const fallback = wish.fallback ? primary(wish.fallback) : "en";
  return pick(wish.explicit) ?? pick(wish.preferred) ?? (isLanguage(fallback) ? fallback : "en");
}

/** The languages of an `Accept-Language` header, best first (`fr-CH, fr;q=0.9, en;q=0.8` → fr-CH, fr, en). */
export function acceptedLanguages(header: string | null | undefined): string[] {
  return (header ?? "")
    .split(",")
    .slice(0, 20)
    .map((part, i) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { tag: tag!.trim(), q: q ? Number(q.slice(2)) : 1, i };
    })
    .filter((x) => x.tag && x.tag !== "*" && Number.isFinite(x.q) && x.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .map((x) => x.tag);
}
