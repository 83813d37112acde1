/**
 * Releasing a former slug before its hold lapses (former-slugs.ts): the old address stops leading to the brand or
 * link at once, and anyone on the server may take the slug. Printed QR codes and links carrying it then lead
 * wherever its next owner points them, so the dashboard says so before the button.
 */
import type { Tx } from "../../platform/db/unit-of-work";
import { getBrandRow } from "./brand-service";
import { getLinkRow } from "./link-service";
import { releaseFormerSlug } from "./former-slugs";
import { presentBrand, presentLink } from "./present";

/** Releases one of a brand's former slugs; answers the brand. 404 when the brand has no such former slug. */
export function releaseBrandSlug(tx: Tx, brandId: string, slug: string) {
  const row = getBrandRow(tx.db, tx.ctx, brandId);
  releaseFormerSlug(tx, "brand", row.id, slug);
  tx.audit("brand.former_slug_released", row.id, { slug });
  return presentBrand(tx.deps, row);
}

/** Releases one of a link's former slugs; answers the link. 404 when the link has no such former slug. */
export function releaseLinkSlug(tx: Tx, linkId: string, slug: string) {
  const row = getLinkRow(tx.db, tx.ctx, linkId);
  releaseFormerSlug(tx, "link", row.id, slug);
  tx.audit("link.former_slug_released", row.id, { slug });
  return presentLink(tx.deps, row);
}
