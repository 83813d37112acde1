/**
 * Delivering a removal email so that the link exists only in the email itself. The token is never stored: it is
 * derived from the removal's id and the data directory's secret (HMAC), its SHA-256 is what the removals table
 * keeps, and the link is put into the text and its HTML alternative only in what is handed to the SMTP transport. The outbox copy, which
 * owners and admins read through `GET /v1/outbox`, holds a placeholder instead. With no SMTP server (or when every
 * attempt failed) the outbox says the email could not be delivered; the link is not there to forward. Test mode
 * (the sandbox) delivers nothing: its copy, in the test-mode outbox, shows its link so the flow can be tried.
 */
import { eq } from "drizzle-orm";
import type { Tx } from "../../platform/db/unit-of-work";
import type { Deps } from "../../platform/deps";
import type { Mode } from "../../platform/context";
import type { Signer } from "../../platform/crypto";
import { queueInTurn } from "../../platform/mail/turns";
import { PRIORITY } from "../../platform/jobs/tables";
import { PermanentJobError, type JobRegistry } from "../../platform/jobs/worker";
import { mailOutbox } from "../../platform/mail/tables";
import { insertOutbox } from "../../platform/mail/queue-mail";
import type { MailSender } from "../../platform/mail/sender";
import { escapeHtml } from "../../platform/mail/html-layout";
import { BACKOFF_MS, isPermanent } from "../../platform/mail/jobs";
import { removals } from "./tables";
import { siteUrlOfBrand } from "../brands";
import { submissions } from "../submissions";

/** Job kind that sends one removal email (instead of the generic mail.send, which would send the stored text). */
export const REMOVAL_MAIL_JOB = "removal.send_mail";

/** What stands in the outbox copy where the link is in the email. */
export const LINK_PLACEHOLDER =
  "[personal removal link: only in the email delivered to the respondent, never kept here]";

/** Why a removal email is not delivered when no SMTP server is configured. */
export const NO_SMTP_NOTE =
  "A removal email could not be delivered: no SMTP server is configured (PLAUDIT_SMTP_URL). The removal link is never kept in the outbox, so it cannot be forwarded; the respondent can still ask the team to delete the testimonial.";

/** Why a test-mode thank-you email stays in the outbox. */
export const TEST_MODE_NOTE =
  "Test mode: kept in the outbox and not delivered (the sandbox never emails anyone, whatever address a test form was given). The removal link is shown so you can try it; it removes sandbox testimonials only.";

/** The removal page's address for a token. */
export const removalUrl = (siteUrl: string, token: string) => `${siteUrl}/remove/${token}`;

/** The token of a removal (192 bits): HMAC of its id under the data directory's secret; only its hash is stored. */
export const removalToken = (signer: Signer, removalId: string): string =>
  signer.mac("removal.token.v1", removalId).slice(0, 32);

/** The placeholder as the HTML part holds it (escaping leaves it as it is; written this way, it would still match). */
const HTML_PLACEHOLDER = escapeHtml(LINK_PLACEHOLDER);

/** The email's parts with the link put in place of the placeholder: as it is in the text, escaped in the HTML. */
function withLink(row: { text: string; html: string | null }, link: string) {
  return {
    text: row.text.replaceAll(LINK_PLACEHOLDER, link),
    html: row.html ? row.html.replaceAll(HTML_PLACEHOLDER, escapeHtml(link)) : null,
  };
}

/** Payload of a removal.send_mail job. */
interface SendPayload {
  mailId: string;
  removalId: string;
}

