/**
 * Reading and deleting campaigns, always within the caller's organisation and mode (another's campaign is a 404).
 * Deleting a campaign deletes its list and every outbox copy of its emails (they name the people); mail not yet
 * sent is then never sent. The unsubscribe list stays: it is the people's wish, not the campaign's.
 */
import { and, asc, desc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import { preparedScoped, scopeValues } from "../../platform/db/tenancy";
import type { Ctx } from "../../platform/context";
import type { Deps } from "../../platform/deps";
import type { Db } from "../../platform/db/client";
import type { Reader, Tx } from "../../platform/db/unit-of-work";
import { notFound } from "../../platform/errors";
import { isId } from "../../platform/ids";
import { toPage, type PageRequest } from "../../platform/http/pagination";
import { mailOutbox } from "../../platform/mail/tables";
import { links } from "../brands";
import { afterId } from "../../platform/db/org-page";
import { prepared, preparedAs } from "../../platform/db/prepared";
import { figuresOf, presentCampaign, presentRecipient } from "./present";
import { campaignRecipients, campaigns, type CampaignRow, type RecipientStatus } from "./tables";

/** A campaign by id within an org, mode and brand scope (its link's brand): the lookup every campaign route makes. */
const campaignById = (db: Db) =>
  db
    .select({ campaign: campaigns })
    .from(campaigns)
    .innerJoin(links, eq(links.id, campaigns.linkId))
    .where(and(eq(campaigns.id, sql.placeholder("id")), preparedScoped(campaigns, { brandColumn: links.brandId })))
    .prepare();

/** A campaign of the context's org, mode and brand scope (its link's brand); 404 otherwise. */
export function getCampaignRow(db: Db, ctx: Ctx, id: string): CampaignRow {
  const row = isId("campaign", id) ? prepared(db, campaignById).get({ id, ...scopeValues(ctx) })?.campaign : undefined;
  if (!row) throw notFound("campaign");
  return row;
}

const linkOf = (db: Db, id: string) => db.select().from(links).where(eq(links.id, id)).get()!;

/** One campaign with its counts. */
export function getCampaign(r: Reader, id: string) {
  const { db, ctx, deps } = r;
  const row = getCampaignRow(db, ctx, id);
  return presentCampaign(deps, db, row, linkOf(db, row.linkId));
}

const P = (name: string) => sql.placeholder(name);

/**
 * A page of campaigns, newest first, optionally of one link (one prepared statement per shape), with the figures of
 * the whole page read in one go (`figuresOf`).
 */
export function listCampaigns(r: Reader, page: PageRequest, linkId?: string) {
  const { db, ctx, deps } = r;
  const after = afterId(page);
  const limited = ctx.brandIds != null;
  const shape = `${linkId ? "l" : ""}${limited ? "s" : ""}${after ? "a" : ""}`;
  const statement = preparedAs(db, `campaigns-list:${shape}`, (db) =>
    db
      .select({ campaign: campaigns, link: links })
      .from(campaigns)
      .innerJoin(links, eq(links.id, campaigns.linkId))
      .where(
        and(
          // The brand scope (through the campaign's link) only in the statement prepared for limited contexts.
          preparedScoped(campaigns, { brandColumn: links.brandId, allBrands: !limited }),
          linkId ? eq(campaigns.linkId, P("link")) : undefined,
          after ? lt(campaigns.id, P("after")) : undefined,
        ),
      )
      .orderBy(desc(campaigns.id))
      .limit(P("limit"))
      .prepare(),
  );
  const rows = statement.all({ ...scopeValues(ctx), link: linkId ?? null, after, limit: page.limit + 1 });
  const figures = figuresOf(
    db,
    rows.slice(0, page.limit).map((r) => r.campaign.id),
  );
  return toPage(
    deps.signer,
    page,
    rows,
    (r) => [r.campaign.id],
    (r) => presentCampaign(deps, db, r.campaign, r.link, figures.get(r.campaign.id)),
  );
}

/** A page of a campaign's recipients in list order, optionally of one status. */
export function listRecipients(r: Reader, id: string, page: PageRequest, status?: RecipientStatus) {
  const { db, ctx, deps } = r;
  const campaign = getCampaignRow(db, ctx, id);
  const after = page.after?.[0];
  const from = typeof after === "number";
  const statement = preparedAs(db, `recipients-list:${status ? "s" : ""}${from ? "a" : ""}`, (db) =>
    db
      .select()
      .from(campaignRecipients)
      .where(
        and(
          eq(campaignRecipients.campaignId, P("campaign")),
          status ? eq(campaignRecipients.status, P("status")) : undefined,
          from ? gt(campaignRecipients.position, P("after")) : undefined,
        ),
      )
      .orderBy(asc(campaignRecipients.position))
      .limit(P("limit"))
      .prepare(),
  );
  const rows = statement.all({
    campaign: campaign.id,
    status: status ?? null,
    after: from ? after : null,
    limit: page.limit + 1,
  });
  return toPage(deps.signer, page, rows, (r) => [r.position], presentRecipient);
}

/** Deletes a campaign, its list and the outbox copies of its emails. */
export function deleteCampaign(tx: Tx, id: string) {
  const campaign = getCampaignRow(tx.db, tx.ctx, id);
  removeCampaign(tx, campaign.id);
  return { id: campaign.id, deleted: true as const };
}

/**
 * Removes a campaign the caller has found (its list goes with it) and the outbox copies of its emails, with an
 * audit line (`details` says why, when it is not the team's own deletion).
 */
export function removeCampaign(tx: Tx, campaignId: string, details?: Record<string, unknown>) {
  const { db } = tx;
  const mailIds = db
    .select({ a: campaignRecipients.mailId, b: campaignRecipients.reminderMailId })
    .from(campaignRecipients)
    .where(eq(campaignRecipients.campaignId, campaignId))
    .all()
    .flatMap((r) => [r.a, r.b])
    .filter((m): m is string => !!m);
  for (let i = 0; i < mailIds.length; i += 500)
    db.delete(mailOutbox)
      .where(inArray(mailOutbox.id, mailIds.slice(i, i + 500)))
      .run();
  db.delete(campaigns).where(eq(campaigns.id, campaignId)).run();
  tx.audit("campaign.deleted", campaignId, details);
}
