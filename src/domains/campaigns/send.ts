/**
 * Delivering request emails, one `campaign.send_mail` job per message, written with its outbox row in the
 * transaction that caused it (a crash loses nothing; mail is at-least-once like all mail here). The job puts the
 * personal link and unsubscribe address into the text and HTML handed to the SMTP server only, with `List-Unsubscribe` and
 * `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058), and moves the recipient to `sent` or `reminded`.
 * A message is withheld (outbox `failed`, with why) when the person unsubscribed or was erased meanwhile, or, for a
 * reminder, answered. Test mode delivers nothing: the message, links included, stays in the outbox to be tried.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import type { Tx } from "../../platform/db/unit-of-work";
import type { Deps } from "../../platform/deps";
import type { Mode } from "../../platform/context";
import { PRIORITY } from "../../platform/jobs/tables";
import { queueInTurn } from "../../platform/mail/turns";
import { insertOutbox } from "../../platform/mail/queue-mail";
import { PermanentJobError, type JobRegistry } from "../../platform/jobs/worker";
import { mailOutbox } from "../../platform/mail/tables";
import type { MailSender } from "../../platform/mail/sender";
import { BACKOFF_MS, isPermanent } from "../../platform/mail/jobs";
import { linkPublicUrl, links, siteUrlOfBrand } from "../brands";
import { personalise, personaliseHtml, STOPPED_NOTE } from "./message";
import { campaignRecipients, campaigns, type RecipientRow, type RecipientStatus } from "./tables";
import { isSuppressed, personalLinkUrl, recipientToken, unsubscribeUrl } from "./tokens";

/** Job kind that sends one request or reminder. */
export const CAMPAIGN_MAIL_JOB = "campaign.send_mail";

/** Payload of a campaign.send_mail job. */
export interface CampaignMailPayload {
  mailId: string;
  recipientId: string;
  reminder: boolean;
}

/** Why a test-mode message stays in the outbox. */
export const TEST_MODE_NOTE =
  "Test mode: kept in the outbox and not delivered (the sandbox never emails anyone). The personal link and unsubscribe address are shown so you can try them.";

/** Why a live message stays in the outbox when the SMTP server went away after the campaign was made. */
export const NO_SMTP_NOTE =
  "Not delivered: no SMTP server is configured (PLAUDIT_SMTP_URL). The personal link is never kept in the outbox.";

/**
 * Writes the outbox copy (with the markers) and puts its delivery in line at the server's sending pace, taking turns
 * with other organisations (src/platform/mail/turns.ts), in the unit of work (the organisation and mode are the input's: the reminder job writes for many).
 */
export function queueCampaignMail(
  tx: Tx,
  input: {
    orgId: string;
    mode: Mode;
    to: string;
    subject: string;
    text: string;
    /** The HTML alternative, with the same markers as the text; null: text only. */
    html?: string | null;
    recipientId: string;
    reminder: boolean;
    /** The server's sending pace (`config.mailBulkPerMinute`). */
    perMinute: number;
    /** The brand's sender name and reply address (brands' `brandSender`). */
    sender?: MailSender;
  },
): string {
  const { db } = tx;
  const clock = tx.ctx.clock;
  const id = insertOutbox(db, clock, input);
  queueInTurn(tx.queue, input.perMinute, {
    mailId: id,
    orgId: input.orgId,
    mode: input.mode,
    kind: CAMPAIGN_MAIL_JOB,
    payload: { mailId: id, recipientId: input.recipientId, reminder: input.reminder } satisfies CampaignMailPayload,
    // Bulk mail yields to mail a person is waiting for (sign-in, removal) and to processing.
    priority: PRIORITY.default,
    dedupeKey: `${CAMPAIGN_MAIL_JOB}:${id}`,
  });
  return id;
}

/** Why a message must not go out now, or null. */
function withheld(deps: Deps, r: RecipientRow | undefined, reminder: boolean): string | null {
  if (!r || r.erasedAt !== null || r.email === null) return "Not sent: the person's details were erased.";
  if (r.status === "unsubscribed" || r.unsubscribedAt !== null || isSuppressed(deps.db, r.orgId, r.mode, r.emailHash))
    return "Not sent: the person unsubscribed before it went out.";
  if (reminder && r.status === "answered") return "Not sent: the person answered before the reminder went out.";
  if (r.status === "bounced") return "Not sent: the mail server refused this address before.";
  return null;
}

