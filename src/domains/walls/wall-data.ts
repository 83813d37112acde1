/**
 * What a wall shows, read from SQLite through the one visibility rule (`listShown`, `shownSummary`, `pickShown`):
 * the summary (count, rating, indexable), one numbered page of 24 testimonials newest approval first, or one
 * testimonial for its permalink. Nothing is built ahead: summaries and pages are kept at most two seconds and
 * dropped as soon as a moderation change touches the brand (read-cache.ts), so a change shows on the next request.
 */
import type { Deps } from "../../platform/deps";
import { invalid, notFound } from "../../platform/errors";
import { and, eq } from "drizzle-orm";
import { linkPublicUrl, linkState, links, logoUrl, wallShowsAttribution, wallUrl, type BrandRow } from "../brands";
import {
  listShown,
  pickShown,
  presentShown,
  publicMediaUrls,
  shownSummary,
  wordsPublic,
  type ShownItem,
  type SubmissionRow,
} from "../submissions";
import { permalinkUrl, wallPageUrl } from "./address";
import { isIndexable } from "./indexable";
import { cachedRead } from "./read-cache";

type WallDeps = Pick<Deps, "db" | "config" | "clock" | "state">;

/** Testimonials on one wall page (contract: `page_size` 24). */
export const PAGE_SIZE = 24;

/** Highest page number accepted as a number; larger ones are refused rather than counted. */
const MAX_PAGE = 1_000_000;

/** A shown testimonial with what the pages need beside the contract item. */
export interface WallItem {
  item: ShownItem;
  /** Its permalink. */
  url: string;
  /** The published WebVTT file, for the player's captions track. */
  captionsUrl: string | null;
  /** The small published poster (WebP, 320 px wide), offered beside the full poster. */
  thumbUrl: string | null;
  /** A face for the card: the respondent's photo, else a video's small poster; null draws initials. */
  faceUrl: string | null;
  width: number | null;
  height: number | null;
}

/** What every wall answer carries. */
export interface WallSummary {
  brand: BrandRow;
  wallUrl: string;
  logoUrl: string;
  testimonialCount: number;
  rating: { average: number | null; count: number };
  indexable: boolean;
  /** The header's extras, set on the brand: intro text, its website, and the collect link behind "Share". */
  header: WallHeader;
  /** Whether the footer says "Testimonials published with Plaudit" (brands' `wallShowsAttribution`). */
  attribution: boolean;
  /** Origins the brand lets frame its pages (CSP `frame-ancestors`); empty: none may. */
  frameOrigins: string[];
}

/** What a wall's header shows beside the brand's name, logo and rating. */
export interface WallHeader {
  intro: string | null;
  website: string | null;
  /** The chosen collect link's address while it takes answers; null hides the button. */
  shareUrl: string | null;
}

/** One page of a wall. */
export interface WallPage extends WallSummary {
  page: number;
  pageCount: number;
  /** This page's own address. */
  url: string;
  items: WallItem[];
}

/** One testimonial on its permalink. */
export interface WallPermalink extends WallSummary {
  url: string;
  item: WallItem;
}

/** Reads `?page=`: absent is 1; anything but a whole number from 1 is `400 validation_failed`. */
export function parsePage(raw: string | undefined): number {
  if (raw === undefined || raw === "") return 1;
  const n = /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > MAX_PAGE)
    throw invalid(`page is a whole number from 1 to ${MAX_PAGE}.`, "page");
  return n;
}

/** Pages of a wall with `count` testimonials; an empty wall still has its first (empty) page. */
export const pageCountOf = (count: number) => Math.max(1, Math.ceil(count / PAGE_SIZE));

/** The summary of a public brand's wall. */
export function wallSummary(deps: WallDeps, brand: BrandRow): WallSummary {
  const s = cachedRead(deps, deps.clock, brand, "summary", () => shownSummary(deps.db, { brandId: brand.id }));
  return {
    brand,
    wallUrl: wallUrl(deps.config.siteUrl, brand),
    logoUrl: logoUrl(deps.config.cdnUrl, brand),
    testimonialCount: s.count,
    rating: { average: s.average, count: s.rated },
    indexable: isIndexable(brand, s.count),
    header: {
      intro: brand.introText ?? null,
      website: brand.websiteUrl ?? null,
      shareUrl: shareUrl(deps, brand),
    },
    attribution: wallShowsAttribution(deps.db, brand),
    frameOrigins: brand.frameOrigins ?? [],
  };
}

/** The address of the brand's chosen collect link while it is the brand's and takes answers, else null. */
function shareUrl(deps: WallDeps, brand: BrandRow): string | null {
  if (!brand.wallLinkId) return null;
  const link = deps.db
    .select()
    .from(links)
    .where(and(eq(links.id, brand.wallLinkId), eq(links.brandId, brand.id)))
    .get();
  if (!link || !linkState(deps.db, link, deps.clock.now()).open) return null;
  return linkPublicUrl(deps.db, deps.config.siteUrl, link);
}

function wallItems(deps: WallDeps, brand: BrandRow, rows: SubmissionRow[]): WallItem[] {
  const items = presentShown(deps.db, deps.config.cdnUrl, rows);
  return rows.map((row, i) => {
    const media = publicMediaUrls(deps.config.cdnUrl, row.publicMedia);
    return {
      item: items[i]!,
      url: permalinkUrl(deps.config.siteUrl, brand, row.id),
      // Hidden or unchecked words have no published captions; one kept from before drafts were refused is not named.
      captionsUrl: wordsPublic(row) ? (media?.captions_url ?? null) : null,
      thumbUrl: media?.thumbnail_url ?? null,
      faceUrl: items[i]!.avatar_url ?? (row.kind === "video" ? (media?.thumbnail_url ?? null) : null),
      width: row.width,
      height: row.height,
    };
  });
}

/** Page `page` of a public brand's wall; a page past the last is `404 not_found`. */
export function wallPage(deps: WallDeps, brand: BrandRow, page: number): WallPage {
  const summary = wallSummary(deps, brand);
  const pageCount = pageCountOf(summary.testimonialCount);
  if (page > pageCount) throw notFound("page");
  const items = cachedRead(deps, deps.clock, brand, `page:${page}`, () =>
    wallItems(deps, brand, listShown(deps.db, { brandId: brand.id, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE })),
  );
  return { ...summary, page, pageCount, url: wallPageUrl(deps.config.siteUrl, brand, page), items };
}

/** One shown testimonial of a public brand, for its permalink; anything not shown is `404 not_found`. */
export function wallTestimonial(deps: WallDeps, brand: BrandRow, submissionId: string): WallPermalink {
  const rows = pickShown(deps.db, brand.id, [submissionId]);
  if (!rows.length) throw notFound("testimonial");
  const summary = wallSummary(deps, brand);
  const [item] = wallItems(deps, brand, rows);
  return { ...summary, url: item!.url, item: item! };
}
