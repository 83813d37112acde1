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

/** Cards whose poster loads at once (the first row on a phone and on a wide screen); later ones load lazily. */
const EAGER = 2;

function head(p: WallPage, siteUrl: string): PageHead {
  const name = p.brand.name;
  const n = p.testimonialCount;
  const rated =
    p.rating.average !== null && p.rating.count > 0
      ? `, rated ${oneDecimal(p.rating.average)} out of 5 from ${p.rating.count} rating${p.rating.count === 1 ? "" : "s"}`
      : "";
  const poster = p.items.find((w) => w.item.poster_url);
  return {
    title: p.page > 1 ? `${name} testimonials – page ${p.page} of ${p.pageCount}` : `${name} testimonials`,
    description: n
      ? `What customers say about ${name}: ${n} testimonial${n === 1 ? "" : "s"}${rated}.`
      : `${name} has no published testimonials yet.`,
    canonical: p.url,
    indexable: p.indexable,
    siteName: name,
    favicon: p.logoUrl,
    image: poster
      ? { url: poster.item.poster_url!, alt: `Video testimonial about ${name}`, large: true }
      : { url: p.logoUrl, alt: `${name} logo`, large: false },
    jsonLd: wallJsonLd(p, p.items),
    prev: p.page > 1 ? wallPageUrl(siteUrl, p.brand, p.page - 1) : undefined,
    next: p.page < p.pageCount ? wallPageUrl(siteUrl, p.brand, p.page + 1) : undefined,
  };
}

/** The HTML of a wall page; `beaconUrl` is where it reports views, plays and clicks. */
export function renderWallPage(p: WallPage, siteUrl: string, beaconUrl: string): string {
  const name = p.brand.name;
  return renderDocument({
    head: head(p, siteUrl),
    css: wallCss(p.brand.color),
    player: p.items.some((w) => w.item.video_url || w.item.audio_url),
    beacon: { url: beaconUrl, brandId: p.brand.id },
    children: (
      <>
        <BrandHeader logoUrl={p.logoUrl} name={name} header={p.header}>
          <h1>{`${name} testimonials`}</h1>
          <RatingSummary average={p.rating.average} ratings={p.rating.count} testimonials={p.testimonialCount} />
        </BrandHeader>
        <main class="wrap">
          {p.items.length ? (
            <>
              <h2 class="vh">{p.pageCount > 1 ? `Testimonials, page ${p.page} of ${p.pageCount}` : "Testimonials"}</h2>
              <ol class="grid">
                {p.items.map((w, i) => (
                  <li>
                    <TestimonialCard w={w} eager={i < EAGER} />
                  </li>
                ))}
              </ol>
            </>
          ) : (
            <p class="empty">No testimonials here yet.</p>
          )}
          <Pagination page={p.page} count={p.pageCount} href={(n) => wallPageUrl(siteUrl, p.brand, n)} />
        </main>
        <Footer attribution={p.attribution} />
      </>
    ),
  });
}
