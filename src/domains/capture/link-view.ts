/** What the capture page shows for a link: the brand, title, prompts, consent text and the limits. */
import { eq } from "drizzle-orm";
import type { Deps } from "../../platform/deps";
import { notFound } from "../../platform/errors";
import { brands, links, logoUrl, type BrandRow, type LinkRow } from "../brands";
import { CAPTURE_LIMITS } from "./model";

/** Messages a respondent sees for a closed link. */
export const CLOSED_MESSAGES: Record<string, string> = {
  paused: "This page is paused and is not taking testimonials at the moment. Please check back later.",
  closed: "This page is closed and no longer takes testimonials. Thank you for stopping by.",
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

/** The public view of a link for the capture page. */
export function linkView(deps: Deps, linkId: string) {
  const { link, brand } = findLink(deps, linkId);
  return {
    id: link.id,
    title: link.title,
    is_active: link.isActive,
    closed_reason: link.closedReason,
    closed_message: link.isActive ? null : (CLOSED_MESSAGES[link.closedReason ?? "paused"] ?? CLOSED_MESSAGES.paused),
    prompts: link.prompts,
    consent_text: link.consentText,
    consent_version: link.consentVersion,
    mode: link.mode,
    brand: { name: brand.name, color: brand.color, logo_url: logoUrl(deps.config.cdnUrl, brand) },
    limits: {
      min_text_chars: CAPTURE_LIMITS.minTextChars,
      max_text_chars: CAPTURE_LIMITS.maxTextChars,
      max_video_bytes: CAPTURE_LIMITS.maxVideoBytes,
      max_audio_bytes: CAPTURE_LIMITS.maxAudioBytes,
      max_seconds: Math.max(...link.prompts.map((p) => p.max_seconds)),
      chunk_bytes: CAPTURE_LIMITS.chunkBytes,
    },
  };
}
