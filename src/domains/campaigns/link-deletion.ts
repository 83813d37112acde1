/**
 * When collect links are deleted (one link, or every link of a brand being deleted), their request campaigns go
 * with them, as `DELETE /v1/campaigns/{id}` deletes one: the outbox copies of their emails (which name the people
 * asked and carry their personal links) are deleted, which also takes unsent ones out of the mail line, and the
 * campaign and recipient rows go. People already asked keep their email; their personal link stops working with
 * the link. The preview of a brand's deletion counts them as `requests`.
 */
import type { Tx } from "../../platform/db/unit-of-work";
import { and, count as countRows, eq, inArray } from "drizzle-orm";
import { scoped } from "../../platform/db/tenancy";
import type { Db } from "../../platform/db/client";
import type { Ctx } from "../../platform/context";
import type { GoingBrand } from "../../platform/hooks";
import { removeCampaign } from "./service";
import { links } from "../brands";
import { campaigns } from "./tables";

/** Deletes the campaigns of `linkIds`, their recipients and the outbox copies of their emails (in the unit of work). */
export function deleteCampaignsOfLinks(tx: Tx, linkIds: readonly string[]): void {
  const { db, ctx } = tx;
  if (!linkIds.length) return;
  const rows = db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(scoped(campaigns, ctx), inArray(campaigns.linkId, [...linkIds])))
    .all();
  for (const campaign of rows) removeCampaign(tx, campaign.id, { reason: "link_deleted" });
}

/** The preview's count of a brand's request campaigns. */
export function countBrandCampaigns(db: Db, brand: GoingBrand) {
  const n = db
    .select({ n: countRows() })
    .from(campaigns)
    .innerJoin(links, eq(links.id, campaigns.linkId))
    .where(and(scoped(campaigns, brand), eq(links.brandId, brand.id)))
    .get()?.n;
  return { requests: n ?? 0 };
}
