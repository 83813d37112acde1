/**
 * A widget as plain HTML (`{cdn}/widgets/{id}.html`, issue 25): the same testimonials, fields and look as the
 * embed script draws, in markup that needs no script, for the client's own pages (a server-side include, a static
 * site's build step, a WordPress shortcode: docs/widgets.md). Search engines read the words as the page's own
 * content, and the JSON-LD names what the testimonials review (the brand's `review_type`) with an `AggregateRating`
 * and a `Review` per named, rated testimonial (src/domains/brands/review-markup.ts).
 *
 * The fragment is the embed box itself: `<div data-svc-widget="{id}" data-svc-static>` with the layout's height,
 * so pasted in place of the snippet's empty box it takes the same room, and the embed script, finding it already
 * drawn, leaves it as it is (no second drawing, no layout shift). It is a pure function of the published document:
 * built beside it by the publisher, and from a pinned document while a removal's rebuild is under way.
 * Preact renders it, escaping every text and attribute; only the stylesheet and the escaped JSON-LD go in raw.
 */
import { wordsFor, type Words } from "../../platform/i18n/server-words";
import { direction } from "../../platform/i18n/languages";
import { render } from "preact-render-to-string";
import { reviewable, reviewedItemJsonLd, scriptJson } from "../brands";
import { DEFAULT_STYLE, inkOn, widgetHeight, type DocumentItem, type WidgetDocument, type WidgetStyle } from "./format";
import { STATIC_CSS } from "./static-styles";

const HEX = /^#[0-9a-f]{6}$/i;
const THEME_CLASS = { light: "", dark: "svc-dk", auto: "svc-au" } as const;

