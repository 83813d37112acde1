/**
 * The HTML document around every wall page: title, description, canonical address, robots, Open Graph and
 * Twitter card tags, JSON-LD, and the inline stylesheet and script, which the CSP allows by their hashes
 * (`inlineHashes`, page-headers.ts), so the bytes are the same for every visitor and a page can be kept rendered.
 * Everything is rendered by Preact, which escapes text and attributes; only the stylesheet, the player script and
 * the (escaped) JSON-LD go in as raw text.
 */
import type { ComponentChildren } from "preact";
import { render } from "preact-render-to-string";
import { scriptJson } from "../structured-data";
import { PLAYER_SCRIPT } from "./player-script";
import { TRACK_SCRIPT } from "./track-script";
import { direction } from "../../../platform/i18n/languages";

/** Open Graph's locale of each language (`og:locale`). */
const OG_LOCALE: Record<string, string> = {
  en: "en_GB",
  de: "de_DE",
  fr: "fr_FR",
  es: "es_ES",
  pt: "pt_BR",
  it: "it_IT",
  nl: "nl_NL",
  ar: "ar_AR",
};

/** What the head of a page says about it. */
export interface PageHead {
  title: string;
  description: string;
  /** The page's own canonical address; left out of error pages. */
  canonical: string | null;
  indexable: boolean;
  siteName: string;
  favicon: string | null;
  image: { url: string; alt: string; large: boolean } | null;
  jsonLd: unknown | null;
  prev?: string;
  next?: string;
}

function Head({ head, css, lang }: { head: PageHead; css: string; lang: string }) {
  const { image } = head;
  return (
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{head.title}</title>
      <meta name="description" content={head.description} />
      {head.indexable ? null : <meta name="robots" content="noindex" />}
      {head.canonical ? <link rel="canonical" href={head.canonical} /> : null}
      {head.prev ? <link rel="prev" href={head.prev} /> : null}
      {head.next ? <link rel="next" href={head.next} /> : null}
      {head.favicon ? <link rel="icon" href={head.favicon} /> : <link rel="icon" href="data:," />}
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={head.siteName} />
      <meta property="og:locale" content={OG_LOCALE[lang] ?? "en_GB"} />
      <meta property="og:title" content={head.title} />
      <meta property="og:description" content={head.description} />
      {head.canonical ? <meta property="og:url" content={head.canonical} /> : null}
      {image ? <meta property="og:image" content={image.url} /> : null}
      {image ? <meta property="og:image:alt" content={image.alt} /> : null}
      <meta name="twitter:card" content={image?.large ? "summary_large_image" : "summary"} />
      <meta name="twitter:title" content={head.title} />
      <meta name="twitter:description" content={head.description} />
      {image ? <meta name="twitter:image" content={image.url} /> : null}
      {image ? <meta name="twitter:image:alt" content={image.alt} /> : null}
      <style dangerouslySetInnerHTML={{ __html: css }} />
      {head.jsonLd ? (
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptJson(head.jsonLd) }} />
      ) : null}
    </head>
  );
}

/** Where a page reports what visitors see, play and click (walls and permalinks; not error pages). */
export interface PageBeacon {
  /** The box's beacon address (src/platform/beacon-address.ts). */
  url: string;
  brandId: string;
}

/**
 * Renders a whole page to HTML in `lang` (`<html lang dir>`, default English); `player` adds the video player script (pages with a video), `beacon` the reporting
 * script (track-script.ts) and what it reads from the body.
 */
export function renderDocument(opts: {
  head: PageHead;
  css: string;
  player: boolean;
  beacon?: PageBeacon;
  lang?: string;
  children: ComponentChildren;
}): string {
  const lang = opts.lang ?? "en";
  const html = render(
    <html lang={lang} dir={direction(lang)}>
      <Head head={opts.head} css={opts.css} lang={lang} />
      <body data-beacon={opts.beacon?.url} data-brand={opts.beacon?.brandId}>
        {opts.children}
        {opts.player ? <script dangerouslySetInnerHTML={{ __html: PLAYER_SCRIPT }} /> : null}
        {opts.beacon ? <script dangerouslySetInnerHTML={{ __html: TRACK_SCRIPT }} /> : null}
      </body>
    </html>,
  );
  return `<!doctype html>\n${html}`;
}
