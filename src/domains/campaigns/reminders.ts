/**
 * The one reminder. Every hour a schedule queues the `campaign.queue_reminders` job, which finds recipients whose
 * request went out `reminder_after_days` ago and who are still only `sent` (not answered, unsubscribed, bounced or
 * erased), and queues each a reminder with its mail job, marking `reminder_queued_at` in the same transaction: a
 * reminder is queued at most once, whatever happens to its outbox copy. The send job checks again before sending.
 */
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Deps } from "../../platform/deps";
import type { Clock } from "../../platform/clock";
import { systemCtx } from "../../platform/context";
import { unitOfWork } from "../../platform/db/unit-of-work";
import { enqueue } from "../../platform/jobs/queue";
import { PRIORITY } from "../../platform/jobs/tables";
import type { JobRegistry } from "../../platform/jobs/worker";
import { brands, links, mailBrand, senderOfBrand } from "../brands";
import { requestMail } from "./message";
import { queueCampaignMail } from "./send";
import { campaignRecipients, campaigns } from "./tables";

/** Job kind that queues the reminders that are due. */
export const QUEUE_REMINDERS_JOB = "campaign.queue_reminders";

/** The schedule's cron pattern: every hour, at minute 23. */
export const REMINDER_PATTERN = "23 * * * *";

const DAY_MS = 24 * 3600_000;
/** Reminders queued per transaction (each batch is short; the job loops until none is due). */
const BATCH = 200;

/** The context of a batch: the system, for no one organisation (each reminder names its recipient's org and mode). */
const serverCtx = (clock: Clock) => systemCtx("", "live", clock);

/** Enqueues the reminder job (what the schedule does each hour). */
export function scheduleReminders(deps: Deps) {
  enqueue(deps, {
    kind: QUEUE_REMINDERS_JOB,
    payload: {},
    priority: PRIORITY.default,
    dedupeKey: QUEUE_REMINDERS_JOB,
  });
}

/** Queues every reminder that is due; returns how many. */
export function queueDueReminders(deps: Deps): number {
  let total = 0;
  for (;;) {
    const now = deps.clock.now();
    const queued = unitOfWork(deps, serverCtx(deps.clock), (tx) => {
      const { db } = tx;
      const due = db
        .select({
          recipient: campaignRecipients,
          subject: campaigns.subject,
          message: campaigns.message,
          brand: { name: brands.name, color: brands.color, logoKey: brands.logoKey },
          mailFromName: brands.mailFromName,
          mailReplyTo: brands.mailReplyTo,
          language: sql<string>`coalesce(${links.language}, ${brands.defaultLanguage})`,
        })
        .from(campaignRecipients)
        .innerJoin(campaigns, eq(campaigns.id, campaignRecipients.campaignId))
        .innerJoin(links, eq(links.id, campaigns.linkId))
        .innerJoin(brands, eq(brands.id, links.brandId))
        .where(
          and(
            eq(campaignRecipients.status, "sent"),
            isNull(campaignRecipients.reminderQueuedAt),
            isNull(campaignRecipients.erasedAt),
            gt(campaigns.reminderAfterDays, 0),
            isNull(campaigns.stoppedAt),
            sql`${campaignRecipients.sentAt} + ${campaigns.reminderAfterDays} * ${DAY_MS} <= ${now}`,
          ),
        )
        .limit(BATCH)
        .all();
      for (const d of due) {
        const r = d.recipient;
        const mail = requestMail({
          brand: mailBrand(deps.config.cdnUrl, d.brand),
          subject: d.subject,
          message: d.message,
          name: r.name,
          reminder: true,
          language: d.language,
        });
        const mailId = queueCampaignMail(tx, {
          orgId: r.orgId,
          mode: r.mode,
          to: r.email!,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          recipientId: r.id,
          reminder: true,
          perMinute: deps.config.mailBulkPerMinute,
          sender: senderOfBrand({ name: d.brand.name, mailFromName: d.mailFromName, mailReplyTo: d.mailReplyTo }),
        });
        db.update(campaignRecipients)
          .set({ reminderMailId: mailId, reminderQueuedAt: now })
          .where(eq(campaignRecipients.id, r.id))
          .run();
      }
      return due.length;
    });
    total += queued;
    if (queued < BATCH) return total;
  }
}

/** Registers the reminder job kind. */
export function registerReminderJob(registry: JobRegistry): JobRegistry {
  return registry.register(QUEUE_REMINDERS_JOB, {
    handle: async (_job, deps) => void queueDueReminders(deps),
    maxAttempts: 3,
    backoffMs: () => 60_000,
    timeoutMs: 5 * 60_000,
  });
}
