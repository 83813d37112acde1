/** How brands and links look in the API. */
import { offeredLanguages } from "./languages";
import { isLanguage } from "../../platform/i18n/languages";
import type { Language } from "../../platform/i18n/languages";
import type { Deps } from "../../platform/deps";
import type { Db } from "../../platform/db/client";
import { iso } from "../../platform/clock";
import type { Hooks } from "../../platform/hooks";
import { sql, type SQL } from "drizzle-orm";
import { brands, type links } from "./tables";
import { eq } from "drizzle-orm";
import type { Mode } from "../../platform/context";
import type { BrandView, FormerSlugView, LinkView } from "./model";
import { formerSlugsOf } from "./former-slugs";
import { linkState, type LinkState } from "./link-state";
import { prepared } from "../../platform/db/prepared";
import { dnsRecordFor } from "./custom-domain";

/** A stored brand row. */
export type BrandRow = typeof brands.$inferSelect;
/** A stored link row. */
export type LinkRow = typeof links.$inferSelect;

/**
 * How a brand's testimonials are counted, as a column to select beside brand rows (one prepared statement per page,
 * no query per brand): the expression the submissions module declares (`brandSubmissionCount`, wired into the
 * Deps' hooks by src/composition.ts), or 0 where no module counts them.
 */
export const submissionCountColumn = (hooks: Pick<Hooks, "brandSubmissionCount">): SQL<number> =>
  hooks.brandSubmissionCount ?? sql<number>`0`;

/**
 * The address of a brand's active custom domain (`https://reviews.client.com`), or null. It is served on the same
 * HTTPS port as the box's own site address (`siteUrl`), so a box on a port other than 443 names it there.
 */
export function customSiteUrl(
  row: Pick<BrandRow, "customDomain" | "customDomainStatus">,
  siteUrl: string,
): string | null {
  if (!row.customDomain || row.customDomainStatus !== "active") return null;
  const site = new URL(siteUrl);
  return `https://${row.customDomain}${site.protocol === "https:" && site.port ? `:${site.port}` : ""}`;
}

/**
 * Public wall address: the brand's own domain once it is active; else `{site_url}/b/{slug}` live, and under the
 * org's sandbox path in test mode.
 */
export function wallUrl(
  siteUrl: string,
  row: Pick<BrandRow, "slug" | "mode" | "orgId"> & Partial<Pick<BrandRow, "customDomain" | "customDomainStatus">>,
): string {
  const own = customSiteUrl(
    { customDomain: row.customDomain ?? null, customDomainStatus: row.customDomainStatus ?? null },
    siteUrl,
  );
  if (own) return own;
  return row.mode === "live" ? `${siteUrl}/b/${row.slug}` : `${siteUrl}/test/${row.orgId}/b/${row.slug}`;
}

/** The site address a brand's public pages use: its active custom domain, else the box's site address. */
const brandSite = (db: Db) =>
  db
    .select({ customDomain: brands.customDomain, customDomainStatus: brands.customDomainStatus })
    .from(brands)
    .where(eq(brands.id, sql.placeholder("id")))
    .prepare();

/** Where a brand's collect links and removal pages live: its active custom domain, or `siteUrl` (one prepared read). */
export function siteUrlOfBrand(db: Db, siteUrl: string, brandId: string): string {
  const row = prepared(db, brandSite).get({ id: brandId });
  return (row && customSiteUrl(row, siteUrl)) ?? siteUrl;
}

/** A link's public address (its slug, else its id) on its brand's site: the custom domain once active. */
export function linkPublicUrl(
  db: Db,
  siteUrl: string,
  row: Pick<LinkRow, "id" | "slug" | "mode" | "orgId" | "brandId">,
): string {
  const site = siteUrlOfBrand(db, siteUrl, row.brandId);
  if (site !== siteUrl) return `${site}/c/${row.slug ?? row.id}`;
  return linkSlugUrl(siteUrl, row) ?? linkUrl(siteUrl, row.id);
}

/** CDN address of the brand's logo, or of the default logo. */
export function logoUrl(cdnUrl: string, row: Pick<BrandRow, "logoKey">): string {
  return row.logoKey ? `${cdnUrl}/${row.logoKey}` : `${cdnUrl}/assets/default-logo.png`;
}

/**
 * The brand as its emails to respondents show it (src/platform/mail/html-layout.ts): name, colour, and its own logo
 * only (the default logo would put another name than the brand's in the email: the name stands alone then).
 */
export function mailBrand(
  cdnUrl: string,
  row: Pick<BrandRow, "name" | "color" | "logoKey">,
): { name: string; color: string; logoUrl: string | null } {
  return { name: row.name, color: row.color, logoUrl: row.logoKey ? logoUrl(cdnUrl, row) : null };
}

