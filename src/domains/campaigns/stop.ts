/**
 * Stopping a campaign: its emails not yet sent are withheld (their outbox copies say why, their places in the mail
 * line are given up), the people not yet emailed become `stopped`, and nobody is reminded. Those already asked keep
 * their personal link (it still answers). The team stops its own campaign; whoever runs the server can stop anyone's
 * (operator.ts). Safe to send twice.
 */
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { Tx } from "../../platform/db/unit-of-work";
import { mailOutbox, mailTurns } from "../../platform/mail/tables";
import { getCampaignRow } from "./service";
import { presentCampaign } from "./present";
import { links } from "../brands";
import { campaignRecipients, campaigns, type CampaignRow } from "./tables";
import { STOPPED_NOTE } from "./message";

/** Who stops a campaign. */
export type StoppedBy = "team" | "operator";

/** Marks the campaign stopped and withholds what has not left; returns false when it was already stopped. */
export function stopCampaignRow(tx: Tx, campaign: CampaignRow, by: StoppedBy): boolean {
  if (campaign.stoppedAt !== null) return false;
  const { db } = tx;
  const now = tx.ctx.clock.now();
  db.update(campaigns).set({ stoppedAt: now, stoppedBy: by }).where(eq(campaigns.id, campaign.id)).run();
  const of = eq(campaignRecipients.campaignId, campaign.id);
  const mails = db
    .select({ a: campaignRecipients.mailId, b: campaignRecipients.reminderMailId })
    .from(campaignRecipients)
    .where(and(of, isNotNull(campaignRecipients.mailId)))
    .all()
    .flatMap((r) => [r.a, r.b])
    .filter((m): m is string => !!m);
  for (let i = 0; i < mails.length; i += 500) {
    const ids = mails.slice(i, i + 500);
    db.delete(mailTurns).where(inArray(mailTurns.mailId, ids)).run();
    db.update(mailOutbox)
      .set({ status: "failed", error: STOPPED_NOTE })
      .where(and(inArray(mailOutbox.id, ids), eq(mailOutbox.status, "queued")))
      .run();
  }
  db.update(campaignRecipients)
    .set({ status: "stopped", error: STOPPED_NOTE })
    .where(and(of, eq(campaignRecipients.status, "queued")))
    .run();
  return true;
}

/** The team stops its own campaign (`POST /v1/campaigns/{id}/stop`); answers the campaign. */
export function stopCampaign(tx: Tx, id: string) {
  const { db, ctx, deps } = tx;
  const campaign = getCampaignRow(db, ctx, id);
  if (stopCampaignRow(tx, campaign, "team")) tx.audit("campaign.stopped", campaign.id);
  const row = db.select().from(campaigns).where(eq(campaigns.id, campaign.id)).get()!;
  return presentCampaign(deps, db, row, db.select().from(links).where(eq(links.id, row.linkId)).get()!);
}
