/**
 * The brand's wall header settings (issue 17): intro text, website address and the collect link behind the wall's
 * "Share your experience" button. Checked here, applied to the brand row being changed.
 */
import { and, eq } from "drizzle-orm";
import { byId } from "../../platform/db/tenancy";
import type { Db } from "../../platform/db/client";
import type { Ctx } from "../../platform/context";
import { invalid } from "../../platform/errors";
import { links } from "./tables";
import type { BrandRow } from "./present";

/** Longest intro text and website address (characters). */
export const MAX_INTRO = 600;
export const MAX_WEBSITE = 300;

/** The wall header fields of a brand change. */
export interface WallHeaderPatch {
  intro_text?: string | null;
  website_url?: string | null;
  wall_link_id?: string | null;
}

/** An http(s) address as written, or a 400 naming `website_url`. */
export function checkWebsite(raw: string): string {
  const url = raw.trim();
  let parsed: URL | null = null;
  try {
    parsed = new URL(url);
  } catch {
    parsed = null;
  }
  if (!parsed || !/^https?:$/.test(parsed.protocol) || !parsed.hostname || url.length > MAX_WEBSITE)
    throw invalid("website_url is an http or https address such as https://example.com.", "website_url");
  return parsed.href;
}

/**
 * Applies the sent wall header fields to `next` (the changed copy of `row`): empty text clears; the link must be
 * one of this brand's (same organisation and mode), else 400 naming `wall_link_id`.
 */
export function applyWallHeader(db: Db, ctx: Ctx, row: BrandRow, next: BrandRow, patch: WallHeaderPatch) {
  if (patch.intro_text !== undefined) {
    const text = patch.intro_text?.trim() ?? "";
    if (text.length > MAX_INTRO) throw invalid(`intro_text is at most ${MAX_INTRO} characters.`, "intro_text");
    next.introText = text || null;
  }
  if (patch.website_url !== undefined)
    next.websiteUrl = patch.website_url?.trim() ? checkWebsite(patch.website_url) : null;
  if (patch.wall_link_id !== undefined) {
    const id = patch.wall_link_id;
    if (id !== null) {
      const link = db
        .select({ id: links.id })
        .from(links)
        .where(and(byId(links, ctx, id, { allBrands: true }), eq(links.brandId, row.id)))
        .get();
      if (!link) throw invalid(`No collect link ${id} of this brand.`, "wall_link_id");
    }
    next.wallLinkId = id;
  }
}