/** The recipient's state after a message went out (or, in test mode, was kept to be read). */
function markDelivered(deps: Deps, r: RecipientRow, reminder: boolean, error: string | null = null) {
  const now = deps.clock.now();
  const from: RecipientStatus = reminder ? "sent" : "queued";
  const where = eq(campaignRecipients.id, r.id);
  deps.db
    .update(campaignRecipients)
    .set(reminder ? { remindedAt: now, error } : { sentAt: now, error })
    .where(where)
    .run();
  deps.db
    .update(campaignRecipients)
    .set({ status: reminder ? "reminded" : "sent" })
    .where(and(where, eq(campaignRecipients.status, from)))
    .run();
}

/** Marks the recipient bounced (unless they answered or unsubscribed meanwhile). */
function markBounced(deps: Deps, recipientId: string, error: string) {
  deps.db
    .update(campaignRecipients)
    .set({ status: "bounced", error })
    .where(
      and(eq(campaignRecipients.id, recipientId), inArray(campaignRecipients.status, ["queued", "sent", "reminded"])),
    )
    .run();
}

/** Sends one request or reminder; the outbox copy keeps the markers whatever happens (except in test mode). */
export async function sendCampaignMail(
  deps: Deps,
  p: CampaignMailPayload,
): Promise<"sent" | "outbox" | "withheld" | "skipped"> {
  const { db, clock, mailer, config } = deps;
  const row = db.select().from(mailOutbox).where(eq(mailOutbox.id, p.mailId)).get();
  if (!row || row.status !== "queued") return "skipped";
  const r = db.select().from(campaignRecipients).where(eq(campaignRecipients.id, p.recipientId)).get();
  const why = withheld(deps, r, p.reminder);
  if (why || !r) {
    db.update(mailOutbox).set({ status: "failed", error: why }).where(eq(mailOutbox.id, p.mailId)).run();
    return "withheld";
  }
  const campaign = db.select().from(campaigns).where(eq(campaigns.id, r.campaignId)).get();
  const link = campaign && db.select().from(links).where(eq(links.id, campaign.linkId)).get();
  if (!campaign || !link) return "skipped";
  if (campaign.stoppedAt !== null) {
    db.update(mailOutbox).set({ status: "failed", error: STOPPED_NOTE }).where(eq(mailOutbox.id, p.mailId)).run();
    return "withheld";
  }
  const token = recipientToken(deps.signer, r.id);
  const address = linkPublicUrl(db, config.siteUrl, link);
  const unsubscribe = unsubscribeUrl(siteUrlOfBrand(db, config.siteUrl, link.brandId), token);
  const personal = personalLinkUrl(address, token);
  const text = personalise(row.text, personal, unsubscribe);
  const html = row.html ? personaliseHtml(row.html, personal, unsubscribe) : null;
  if (campaign.mode === "test") {
    db.update(mailOutbox)
      .set({ status: "outbox", text, html, error: TEST_MODE_NOTE })
      .where(eq(mailOutbox.id, row.id))
      .run();
    markDelivered(deps, r, p.reminder);
    return "outbox";
  }
  if (!mailer.delivers) {
    db.update(mailOutbox).set({ status: "outbox", error: NO_SMTP_NOTE }).where(eq(mailOutbox.id, row.id)).run();
    db.update(campaignRecipients).set({ error: NO_SMTP_NOTE }).where(eq(campaignRecipients.id, r.id)).run();
    return "outbox";
  }
  try {
    const { messageId } = await mailer.send({
      to: row.to,
      subject: row.subject,
      text,
      html,
      headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
      fromName: row.fromName,
      replyTo: row.replyTo,
    });
    db.update(mailOutbox)
      .set({ status: "sent", messageId, sentAt: clock.now(), error: null })
      .where(eq(mailOutbox.id, row.id))
      .run();
    markDelivered(deps, r, p.reminder);
    return "sent";
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    db.update(mailOutbox).set({ error: message }).where(eq(mailOutbox.id, row.id)).run();
    db.update(campaignRecipients).set({ error: message }).where(eq(campaignRecipients.id, r.id)).run();
    if (isPermanent(e)) {
      markBounced(deps, r.id, message);
      throw new PermanentJobError(message);
    }
    throw e;
  }
}

/** Registers the campaign.send_mail job kind. */
export function registerCampaignMailJob(registry: JobRegistry): JobRegistry {
  return registry.register<CampaignMailPayload>(CAMPAIGN_MAIL_JOB, {
    handle: async (job, deps) => void (await sendCampaignMail(deps, job.payload)),
    maxAttempts: BACKOFF_MS.length + 1,
    backoffMs: (attempt) => BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length) - 1]!,
    timeoutMs: 2 * 60_000,
    onDead(job, deps, error) {
      deps.db.update(mailOutbox).set({ status: "failed", error }).where(eq(mailOutbox.id, job.payload.mailId)).run();
      markBounced(deps, job.payload.recipientId, error);
    },
  });
}
