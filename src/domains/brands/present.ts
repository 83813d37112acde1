/** How brands and links look in the API. */
import type { Deps } from "../../platform/deps";
import type { Db } from "../../platform/db/client";
import { iso } from "../../platform/clock";
import { sql, type SQL } from "drizzle-orm";
import { brands, type links } from "./tables";
import { eq } from "drizzle-orm";

/** A stored brand row. */
export type BrandRow = typeof brands.$inferSelect;
/** A stored link row. */
export type LinkRow = typeof links.$inferSelect;

let countSql: SQL<number> = sql<number>`0`;

/**
 * The submissions feature tells brands how to count a brand's testimonials: an SQL expression over `brands.id`,
 * selected with the brand rows themselves (one prepared statement per page, no query per brand).
 */
export function setBrandSubmissionCount(expr: SQL<number>) {
  countSql = expr;
}

/** The count expression, as a column to select beside brand rows. */
export const submissionCountColumn = () => countSql;

/** Public wall address: `{site_url}/b/{slug}` live; test-mode walls sit under the org's sandbox path. */
export function wallUrl(siteUrl: string, row: Pick<BrandRow, "slug" | "mode" | "orgId">): string {
  return row.mode === "live" ? `${siteUrl}/b/${row.slug}` : `${siteUrl}/test/${row.orgId}/b/${row.slug}`;
}

/** CDN address of the brand's logo, or of the default logo. */
export function logoUrl(cdnUrl: string, row: Pick<BrandRow, "logoKey">): string {
  return row.logoKey ? `${cdnUrl}/${row.logoKey}` : `${cdnUrl}/assets/default-logo.png`;
}

/** The brand as the API shows it; `count` is given when the rows were read with their count. */
export function presentBrand(deps: Deps, row: BrandRow, count?: number) {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    color: row.color,
    is_default: row.isDefault,
    is_public: row.isPublic,
    submission_count: count ?? deps.db.select({ n: countSql }).from(brands).where(eq(brands.id, row.id)).get()?.n ?? 0,
    public_wall_url: wallUrl(deps.config.siteUrl, row),
    logo_url: logoUrl(deps.config.cdnUrl, row),
    mode: row.mode,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

/** Address a respondent opens for a link. */
export const linkUrl = (siteUrl: string, id: string) => `${siteUrl}/c/${id}`;

/** The link as the API shows it. */
export function presentLink(deps: Deps, row: LinkRow) {
  return {
    id: row.id,
    brand_id: row.brandId,
    url: linkUrl(deps.config.siteUrl, row.id),
    title: row.title,
    is_active: row.isActive,
    closed_reason: row.closedReason,
    prompts: row.prompts,
    consent_text: row.consentText,
    consent_version: row.consentVersion,
    mode: row.mode,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}
