/**
 * The dashboard's words (src/platform/i18n/messages/dashboard/en.json, described for translators in
 * descriptions.json): the same ICU catalogs and formatter as the public pages (web/shared/i18n.ts). The dashboard is
 * English for now; a language added later is one more catalog file beside en.json and a line here.
 *
 *     <h1>{t('links.title')}</h1>
 *     <p>{t('links.count', { count: links.length })}</p>     // '{count, plural, one {# link} other {# links}}'
 */
import { type ComponentChildren, h } from "preact";
import en from "../../src/platform/i18n/messages/dashboard/en.json";
import type { Language } from "../../src/platform/i18n/languages";
import { type Catalog, translator } from "../shared/i18n";

/** The dashboard's translator (English only: every language falls back to it). */
export const words = translator({ en } as unknown as Record<Language, Catalog>);

/** One message of the dashboard, as text. */
export const t = words.t;

/** One message with rich-text tags filled by `values` (`<strong>…</strong>` → JSX). */
export const rich = words.rich;

/** A rich-text tag drawn as the HTML element `name`: `{ code: tag("code") }` fills `<code>…</code>` of a message. */
export const tag =
  (name: string) =>
  (parts: unknown[]): unknown =>
    h(name, null, ...(parts as ComponentChildren[]));
