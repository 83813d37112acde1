/**
 * A wall page: the brand's header (rating summary, intro, website, share button), one page of testimonial cards
 * in masonry columns (each card as tall as its content, no gaps), and numbered pagination.
 */
import type { WallPage } from "../wall-data";
import { wallJsonLd } from "../structured-data";
import { wallPageUrl } from "../address";
import { renderDocument, type PageHead } from "./document";
import { oneDecimal } from "./format";
import { Pagination } from "./pagination";
import { RatingSummary } from "./rating";
import { TestimonialCard } from "./testimonial-card";
import { wallCss } from "./styles";
import { BrandHeader, Footer } from "./chrome";
import type { Words } from "../../../platform/i18n/server-words";

/** Cards whose poster loads at once (the first row on a phone and on a wide screen); later ones load lazily. */
const EAGER = 2;

function head(p: WallPage, siteUrl: string, w: Words): PageHead {
  const name = p.brand.name;
  const brand = name;
  const count = p.testimonialCount;
  const rated = p.rating.average !== null && p.rating.count > 0;
  const poster = p.items.find((w) => w.item.poster_url);
  return {
    title:
      p.page > 1 ? w.t("wall.title_page", { brand, page: p.page, count: p.pageCount }) : w.t("wall.title", { brand }),
    description: !count
      ? w.t("wall.description_empty", { brand })
      : rated
        ? w.t("wall.description_rated", {
            brand,
            count,
            average: oneDecimal(p.rating.average!, w.lang),
            ratings: p.rating.count,
          })
        : w.t("wall.description", { brand, count }),
    canonical: p.url,
    indexable: p.indexable,
    siteName: name,
    favicon: p.logoUrl,
    image: poster
      ? { url: poster.item.poster_url!, alt: w.t("wall.video_image_alt", { brand }), large: true }
      : { url: p.logoUrl, alt: w.t("wall.logo_alt", { brand }), large: false },
    jsonLd: wallJsonLd(p, p.items),
    prev: p.page > 1 ? wallPageUrl(siteUrl, p.brand, p.page - 1) : undefined,
    next: p.page < p.pageCount ? wallPageUrl(siteUrl, p.brand, p.page + 1) : undefined,
  };
}

/** The HTML of a wall page in the words `w`; `beaconUrl` is where it reports views, plays and clicks. */
export function renderWallPage(p: WallPage, siteUrl: string, beaconUrl: string, w: Words): string {
  const name = p.brand.name;
  return renderDocument({
    lang: w.lang,
    head: head(p, siteUrl, w),
    css: wallCss(p.brand.color),
    player: p.items.some((w) => w.item.video_url || w.item.audio_url),
    beacon: { url: beaconUrl, brandId: p.brand.id },
    children: (
      <>
        <BrandHeader logoUrl={p.logoUrl} name={name} header={p.header} w={w}>
          <h1>{w.t("wall.title", { brand: name })}</h1>
          <RatingSummary average={p.rating.average} ratings={p.rating.count} testimonials={p.testimonialCount} w={w} />
        </BrandHeader>
        <main class="wrap">
          {p.items.length ? (
            <>
              <h2 class="vh">
                {p.pageCount > 1
                  ? w.t("wall.list_heading_page", { page: p.page, count: p.pageCount })
                  : w.t("wall.list_heading")}
              </h2>
              <ol class="grid">
                {p.items.map((item, i) => (
                  <li>
                    <TestimonialCard w={item} eager={i < EAGER} words={w} />
                  </li>
                ))}
              </ol>
            </>
          ) : (
            <p class="empty">{w.t("wall.empty")}</p>
          )}
          <Pagination page={p.page} count={p.pageCount} href={(n) => wallPageUrl(siteUrl, p.brand, n)} w={w} />
        </main>
        <Footer attribution={p.attribution} w={w} />
      </>
    ),
  });
}
