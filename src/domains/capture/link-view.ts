/**
 * What the capture page shows for a link: the brand, title, prompts, consent text, the link's own settings (which
 * answers it takes, rating, messages, questions, photo, call to action or redirect), whether it is open (and if not,
 * why, in words for the respondent) and the limits.
 */
import { eq } from "drizzle-orm";
import type { Deps } from "../../platform/deps";
import { notFound } from "../../platform/errors";
import {
  brands,
  findLinkBySlug,
  linkAddress,
  links,
  linkState,
  logoUrl,
  slugScopeOf,
  type BrandRow,
  type ClosedReason,
  type LinkRow,
} from "../brands";
import { CAPTURE_LIMITS, PHOTO_LIMITS } from "./model";

/** Messages a respondent sees for a closed link, by reason. */
export const CLOSED_MESSAGES: Record<ClosedReason, string> = {
  paused: "This page is paused and is not taking testimonials at the moment. Please check back later.",
  closed: "This page is closed and no longer takes testimonials. Thank you for stopping by.",
  expired: "This page has reached its closing date and no longer takes testimonials. Thank you for stopping by.",
  full: "This page has received all the testimonials it was collecting. Thank you for stopping by.",
};

/** The link and its brand by link id (links are unique across orgs and modes); 404 when missing. */
export function findLink(deps: Deps, linkId: string): { link: LinkRow; brand: BrandRow } {
  const row = deps.db
    .select({ link: links, brand: brands })
    .from(links)
    .innerJoin(brands, eq(brands.id, links.brandId))
    .where(eq(links.id, linkId))
    .get();
  if (!row) throw notFound("link");
  return row;
}

/** What a page address names: the link's id, and its current address when the address used a former slug. */
export interface LinkAddress {
  id: string;
  /** The link's brand (a custom domain serves only its own brand's links). */
  brandId: string;
  /** Where the page now is (the link's `url`) when the slug asked for is a former one; null otherwise. */
  movedTo: string | null;
}

/**
 * The link a page address names: a link id, or a slug (live links by slug alone; a test-mode link by its
 * organisation and slug, as `{site_url}/test/{org_id}/c/{slug}`), current or former. Null when nothing matches.
 */
export function resolveLinkAddress(deps: Deps, part: string, testOrgId?: string): LinkAddress | null {
  if (!testOrgId && part.startsWith("lnk_")) {
    const row = deps.db.select({ id: links.id, brandId: links.brandId }).from(links).where(eq(links.id, part)).get();
    return row ? { id: row.id, brandId: row.brandId, movedTo: null } : null;
  }
  const found = findLinkBySlug(deps.db, testOrgId ? slugScopeOf(testOrgId, "test") : "live", part);
  if (!found) return null;
  return {
    id: found.link.id,
    brandId: found.link.brandId,
    movedTo: found.moved ? linkAddress(deps, found.link) : null,
  };
}

/** The public view of a link for the capture page. */
export function linkView(deps: Deps, linkId: string) {
  const { link, brand } = findLink(deps, linkId);
  const state = linkState(deps.db, link, deps.clock.now());
  return {
    id: link.id,
    title: link.title,
    is_active: state.open,
    closed_reason: state.reason,
    closed_message: state.reason ? CLOSED_MESSAGES[state.reason] : null,
    prompts: link.prompts,
    consent_text: link.consentText,
    consent_version: link.consentVersion,
    accepts: link.accepts,
    ask_rating: link.askRating,
    welcome_message: link.welcomeMessage,
    thank_you_message: link.thankYouMessage,
    call_to_action: link.callToAction,
    redirect_url: link.redirectUrl,
    custom_fields: link.customFields.map((f) => ({
      id: f.id,
      label: f.label,
      type: f.type,
      required: f.required,
      options: f.options,
    })),
    collect_photo: link.collectPhoto,
    mode: link.mode,
    translations: link.translations ?? null,
    brand: { name: brand.name, color: brand.color, logo_url: logoUrl(deps.config.cdnUrl, brand) },
    limits: {
      min_text_chars: CAPTURE_LIMITS.minTextChars,
      max_text_chars: CAPTURE_LIMITS.maxTextChars,
      max_video_bytes: CAPTURE_LIMITS.maxVideoBytes,
      max_audio_bytes: CAPTURE_LIMITS.maxAudioBytes,
      max_seconds: Math.max(...link.prompts.map((p) => p.max_seconds)),
      // A guided recording runs through every prompt: its limit is their sum.
      total_seconds: link.prompts.reduce((n, p) => n + p.max_seconds, 0),
      chunk_bytes: CAPTURE_LIMITS.chunkBytes,
      max_photo_bytes: PHOTO_LIMITS.maxBytes,
      max_short_text_chars: CAPTURE_LIMITS.maxShortTextChars,
    },
  };
}
