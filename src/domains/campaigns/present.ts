/** Campaigns and recipients as the API shows them, with the counts per status. */
import { and, eq, sql } from "drizzle-orm";
import { jobs } from "../../platform/jobs/tables";
import { CAMPAIGN_MAIL_JOB } from "./send";
import { turnsDoneAt } from "../../platform/mail/turns";
import { mailTurns } from "../../platform/mail/tables";
import type { Static } from "elysia";
import type { Db } from "../../platform/db/client";
import { prepared } from "../../platform/db/prepared";
import type { Deps } from "../../platform/deps";
import { iso } from "../../platform/clock";
import { linkPublicUrl, type LinkRow } from "../brands";
import type { campaignSchema, countsSchema, recipientSchema } from "./model";
import { campaignRecipients, type CampaignRow, type RecipientRow } from "./tables";

/** The recipients of the campaigns in the JSON array `ids`, counted by campaign and status. */
const countsStatement = (db: Db) =>
  db
    .select({
      campaign: campaignRecipients.campaignId,
      status: campaignRecipients.status,
      n: sql<number>`count(*)`,
      emailed: sql<number>`sum(${campaignRecipients.sentAt} IS NOT NULL)`,
    })
    .from(campaignRecipients)
    .where(sql`${campaignRecipients.campaignId} IN (SELECT value FROM json_each(${sql.placeholder("ids")}))`)
    .groupBy(campaignRecipients.campaignId, campaignRecipients.status)
    .prepare();

/**
 * When the last waiting email of each campaign in the JSON array `ids` is due to leave: its send jobs still queued,
 * found by their dedupe key. The job kind and `queued` are written into the SQL (constants of the code, not values):
 * so SQLite sees that the partial index of queued jobs by dedupe key applies and looks each job up in it, where a
 * bound status would have it step through every queued job for each recipient.
 */
const lastSendStatement = (db: Db) =>
  db
    .select({ campaign: campaignRecipients.campaignId, at: sql<number | null>`max(${jobs.runAt})` })
    .from(campaignRecipients)
    .innerJoin(
      jobs,
      and(
        eq(jobs.dedupeKey, sql`${sql.raw(`'${CAMPAIGN_MAIL_JOB}:'`)} || ${campaignRecipients.mailId}`),
        sql`${jobs.status} = 'queued'`,
      ),
    )
    .where(sql`${campaignRecipients.campaignId} IN (SELECT value FROM json_each(${sql.placeholder("ids")}))`)
    .groupBy(campaignRecipients.campaignId)
    .prepare();

/** The last email of each campaign in the JSON array `ids` still waiting its turn in the server's mail line. */
const lastInLineStatement = (db: Db) =>
  db
    .select({ campaign: campaignRecipients.campaignId, mailId: sql<string>`max(${mailTurns.mailId})` })
    .from(campaignRecipients)
    .innerJoin(
      mailTurns,
      sql`${mailTurns.mailId} IN (${campaignRecipients.mailId}, ${campaignRecipients.reminderMailId})`,
    )
    .where(sql`${campaignRecipients.campaignId} IN (SELECT value FROM json_each(${sql.placeholder("ids")}))`)
    .groupBy(campaignRecipients.campaignId)
    .prepare();

/** What a campaign's answer shows of its recipients: the counts per status and when its waiting mail will have left. */
export interface CampaignFigures {
  counts: Static<typeof countsSchema>;
  /** When the last waiting email already released to be sent is due to leave (ms), or null. */
  sendingUntil: number | null;
  /** Its last email still waiting its organisation's turn in the mail line, or null. */
  lastInLine: string | null;
}

/**
 * The figures of the campaigns `ids`, by id: one grouped statement for the counts of them all and, when any has
 * mail waiting, one for when it leaves (a page of campaigns costs two queries, not two per campaign).
 */
export function figuresOf(db: Db, ids: readonly string[]): Map<string, CampaignFigures> {
  const out = new Map<string, CampaignFigures>();
  for (const id of ids)
    out.set(id, {
      counts: {
        total: 0,
        queued: 0,
        sent: 0,
        reminded: 0,
        answered: 0,
        unsubscribed: 0,
        bounced: 0,
        stopped: 0,
        emailed: 0,
      },
      sendingUntil: null,
      lastInLine: null,
    });
  if (ids.length === 0) return out;
  for (const r of prepared(db, countsStatement).all({ ids: JSON.stringify(ids) })) {
    const counts = out.get(r.campaign)!.counts;
    counts[r.status] = r.n;
    counts.total += r.n;
    counts.emailed += r.emailed ?? 0;
  }
  const waiting = ids.filter((id) => out.get(id)!.counts.queued > 0);
  if (waiting.length > 0) {
    for (const r of prepared(db, lastSendStatement).all({ ids: JSON.stringify(waiting) }))
      out.get(r.campaign)!.sendingUntil = r.at;
    for (const r of prepared(db, lastInLineStatement).all({ ids: JSON.stringify(waiting) }))
      out.get(r.campaign)!.lastInLine = r.mailId;
  }
  return out;
}

/**
 * A campaign with its link's address, the counts and, while mail waits, when it will all have left: the latest of
 * its emails already released to be sent and, for those still waiting their organisation's turn, the estimate of
 * the mail line (src/platform/mail/turns.ts). A list passes the figures of its page (`figuresOf`); a single
 * campaign has its own looked up.
 */
export function presentCampaign(
  deps: Deps,
  db: Db,
  row: CampaignRow,
  link: Pick<LinkRow, "id" | "brandId" | "title" | "slug" | "mode" | "orgId">,
  figures: CampaignFigures = figuresOf(db, [row.id]).get(row.id)!,
): Static<typeof campaignSchema> {
  const { counts } = figures;
  const inLine = figures.lastInLine
    ? turnsDoneAt(db, row.orgId, figures.lastInLine, deps.clock.now(), deps.config.mailBulkPerMinute)
    : null;
  const until = Math.max(figures.sendingUntil ?? 0, inLine ?? 0) || null;
  return {
    id: row.id,
    mode: row.mode,
    link_id: row.linkId,
    brand_id: link.brandId,
    link_title: link.title,
    link_url: linkPublicUrl(db, deps.config.siteUrl, link),
    subject: row.subject,
    message: row.message,
    reminder_after_days: row.reminderAfterDays,
    counts,
    sending_until: counts.queued > 0 ? iso(until) : null,
    created_at: iso(row.createdAt)!,
    stopped_at: iso(row.stoppedAt),
    stopped_by: row.stoppedBy,
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
