/** A testimonial's own page: the brand and its summary, the testimonial, and the way back to the wall. */
import type { WallPermalink } from "../wall-data";
import { wallJsonLd } from "../structured-data";
import { renderDocument, type PageHead } from "./document";
import { excerpt } from "./format";
import { RatingSummary } from "./rating";
import { displayName, TestimonialCard } from "./testimonial-card";
import { wallCss } from "./styles";
import { BrandHeader, Footer } from "./chrome";

function head(p: WallPermalink): PageHead {
  const name = p.brand.name;
  const who = displayName(p.item);
  const { item } = p.item;
  const kind =
    item.kind === "video" ? "A video testimonial" : item.kind === "audio" ? "An audio testimonial" : "A testimonial";
  return {
    title: `Testimonial from ${who} – ${name}`,
    description: item.text ? `“${excerpt(item.text, 150)}” – ${who}` : `${kind} from ${who} about ${name}.`,
    canonical: p.url,
    indexable: p.indexable,
    siteName: name,
    favicon: p.logoUrl,
    // The testimonial's share image (1200×630, its words on the brand's colours) when it has words.
    image: item.text
      ? { url: `${p.url}/card.png`, alt: `“${excerpt(item.text, 120)}” – ${who}`, large: true }
      : item.poster_url
        ? { url: item.poster_url, alt: `Video testimonial from ${who}`, large: true }
        : { url: p.logoUrl, alt: `${name} logo`, large: false },
    jsonLd: wallJsonLd(p, [p.item]),
  };
}

/** The HTML of a permalink page; `beaconUrl` is where it reports views, plays and clicks. */
export function renderPermalinkPage(p: WallPermalink, beaconUrl: string): string {
  const name = p.brand.name;
  return renderDocument({
    head: head(p),
    css: wallCss(p.brand.color),
    player: !!(p.item.item.video_url || p.item.item.audio_url),
    beacon: { url: beaconUrl, brandId: p.brand.id },
    children: (
      <>
        <BrandHeader logoUrl={p.logoUrl} name={name} header={p.header}>
          <p class="name">{name}</p>
          <RatingSummary average={p.rating.average} ratings={p.rating.count} testimonials={p.testimonialCount} />
        </BrandHeader>
        <main class="wrap">
          <div class="single">
            <h1>{`Testimonial from ${displayName(p.item)}`}</h1>
            <a class="back" href={p.wallUrl}>{`All testimonials for ${name}`}</a>
            <TestimonialCard w={p.item} eager={true} permalink={false} />
          </div>
        </main>
        <Footer attribution={p.attribution} />
      </>
    ),
  });
}
