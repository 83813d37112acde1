/** How brands and links look in the API. */
import type { Deps } from "../../platform/deps";
import type { Db } from "../../platform/db/client";
import { iso } from "../../platform/clock";
import type { brands, links } from "./tables";

/** A stored brand row. */
export type BrandRow = typeof brands.$inferSelect;
/** A stored link row. */
export type LinkRow = typeof links.$inferSelect;

type Counter = (db: Db, brandId: string) => number;
let submissionCounter: Counter = () => 0;

/** The submissions feature tells brands how to count a brand's testimonials. */
export function setBrandSubmissionCounter(counter: Counter) {
  submissionCounter = counter;
}

/** Public wall address: `{site_url}/b/{slug}` live; test-mode walls sit under the org's sandbox path. */
export function wallUrl(siteUrl: string, row: Pick<BrandRow, "slug" | "mode" | "orgId">): string {
  return row.mode === "live" ? `${siteUrl}/b/${row.slug}` : `${siteUrl}/test/${row.orgId}/b/${row.slug}`;
}

/** CDN address of the brand's logo, or of the default logo. */
export function logoUrl(cdnUrl: string, row: Pick<BrandRow, "logoKey">): string {
  return row.logoKey ? `${cdnUrl}/${row.logoKey}` : `${cdnUrl}/assets/default-logo.png`;
}

/** The brand as the API shows it. */
export function presentBrand(deps: Deps, row: BrandRow) {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    color: row.color,
    is_default: row.isDefault,
    is_public: row.isPublic,
    submission_count: submissionCounter(deps.db, row.id),
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
