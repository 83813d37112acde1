/**
 * Where a wall lives and which brand an address names. Live walls are `{site_url}/b/{slug}` (slugs unique across
 * the box); a test brand's wall is `{site_url}/test/{org_id}/b/{slug}` (slugs unique within the org's sandbox).
 * A former slug points to its brand (the caller answers 301); a private brand, or none, is one and the same 404.
 */
import type { Config } from "../../config";
import type { Deps } from "../../platform/deps";
import { notFound } from "../../platform/errors";
import { findBrandBySlug, slugScopeOf, wallUrl, type BrandRow } from "../brands";

/** A wall's address as requested: the live site, or one organisation's sandbox. */
export type WallAddress = { mode: "live"; slug: string } | { mode: "test"; orgId: string; slug: string };

/** What an address resolves to: the brand, and whether the slug asked for is a former one. */
export interface ResolvedWall {
  brand: BrandRow;
  moved: boolean;
}

/** Slugs and ids longer than this are never stored, so they are answered 404 without a query. */
const MAX_PART = 80;

/**
 * The public brand an address names; `moved` when the slug is a former one. Anything not shown publicly (unknown
 * slug, private brand, the other mode's brand) is the same `404 not_found`, so nothing hints at what exists.
 */
export function resolveWall(deps: Pick<Deps, "db">, address: WallAddress): ResolvedWall {
  if (address.slug.length > MAX_PART || (address.mode === "test" && address.orgId.length > MAX_PART))
    throw notFound("wall");
  const scope = address.mode === "live" ? slugScopeOf("", "live") : slugScopeOf(address.orgId, "test");
  const found = findBrandBySlug(deps.db, scope, address.slug);
  // A brand being deleted is private already; its deletion mark says so twice, in case that ever changes.
  if (!found || !found.brand.isPublic || found.brand.deletingAt != null) throw notFound("wall");
  return found;
}

/** A wall's page address: the wall itself for page 1, `?page=n` after. */
export function wallPageUrl(siteUrl: string, brand: Pick<BrandRow, "slug" | "mode" | "orgId">, page: number): string {
  const base = wallUrl(siteUrl, brand);
  return page > 1 ? `${base}?page=${page}` : base;
}

/** A testimonial's permalink on its brand's wall. */
export function permalinkUrl(
  siteUrl: string,
  brand: Pick<BrandRow, "slug" | "mode" | "orgId">,
  submissionId: string,
): string {
  return `${wallUrl(siteUrl, brand)}/t/${submissionId}`;
}

/** The JSON route of a wall (`/public/walls/{slug}`, or the sandbox's `/public/test/{org_id}/walls/{slug}`). */
export function wallApiUrl(config: Pick<Config, "baseUrl">, brand: Pick<BrandRow, "slug" | "mode" | "orgId">): string {
  return brand.mode === "live"
    ? `${config.baseUrl}/public/walls/${brand.slug}`
    : `${config.baseUrl}/public/test/${brand.orgId}/walls/${brand.slug}`;
}
