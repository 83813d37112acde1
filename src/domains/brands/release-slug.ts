/**
 * Releasing a former slug before its hold lapses (former-slugs.ts): the old address stops leading to the brand or
 * link at once, and anyone on the server may take the slug. Printed QR codes and links carrying it then lead
 * wherever its next owner points them, so the dashboard says so before the button.
 */
import { tx } from "../../platform/db/client";
import type { Ctx } from "../../platform/context";
import type { Deps } from "../../platform/deps";
import { audit } from "../../platform/audit/audit";
import { getBrandRow } from "./brand-service";
import { getLinkRow } from "./link-service";
import { releaseFormerSlug } from "./former-slugs";
import { presentBrand, presentLink } from "./present";

/** Releases one of a brand's former slugs; answers the brand. 404 when the brand has no such former slug. */
export function releaseBrandSlug(deps: Deps, ctx: Ctx, brandId: string, slug: string) {
  return tx(deps.db, (db) => {
    const row = getBrandRow(db, ctx, brandId);
    releaseFormerSlug(db, "brand", ctx, row.id, slug);
    audit(db, ctx, "brand.former_slug_released", row.id, { slug });
    return presentBrand(deps, row);
  });
}

/** Releases one of a link's former slugs; answers the link. 404 when the link has no such former slug. */
export function releaseLinkSlug(deps: Deps, ctx: Ctx, linkId: string, slug: string) {
  return tx(deps.db, (db) => {
    const row = getLinkRow(db, ctx, linkId);
    releaseFormerSlug(db, "link", ctx, row.id, slug);
    audit(db, ctx, "link.former_slug_released", row.id, { slug });
    return presentLink(deps, row);
  });
}
