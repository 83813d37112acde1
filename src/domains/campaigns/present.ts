/** Campaigns and recipients as the API shows them, with the counts per status. */
import { and, eq, sql } from "drizzle-orm";
import { jobs } from "../../platform/jobs/tables";
import { CAMPAIGN_MAIL_JOB } from "./send";
import type { Static } from "elysia";
import type { Db } from "../../platform/db/client";
import { prepared } from "../../platform/db/prepared";
import type { Deps } from "../../platform/deps";
import { iso } from "../../platform/clock";
import { linkSlugUrl, linkUrl, type LinkRow } from "../brands";
import type { campaignSchema, countsSchema, recipientSchema } from "./model";
import { campaignRecipients, type CampaignRow, type RecipientRow } from "./tables";

const countsStatement = (db: Db) =>
  db
    .select({
      status: campaignRecipients.status,
      n: sql<number>`count(*)`,
      emailed: sql<number>`sum(${campaignRecipients.sentAt} IS NOT NULL)`,
    })
    .from(campaignRecipients)
    .where(eq(campaignRecipients.campaignId, sql.placeholder("campaign")))
    .groupBy(campaignRecipients.status)
    .prepare();

/** How many of a campaign's recipients are in each status, and how many were emailed (one prepared statement). */
export function countsOf(db: Db, campaignId: string): Static<typeof countsSchema> {
  const rows = prepared(db, countsStatement).all({ campaign: campaignId });
  const counts = { total: 0, queued: 0, sent: 0, reminded: 0, answered: 0, unsubscribed: 0, bounced: 0, emailed: 0 };
  for (const r of rows) {
    counts[r.status] = r.n;
    counts.total += r.n;
    counts.emailed += r.emailed ?? 0;
  }
  return counts;
}

/** When the last of a campaign's waiting emails is due to leave: its send jobs still queued, by their dedupe key. */
const lastSendStatement = (db: Db) =>
  db
    .select({ at: sql<number | null>`max(${jobs.runAt})` })
    .from(campaignRecipients)
    .innerJoin(
      jobs,
      and(
        eq(jobs.dedupeKey, sql`${CAMPAIGN_MAIL_JOB} || ':' || ${campaignRecipients.mailId}`),
        eq(jobs.status, "queued"),
      ),
    )
    .where(eq(campaignRecipients.campaignId, sql.placeholder("campaign")))
    .prepare();

/** A campaign with its link's address, the counts and, while mail waits, when it will all have left. */
export function presentCampaign(
  deps: Deps,
  db: Db,
  row: CampaignRow,
  link: Pick<LinkRow, "id" | "brandId" | "title" | "slug" | "mode" | "orgId">,
): Static<typeof campaignSchema> {
  const counts = countsOf(db, row.id);
  return {
    id: row.id,
    mode: row.mode,
    link_id: row.linkId,
    brand_id: link.brandId,
    link_title: link.title,
    link_url: linkSlugUrl(deps.config.siteUrl, link) ?? linkUrl(deps.config.siteUrl, link.id),
    subject: row.subject,
    message: row.message,
    reminder_after_days: row.reminderAfterDays,
    counts,
    sending_until:
      counts.queued > 0 ? iso(prepared(db, lastSendStatement).get({ campaign: row.id })?.at ?? null) : null,
    created_at: iso(row.createdAt)!,
  };
}

/** One recipient. */
export function presentRecipient(r: RecipientRow): Static<typeof recipientSchema> {
  return {
    id: r.id,
    position: r.position,
    name: r.name,
    email: r.email,
    status: r.status,
    submission_id: r.submissionId,
    error: r.error,
    sent_at: iso(r.sentAt),
    reminded_at: iso(r.remindedAt),
    answered_at: iso(r.answeredAt),
    unsubscribed_at: iso(r.unsubscribedAt),
  };
}
