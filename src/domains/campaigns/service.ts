/**
 * Reading and deleting campaigns, always within the caller's organisation and mode (another's campaign is a 404).
 * Deleting a campaign deletes its list and every outbox copy of its emails (they name the people); mail not yet
 * sent is then never sent. The unsubscribe list stays: it is the people's wish, not the campaign's.
 */
import { and, asc, desc, eq, gt, inArray } from "drizzle-orm";
import type { Ctx } from "../../platform/context";
import type { Deps } from "../../platform/deps";
import { tx, type Db } from "../../platform/db/client";
import { audit } from "../../platform/audit/audit";
import { notFound } from "../../platform/errors";
import { isId } from "../../platform/ids";
import { afterKeyDesc, toPage, type PageRequest } from "../../platform/http/pagination";
import { mailOutbox } from "../../platform/mail/tables";
import { links } from "../brands";
import { brandScope } from "../../platform/db/brand-scope";
import { presentCampaign, presentRecipient } from "./present";
import { campaignRecipients, campaigns, type CampaignRow, type RecipientStatus } from "./tables";

/** A campaign of the context's org, mode and brand scope (its link's brand); 404 otherwise. */
export function getCampaignRow(db: Db, ctx: Ctx, id: string): CampaignRow {
  const row = isId("campaign", id)
    ? db
        .select({ campaign: campaigns })
        .from(campaigns)
        .innerJoin(links, eq(links.id, campaigns.linkId))
        .where(
          and(
            eq(campaigns.id, id),
            eq(campaigns.orgId, ctx.orgId),
            eq(campaigns.mode, ctx.mode),
            brandScope(ctx, links.brandId),
          ),
        )
        .get()?.campaign
    : undefined;
  if (!row) throw notFound("campaign");
  return row;
}

const linkOf = (db: Db, id: string) => db.select().from(links).where(eq(links.id, id)).get()!;

/** One campaign with its counts. */
export function getCampaign(deps: Deps, ctx: Ctx, id: string) {
  const row = getCampaignRow(deps.db, ctx, id);
  return presentCampaign(deps, deps.db, row, linkOf(deps.db, row.linkId));
}

/** A page of campaigns, newest first, optionally of one link. */
export function listCampaigns(deps: Deps, ctx: Ctx, page: PageRequest, linkId?: string) {
  const rows = deps.db
    .select({ campaign: campaigns, link: links })
    .from(campaigns)
    .innerJoin(links, eq(links.id, campaigns.linkId))
    .where(
      and(
        eq(campaigns.orgId, ctx.orgId),
        eq(campaigns.mode, ctx.mode),
        linkId ? eq(campaigns.linkId, linkId) : undefined,
        brandScope(ctx, links.brandId),
        afterKeyDesc([campaigns.id], page.after),
      ),
    )
    .orderBy(desc(campaigns.id))
    .limit(page.limit + 1)
    .all();
  return toPage(
    deps.signer,
    page,
    rows,
    (r) => [r.campaign.id],
    (r) => presentCampaign(deps, deps.db, r.campaign, r.link),
  );
}

/** A page of a campaign's recipients in list order, optionally of one status. */
export function listRecipients(deps: Deps, ctx: Ctx, id: string, page: PageRequest, status?: RecipientStatus) {
  const campaign = getCampaignRow(deps.db, ctx, id);
  const after = page.after?.[0];
  const rows = deps.db
    .select()
    .from(campaignRecipients)
    .where(
      and(
        eq(campaignRecipients.campaignId, campaign.id),
        status ? eq(campaignRecipients.status, status) : undefined,
        typeof after === "number" ? gt(campaignRecipients.position, after) : undefined,
      ),
    )
    .orderBy(asc(campaignRecipients.position))
    .limit(page.limit + 1)
    .all();
  return toPage(deps.signer, page, rows, (r) => [r.position], presentRecipient);
}

/** Deletes a campaign, its list and the outbox copies of its emails. */
export function deleteCampaign(deps: Deps, ctx: Ctx, id: string) {
  return tx(deps.db, (db) => {
    const campaign = getCampaignRow(db, ctx, id);
    const mailIds = db
      .select({ a: campaignRecipients.mailId, b: campaignRecipients.reminderMailId })
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaignId, campaign.id))
      .all()
      .flatMap((r) => [r.a, r.b])
      .filter((m): m is string => !!m);
    for (let i = 0; i < mailIds.length; i += 500)
      db.delete(mailOutbox)
        .where(inArray(mailOutbox.id, mailIds.slice(i, i + 500)))
        .run();
    db.delete(campaigns).where(eq(campaigns.id, campaign.id)).run();
    audit(db, ctx, "campaign.deleted", campaign.id);
    return { id: campaign.id, deleted: true as const };
  });
}
