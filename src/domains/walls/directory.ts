/**
 * Every public live wall and the testimonials on it: `GET /public/walls` (every public brand, each with the id and
 * permalink of every testimonial it shows) and the addresses the sitemap lists. Test-mode walls are sandboxes and
 * never listed; they stay reachable at their own address.
 */
import { and, desc, eq } from "drizzle-orm";
import type { Deps } from "../../platform/deps";
import type { Page } from "../../platform/http/pagination";
import { brands, wallUrl, type BrandRow } from "../brands";
import { listShown, shownSummary, type SubmissionRow } from "../submissions";
import { permalinkUrl, wallPageUrl } from "./address";
import { isIndexable } from "./indexable";
import { pageCountOf } from "./wall-data";
import type { Static } from "elysia";
import type { wallEntrySchema } from "./model";

type DirDeps = Pick<Deps, "db" | "config">;

/** Every testimonial a brand shows, newest approval first. */
function allShown(deps: DirDeps, brandId: string): SubmissionRow[] {
  const { count } = shownSummary(deps.db, { brandId });
  return count ? listShown(deps.db, { brandId, limit: count }) : [];
}

/** One entry of `GET /public/walls`. */
function presentEntry(deps: DirDeps, brand: BrandRow): Static<typeof wallEntrySchema> {
  const rows = allShown(deps, brand.id);
  return {
    name: brand.name,
    slug: brand.slug,
    wall_url: wallUrl(deps.config.siteUrl, brand),
    indexable: isIndexable(brand, rows.length),
    testimonial_count: rows.length,
    testimonials: rows.map((r) => ({ id: r.id, url: permalinkUrl(deps.config.siteUrl, brand, r.id) })),
  };
}

/**
 * Every public live brand, newest brand first, each with its testimonials' ids and permalinks. The contract
 * lists every public brand in one answer, so it is not paged: the page envelope's `next_cursor` is always null.
 */
export function listWalls(deps: DirDeps): Page<Static<typeof wallEntrySchema>> {
  return { data: publicLiveBrands(deps).map((r) => presentEntry(deps, r)), next_cursor: null };
}

/** Public live brands, newest first. */
function publicLiveBrands(deps: DirDeps): BrandRow[] {
  return deps.db
    .select()
    .from(brands)
    .where(and(eq(brands.mode, "live"), eq(brands.isPublic, true)))
    .orderBy(desc(brands.id))
    .all();
}

/** One address for the sitemap, with the day it last changed. */
export interface SitemapEntry {
  loc: string;
  lastmod: string;
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Every indexable address: each indexable wall, its further pages, and the permalink of each testimonial on it. */
export function sitemapEntries(deps: DirDeps): SitemapEntry[] {
  const out: SitemapEntry[] = [];
  for (const brand of publicLiveBrands(deps)) {
    const rows = allShown(deps, brand.id);
    if (!isIndexable(brand, rows.length)) continue;
    const changed = (r: SubmissionRow) => Math.max(r.approvedAt ?? 0, r.updatedAt);
    const newest = rows.reduce((m, r) => Math.max(m, changed(r)), brand.updatedAt);
    for (let p = 1; p <= pageCountOf(rows.length); p++)
      out.push({ loc: wallPageUrl(deps.config.siteUrl, brand, p), lastmod: day(newest) });
    for (const r of rows)
      out.push({
        loc: permalinkUrl(deps.config.siteUrl, brand, r.id),
        lastmod: day(Math.max(brand.updatedAt, changed(r))),
      });
  }
  return out;
}
