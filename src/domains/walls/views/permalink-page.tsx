/** A testimonial's own page: the brand and its summary, the testimonial, and the way back to the wall. */
import type { WallPermalink } from "../wall-data";
import { wallJsonLd } from "../structured-data";
import { renderDocument, type PageHead } from "./document";
import { excerpt } from "./format";
import { RatingSummary } from "./rating";
import { displayName, TestimonialCard } from "./testimonial-card";
import { wallCss } from "./styles";
import { BrandHeader, Footer } from "./chrome";
import type { Words } from "../../../platform/i18n/server-words";

function head(p: WallPermalink, w: Words): PageHead {
  const name = p.brand.name;
  const who = displayName(p.item, w);
  const { item } = p.item;
  return {
    title: w.t("permalink.title", { name: who, brand: name }),
    description: item.text
      ? `“${excerpt(item.text, 150)}” – ${who}`
      : w.t("permalink.description", { kind: item.kind, name: who, brand: name }),
    canonical: p.url,
    indexable: p.indexable,
    siteName: name,
    favicon: p.logoUrl,
    // The testimonial's share image (1200×630, its words on the brand's colours) when it has words.
    image: item.text
      ? { url: `${p.url}/card.png`, alt: `“${excerpt(item.text, 120)}” – ${who}`, large: true }
      : item.poster_url
        ? { url: item.poster_url, alt: w.t("permalink.video_alt", { name: who }), large: true }
        : { url: p.logoUrl, alt: w.t("wall.logo_alt", { brand: name }), large: false },
    jsonLd: wallJsonLd(p, [p.item]),
  };
}

/** The HTML of a permalink page in the words `w`; `beaconUrl` is where it reports views, plays and clicks. */
export function renderPermalinkPage(p: WallPermalink, beaconUrl: string, w: Words): string {
  const name = p.brand.name;
  return renderDocument({
    lang: w.lang,
    head: head(p, w),
    css: wallCss(p.brand.color),
    player: !!(p.item.item.video_url || p.item.item.audio_url),
    beacon: { url: beaconUrl, brandId: p.brand.id },
    children: (
      <>
        <BrandHeader logoUrl={p.logoUrl} name={name} header={p.header} w={w}>
          <p class="name">{name}</p>
          <RatingSummary average={p.rating.average} ratings={p.rating.count} testimonials={p.testimonialCount} w={w} />
        </BrandHeader>
        <main class="wrap">
          <div class="single">
            <h1>{w.t("permalink.heading", { name: displayName(p.item, w) })}</h1>
            <a class="back" href={p.wallUrl}>
              {w.t("permalink.back", { brand: name })}
            </a>
            <TestimonialCard w={p.item} eager={true} permalink={false} words={w} />
          </div>
        </main>
        <Footer attribution={p.attribution} w={w} />
      </>
    ),
  });
}