/** The address if it is http(s), else null: nothing else is linked or loaded. */
const safeUrl = (url: string | null | undefined) => (url && /^https?:\/\//i.test(url) ? url : null);

/** Up to two initials of a name. */
const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join("");

const starText = (rating: number) => "★".repeat(Math.round(rating)) + "☆".repeat(5 - Math.round(rating));

/** The locale a language's dates and numbers are written in (English as in the UK). */
const locale = (lang: string) => (lang === "en" ? "en-GB" : lang);

/** An average like 4.75 → `4.8` (`4,8` in German). */
const oneDecimal = (n: number, lang: string) =>
  new Intl.NumberFormat(locale(lang), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(n);

/** A `YYYY-MM-DD` date as "3 Nov 2026" (the calendar date it names), in the widget's language. */
const day = (date: string, lang: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString(locale(lang), {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });

function Stars({ rating, label, w }: { rating: number; label?: string; w: Words }) {
  return (
    <span class="svc-st" role="img" aria-label={label ?? w.t("rating.stars", { rating })}>
      {starText(rating)}
    </span>
  );
}

function Face({ item }: { item: DocumentItem }) {
  if (!("avatar_url" in item)) return null;
  const src = safeUrl(item.avatar_url);
  if (src) return <img class="svc-av" src={src} alt="" width={40} height={40} loading="lazy" />;
  return (
    <span class="svc-av" aria-hidden="true">
      {item.name ? initials(item.name) : ""}
    </span>
  );
}

/** The recording with the browser's own controls; nothing loads before play but the poster. */
function Recording({ item, w }: { item: DocumentItem; w: Words }) {
  const who = item.name || w.t("fragment.a_customer");
  const video = safeUrl(item.video_url);
  if (item.kind === "video" && video) {
    // The recording's own shape (a phone's portrait video stays portrait), its face kept in view.
    const shape = item.width && item.height ? `aspect-ratio:${item.width}/${item.height};` : "";
    const focus = item.focus
      ? `object-position:${Math.round(item.focus.x * 100)}% ${Math.round(item.focus.y * 100)}%;`
      : "";
    return (
      <video
        class="svc-v"
        controls
        preload="none"
        playsInline
        src={video}
        poster={safeUrl(item.poster_url) ?? undefined}
        style={shape || focus ? `${shape}${focus}` : undefined}
        aria-label={w.t("media.video_label", { name: who })}
      />
    );
  }
  const audio = safeUrl(item.audio_url);
  if (item.kind === "audio" && audio)
    return (
      <audio class="svc-ad" controls preload="none" src={audio} aria-label={w.t("media.audio_label", { name: who })} />
    );
  return null;
}

function Answers({ item, w }: { item: DocumentItem; w: Words }) {
  if (!item.answers?.length) return null;
  const said = (v: string | boolean) => (v === true ? w.t("card.yes") : v === false ? w.t("card.no") : v);
  return (
    <dl class="svc-an">
      {item.answers.map((a) => (
        <div>
          <dt>{/[?!:.]$/.test(a.label) ? a.label : `${a.label}:`}</dt>
          <dd>{said(a.value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** "from Google": where an imported review was first published, linking to it when its address is known. */
function Source({ item, w }: { item: DocumentItem; w: Words }) {
  const name = item.source?.name?.trim();
  if (!name) return null;
  const url = safeUrl(item.source?.url);
  return url ? (
    <a href={url} target="_blank" rel="noopener nofollow">
      {w.t("card.from_source", { source: name })}
    </a>
  ) : (
    <span>{w.t("card.from_source", { source: name })}</span>
  );
}

/** One testimonial: face, name and role, stars, recording, words, answers, date and source. */
function Card({ item, w }: { item: DocumentItem; w: Words }) {
  const role = [item.title, item.company].filter(Boolean).join(", ");
  return (
    <article class="svc-c" data-sid={item.id} lang={item.language ?? undefined}>
      <div class="svc-ch">
        <Face item={item} />
        <div class="svc-who">
          {item.name ? <strong>{item.name}</strong> : null}
          {role ? <span class="svc-mu">{role}</span> : null}
        </div>
      </div>
      {item.rating ? (
        <p>
          <Stars rating={item.rating} w={w} />
        </p>
      ) : null}
      <Recording item={item} w={w} />
      {item.text ? <p class="svc-q">{item.text}</p> : null}
      <Answers item={item} w={w} />
      {item.date || item.source?.name ? (
        <p class="svc-cf svc-mu">
          {item.date ? <time datetime={item.date}>{day(item.date, w.lang)}</time> : null}
          {item.date && item.source?.name ? " · " : null}
          <Source item={item} w={w} />
        </p>
      ) : null}
    </article>
  );
}

/** The rating over every testimonial the brand shows, when the widget shows ratings and some carry one. */
const summaryOf = (doc: WidgetDocument) =>
  doc.fields.rating && doc.rating.count > 0 ? { average: doc.rating.average, count: doc.rating.count } : null;

function Summary({ doc, w }: { doc: WidgetDocument; w: Words }) {
  const s = summaryOf(doc);
  if (!s) return null;
  const avg = oneDecimal(s.average, w.lang);
  return (
    <p class="svc-sum">
      <Stars rating={Math.round(s.average)} label={w.t("rating.stars", { rating: avg })} w={w} />
      <span class="svc-mu">{w.t("fragment.summary", { average: avg, count: s.count })}</span>
    </p>
  );
}

function Cards({ doc, style, w }: { doc: WidgetDocument; style: WidgetStyle; w: Words }) {
  const items = doc.layout === "single" ? doc.items.slice(0, 1) : doc.items;
  const list =
    doc.layout === "carousel"
      ? "svc-tr"
      : doc.layout === "single"
        ? "svc-sg"
        : style.look === "masonry"
          ? "svc-ms"
          : "svc-g";
  return (
    <ul class={list} aria-label={w.t("fragment.list_label", { brand: doc.brand_name })}>
      {items.map((i) => (
        <li>
          <Card item={i} w={w} />
        </li>
      ))}
    </ul>
  );
}

/** The faces-and-rating badge; its testimonials open below it (above it when it floats in the corner). */
function Badge({ doc, w }: { doc: WidgetDocument; w: Words }) {
  const s = summaryOf(doc);
  const n = doc.items.length;
  return (
    <>
      <div class="svc-fa">
        {doc.fields.avatar ? (
          <span class="svc-fs" aria-hidden="true">
            {doc.items.slice(0, 7).map((i) => (
              <Face item={i} />
            ))}
          </span>
        ) : null}
        <span class="svc-bt">
          {s ? (
            <Stars
              rating={Math.round(s.average)}
              label={w.t("rating.stars", { rating: oneDecimal(s.average, w.lang) })}
              w={w}
            />
          ) : null}
          <span>
            {s
              ? w.t("fragment.summary", { average: oneDecimal(s.average, w.lang), count: s.count })
              : w.t("rating.testimonials", { count: n })}
          </span>
        </span>
      </div>
      {n ? (
        <details class="svc-more">
          <summary>{w.t("fragment.read", { brand: doc.brand_name })}</summary>
          <div class="svc-pop">
            {doc.items.map((i) => (
              <Card item={i} w={w} />
            ))}
          </div>
        </details>
      ) : null}
    </>
  );
}

function Attribution({ doc, w }: { doc: WidgetDocument; w: Words }) {
  if (!doc.attribution) return null;
  const link = safeUrl(doc.attribution_url);
  return (
    <p class="svc-at">
      {link ? (
        <a href={link} target="_blank" rel="noopener">
          {w.t("fragment.powered")}
        </a>
      ) : (
        w.t("fragment.powered")
      )}
    </p>
  );
}

/** The JSON-LD of the fragment: null without a reviewed item, or with nothing to mark up. */
export function widgetJsonLd(doc: WidgetDocument) {
  const item = doc.review_item;
  if (!item) return null;
  const reviews = doc.items.filter(reviewable).map((i) => ({
    name: i.name!,
    rating: i.rating!,
    text: i.text,
    date: i.date ?? null,
  }));
  const rating = summaryOf(doc);
  if (!rating && !reviews.length) return null;
  return reviewedItemJsonLd(
    { type: item.type, name: item.name, url: safeUrl(item.url), imageUrl: safeUrl(item.image_url), rating },
    reviews,
  );
}

/** The widget's HTML fragment (one `<div>`, its styles and JSON-LD inside). */
export function renderWidgetHtml(doc: WidgetDocument): string {
  const style = { ...DEFAULT_STYLE, ...doc.style };
  const accent = HEX.test(doc.accent_color) ? doc.accent_color : "#4f46e5";
  const floating = doc.layout === "avatars" && style.look === "floating";
  const cls = [
    "svc-s",
    `svc-l-${doc.layout}`,
    `svc-b-${style.card_border}`,
    `svc-s-${style.card_shadow}`,
    THEME_CLASS[doc.theme] ?? "",
    style.background === "transparent" ? "svc-tp" : "",
    style.font === "inherit" ? "svc-fi" : "",
    floating ? "svc-fl" : "",
  ].filter(Boolean);
  const vars = [
    `--a:${accent}`,
    `--ai:${inkOn(accent)}`,
    `--r:${Math.min(24, Math.max(0, Number(style.card_radius) || 0))}px`,
    ...(style.star_color && HEX.test(style.star_color) ? [`--sc:${style.star_color}`] : []),
  ];
  const height = widgetHeight(doc.layout, style.look);
  const jsonLd = widgetJsonLd(doc);
  // The widget's own language when it has one (the fragment is one file for every visitor), else English.
  const w = wordsFor("wall", doc.language);
  const body = render(
    <div
      lang={doc.language ? w.lang : undefined}
      dir={doc.language ? direction(w.lang) : undefined}
      data-svc-widget={doc.widget_id ?? ""}
      data-svc-static="1"
      class={cls.join(" ")}
      style={`${floating ? "" : `height:${height}px;`}${vars.join(";")}`}
    >
      <style dangerouslySetInnerHTML={{ __html: STATIC_CSS }} />
      <div class="svc-w">
        {doc.layout === "avatars" ? (
          <Badge doc={doc} w={w} />
        ) : (
          <>
            <Summary doc={doc} w={w} />
            <Cards doc={doc} style={style} w={w} />
          </>
        )}
        <Attribution doc={doc} w={w} />
      </div>
      {jsonLd ? <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptJson(jsonLd) }} /> : null}
    </div>,
  );
  return `${body}\n`;
}
