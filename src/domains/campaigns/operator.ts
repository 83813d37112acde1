/**
 * What whoever runs the server sees of every organisation's request campaigns, and the stop they can pull: the
 * live campaigns of all organisations, newest first (optionally only those still sending), each with its
 * organisation, counts and when its waiting mail would leave; and stopping any of them. Only the owners and admins
 * of the operator's own organisation (`orgs.operator`, `plaudit org operator`) may, signed in.
 */
import { and, desc, eq, lt, sql } from "drizzle-orm";
import type { Ctx } from "../../platform/context";
import type { Deps } from "../../platform/deps";
import type { Db } from "../../platform/db/client";
import type { Reader, Tx } from "../../platform/db/unit-of-work";
import { forbidden, notFound } from "../../platform/errors";
import { isId } from "../../platform/ids";
import { toPage, type PageRequest } from "../../platform/http/pagination";
import { afterId } from "../../platform/db/org-page";
import { orgs } from "../accounts";
import { isOperatorOrg } from "../../platform/access";
import { links } from "../brands";
import { figuresOf, presentCampaign } from "./present";
import { campaignRecipients, campaigns } from "./tables";
import { stopCampaignRow } from "./stop";

/** Refuses anyone but the operator's own organisation. */
function requireOperator(db: Db, ctx: Ctx) {
  if (!isOperatorOrg(db, ctx.orgId))
    throw forbidden("Only the people who run this server see and stop every organisation's requests.", {
      reason: "operator_only",
    });
}

const stillSending = sql`EXISTS (SELECT 1 FROM ${campaignRecipients} WHERE ${campaignRecipients.campaignId} = ${campaigns.id} AND ${campaignRecipients.status} = 'queued')`;

/** A page of every organisation's live campaigns, newest first; `sending` keeps those with mail still waiting. */
export function listAllCampaigns(r: Reader, page: PageRequest, sending: boolean) {
  const { db, ctx, deps } = r;
  requireOperator(db, ctx);
  const after = afterId(page);
  const rows = db
    .select({ campaign: campaigns, link: links, org: { id: orgs.id, name: orgs.name } })
    .from(campaigns)
    .innerJoin(links, eq(links.id, campaigns.linkId))
    .innerJoin(orgs, eq(orgs.id, campaigns.orgId))
    .where(
      and(eq(campaigns.mode, "live"), sending ? stillSending : undefined, after ? lt(campaigns.id, after) : undefined),
    )
    .orderBy(desc(campaigns.id))
    .limit(page.limit + 1)
    .all();
  const figures = figuresOf(
    db,
    rows.slice(0, page.limit).map((r) => r.campaign.id),
  );
  return toPage(
    deps.signer,
    page,
    rows,
    (r) => [r.campaign.id],
    (r) => ({
      ...presentCampaign(deps, db, r.campaign, r.link, figures.get(r.campaign.id)),
      org_id: r.org.id,
      org_name: r.org.name,
    }),
  );
}

/** Stops any organisation's live campaign; answers it with its organisation. */
export function stopAnyCampaign(tx: Tx, id: string) {
  const { db, ctx, deps } = tx;
  requireOperator(db, ctx);
  const found = isId("campaign", id)
    ? db
        .select({ campaign: campaigns, org: { id: orgs.id, name: orgs.name } })
        .from(campaigns)
        .innerJoin(orgs, eq(orgs.id, campaigns.orgId))
        .where(and(eq(campaigns.id, id), eq(campaigns.mode, "live")))
        .get()
    : undefined;
  if (!found) throw notFound("campaign");
  if (stopCampaignRow(tx, found.campaign, "operator")) {
    tx.audit("campaign.stopped_by_operator", found.campaign.id, { org_id: found.org.id });
    // The organisation's own log says it too.
    tx.as({ ...ctx, orgId: found.org.id, mode: "live" }).audit("campaign.stopped_by_operator", found.campaign.id);
  }
  const row = db.select().from(campaigns).where(eq(campaigns.id, id)).get()!;
  const link = db.select().from(links).where(eq(links.id, row.linkId)).get()!;
  return { ...presentCampaign(deps, db, row, link), org_id: found.org.id, org_name: found.org.name };
}