/**
 * The brand as the API shows it; `count` and `former` (its former slugs) are given when the rows were read with
 * them, and read here otherwise.
 */
export function presentBrand(deps: Deps, row: BrandRow, count?: number, former?: FormerSlugView[]): BrandView {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    color: row.color,
    is_default: row.isDefault,
    is_public: row.isPublic,
    submission_count:
      count ??
      deps.db
        .select({ n: submissionCountColumn(deps.hooks) })
        .from(brands)
        .where(eq(brands.id, row.id))
        .get()?.n ??
      0,
    public_wall_url: wallUrl(deps.config.siteUrl, row),
    logo_url: logoUrl(deps.config.cdnUrl, row),
    intro_text: row.introText ?? null,
    website_url: row.websiteUrl ?? null,
    wall_link_id: row.wallLinkId ?? null,
    former_slugs: former ?? formerSlugsOf(deps.db, "brand", row),
    card_font: row.cardFont ?? "sans",
    review_type: row.reviewType,
    review_item_name: row.reviewItemName ?? null,
    languages: offeredLanguages(row),
    default_language: row.defaultLanguage as Language,
    custom_domain: row.customDomain ?? null,
    custom_domain_status: row.customDomainStatus ?? null,
    custom_domain_error: row.customDomainError ?? null,
    custom_domain_dns: row.customDomain ? dnsRecordFor(deps, row.customDomain) : null,
    mail_from_name: row.mailFromName ?? null,
    mail_reply_to: row.mailReplyTo ?? null,
    frame_origins: row.frameOrigins ?? [],
    wall_attribution: row.wallAttribution !== false,
    status: row.deletingAt == null ? "active" : "deleting",
    deletion: row.deletingAt == null ? null : deletionProgress(deps.db, row),
    mode: row.mode as Mode,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

/**
 * How far a brand's deletion is: its testimonial rows (they stay, erased, until the brand's row goes) and how many
 * are erased. The submissions table is named by its SQL name, as `responseCount` does (link-state.ts).
 */
function deletionProgress(db: Db, row: BrandRow) {
  const counts = db.$client
    .query<{ total: number; erased: number }, [string]>(
      "SELECT count(*) AS total, coalesce(sum(erased_at IS NOT NULL), 0) AS erased FROM submissions WHERE brand_id = ?",
    )
    .get(row.id);
  return {
    requested_at: iso(row.deletingAt)!,
    testimonials_total: counts?.total ?? 0,
    testimonials_erased: counts?.erased ?? 0,
  };
}

/** Address a respondent opens for a link by its id: always works, slug or not. */
export const linkUrl = (siteUrl: string, id: string) => `${siteUrl}/c/${id}`;

/** The friendly address of a link with a slug: `{site_url}/c/{slug}` live, under the org's sandbox path in test mode. */
export function linkSlugUrl(siteUrl: string, row: Pick<LinkRow, "slug" | "mode" | "orgId">): string | null {
  if (!row.slug) return null;
  return row.mode === "live" ? `${siteUrl}/c/${row.slug}` : `${siteUrl}/test/${row.orgId}/c/${row.slug}`;
}

/**
 * The link as the API shows it: the contract's fields (`url` is the friendly address when the link has a slug,
 * else the id address), the closed reason (also `expired` or `full` once reached), the link's own settings and its
 * former slugs (`former` is given when the rows were read with them).
 */
export function presentLink(
  deps: Deps,
  row: LinkRow,
  state: LinkState = linkState(deps.db, row, deps.clock.now()),
  former: FormerSlugView[] = formerSlugsOf(deps.db, "link", row),
): LinkView {
  const idUrl = linkUrl(deps.config.siteUrl, row.id);
  return {
    id: row.id,
    brand_id: row.brandId,
    url: linkPublicUrl(deps.db, deps.config.siteUrl, row),
    title: row.title,
    is_active: state.open,
    closed_reason: state.reason,
    prompts: row.prompts,
    consent_text: row.consentText,
    consent_version: row.consentVersion,
    slug: row.slug,
    id_url: idUrl,
    accepts: row.accepts,
    ask_rating: row.askRating,
    welcome_message: row.welcomeMessage,
    thank_you_message: row.thankYouMessage,
    call_to_action: row.callToAction,
    redirect_url: row.redirectUrl,
    custom_fields: row.customFields,
    collect_photo: row.collectPhoto,
    expires_at: iso(row.expiresAt),
    max_responses: row.maxResponses,
    response_count: state.responses,
    language: isLanguage(row.language) ? row.language : null,
    translations: row.translations ?? null,
    former_slugs: former,
    mode: row.mode as Mode,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}