/** Writes the outbox copy (with the placeholder) and queues its delivery, in the caller's unit of work; returns the message id. */
export function queueRemovalMail(
  tx: Tx,
  input: {
    orgId: string;
    mode: Mode;
    to: string;
    subject: string;
    text: string;
    /** The HTML alternative, holding the placeholder wherever the text does; null: text only. */
    html?: string | null;
    removalId: string;
    /** The server's sending pace (`config.mailBulkPerMinute`): thank-you emails wait their organisation's turn. */
    perMinute: number;
    /** The brand's sender name and reply address (brands' `brandSender`). */
    sender?: MailSender;
  },
): string {
  if (!input.text.includes(LINK_PLACEHOLDER)) throw new Error("a removal email's text must hold the link placeholder");
  if (input.html && !input.html.includes(HTML_PLACEHOLDER))
    throw new Error("a removal email's HTML must hold the link placeholder");
  const { db } = tx;
  const clock = tx.deps.clock;
  const id = insertOutbox(db, clock, input);
  queueInTurn(tx.queue, input.perMinute, {
    mailId: id,
    orgId: input.orgId,
    mode: input.mode,
    kind: REMOVAL_MAIL_JOB,
    payload: { mailId: id, removalId: input.removalId } satisfies SendPayload,
    priority: PRIORITY.delivery,
    dedupeKey: `${REMOVAL_MAIL_JOB}:${id}`,
  });
  return id;
}

/** Sends one removal email with its link; the outbox copy keeps the placeholder whatever happens. */
export async function sendRemovalMail(
  deps: Deps,
  mailId: string,
  removalId: string,
): Promise<"sent" | "outbox" | "skipped"> {
  const { db, clock, mailer } = deps;
  const row = db.select().from(mailOutbox).where(eq(mailOutbox.id, mailId)).get();
  // Gone (testimonial erased) or already handled by an earlier run: nothing to do.
  if (!row || row.status !== "queued") return "skipped";
  const removal = db.select().from(removals).where(eq(removals.id, removalId)).get();
  if (!removal || removal.mailId !== mailId) return "skipped";
  // On the brand's own domain once it has one (the removal page is served there too).
  const brandId = db
    .select({ brandId: submissions.brandId })
    .from(submissions)
    .where(eq(submissions.id, removal.submissionId))
    .get()?.brandId;
  const site = brandId ? siteUrlOfBrand(db, deps.config.siteUrl, brandId) : deps.config.siteUrl;
  const link = removalUrl(site, removalToken(deps.signer, removalId));
  const { text, html } = withLink(row, link);
  if (removal.mode === "test") {
    // The sandbox emails no one; its copy shows the link so the removal can be tried (it removes sandbox rows only).
    db.update(mailOutbox)
      .set({ status: "outbox", text, html, error: TEST_MODE_NOTE })
      .where(eq(mailOutbox.id, mailId))
      .run();
    return "outbox";
  }
  if (!mailer.delivers) {
    db.update(mailOutbox).set({ status: "outbox", error: NO_SMTP_NOTE }).where(eq(mailOutbox.id, mailId)).run();
    return "outbox";
  }
  try {
    const { messageId } = await mailer.send({
      to: row.to,
      subject: row.subject,
      text,
      html,
      fromName: row.fromName,
      replyTo: row.replyTo,
    });
    db.update(mailOutbox)
      .set({ status: "sent", messageId, sentAt: clock.now() })
      .where(eq(mailOutbox.id, mailId))
      .run();
    return "sent";
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    db.update(mailOutbox).set({ error: message }).where(eq(mailOutbox.id, mailId)).run();
    throw isPermanent(e) ? new PermanentJobError(message) : e;
  }
}

/** Registers the removal.send_mail job kind. */
export function registerRemovalMailJob(registry: JobRegistry): JobRegistry {
  return registry.register<SendPayload>(REMOVAL_MAIL_JOB, {
    handle: async (job, deps) => void (await sendRemovalMail(deps, job.payload.mailId, job.payload.removalId)),
    maxAttempts: BACKOFF_MS.length + 1,
    backoffMs: (attempt) => BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length) - 1]!,
    timeoutMs: 2 * 60_000,
    onDead(job, deps, error) {
      deps.db
        .update(mailOutbox)
        .set({
          status: "failed",
          error: `The removal email could not be delivered (${error}). The link is never kept in the outbox.`,
        })
        .where(eq(mailOutbox.id, job.payload.mailId))
        .run();
    },
  });
}
