/**
 * The mail.send job: delivers one outbox message through `deps.mailer`, or leaves it in the outbox when no SMTP
 * server is configured. A message with a personal link gets it here, from the module owning the link's kind, in
 * what is handed to the SMTP server only; a link that no longer works (used, revoked) withholds the message. A
 * crash between the server accepting the message and the row being marked sent means it is sent again on the
 * retry: mail is at-least-once.
 */
import { eq } from "drizzle-orm";
import type { Deps } from "../deps";
import type { JobRegistry } from "../jobs/worker";
import { PermanentJobError } from "../jobs/worker";
import { MAIL_LINK_MARK, MAIL_SEND, type MailSendPayload } from "./queue-mail";
import { mailOutbox, type MailRow } from "./tables";
import { registerMailDispatch } from "./turns";

/** Why a message with a personal link was not sent. */
export const LINK_GONE_NOTE =
  "Not sent: the link it carries stopped working before it went out (used, revoked or expired).";

/** Waits after attempts 1–5: 30 s, 2 min, 10 min, 30 min, 1 h (a server down for a while still gets the mail). */
export const BACKOFF_MS = [30_000, 120_000, 600_000, 1_800_000, 3_600_000];

/** Attempts before a message is marked failed. */
export const MAIL_MAX_ATTEMPTS = BACKOFF_MS.length + 1;

/**
 * A 5xx answer refuses this message for good (unknown mailbox, rejected content), except the authentication
 * codes: those mean our settings are wrong, and a retry after the operator fixes them can succeed.
 */
export function isPermanent(e: unknown): boolean {
  const code = (e as { responseCode?: unknown })?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600 && ![530, 534, 535, 538].includes(code);
}

/** An address as HTML attribute text. */
const attr = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * The text (and HTML, when the message has one) to hand to the SMTP server: the stored ones, with the personal link
 * made now in place of `MAIL_LINK_MARK` (escaped in the HTML); null when the link is gone.
 */
function withLink(deps: Deps, row: MailRow): { text: string; html: string | null } | null {
  if (!row.linkKind) return { text: row.text, html: row.html };
  const make = deps.hooks.mailLinks.get(row.linkKind);
  if (!make) throw new PermanentJobError(`No module makes mail links of kind "${row.linkKind}".`);
  const url = make(deps, row.linkRef ?? "");
  if (url === null) return null;
  return {
    text: row.text.replaceAll(MAIL_LINK_MARK, url),
    html: row.html?.replaceAll(MAIL_LINK_MARK, attr(url)) ?? null,
  };
}

async function sendOne(mailId: string, deps: Deps): Promise<void> {
  const { db, clock, mailer } = deps;
  const row = db.select().from(mailOutbox).where(eq(mailOutbox.id, mailId)).get();
  // Gone (org erased) or already handled by an earlier run of this job: nothing to do.
  if (!row || row.status !== "queued") return;
  if (!mailer.delivers) {
    db.update(mailOutbox).set({ status: "outbox" }).where(eq(mailOutbox.id, mailId)).run();
    return;
  }
  const made = withLink(deps, row);
  if (made === null) {
    db.update(mailOutbox).set({ status: "failed", error: LINK_GONE_NOTE }).where(eq(mailOutbox.id, mailId)).run();
    return;
  }
  try {
    const { messageId } = await mailer.send({
      to: row.to,
      subject: row.subject,
      text: made.text,
      html: made.html,
      fromName: row.fromName,
      replyTo: row.replyTo,
    });
    db.update(mailOutbox)
      .set({ status: "sent", messageId, sentAt: clock.now() })
      .where(eq(mailOutbox.id, mailId))
      .run();
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    db.update(mailOutbox).set({ error: message }).where(eq(mailOutbox.id, mailId)).run();
    throw isPermanent(e) ? new PermanentJobError(message) : e;
  }
}

/** Registers the mail.send job kind and the release of mail waiting its turn (turns.ts). */
export function registerMailJobs(registry: JobRegistry): JobRegistry {
  registerMailDispatch(registry);
  return registry.register<MailSendPayload>(MAIL_SEND, {
    handle: (job, deps) => sendOne(job.payload.mailId, deps),
    maxAttempts: MAIL_MAX_ATTEMPTS,
    backoffMs: (attempt) => BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length) - 1]!,
    timeoutMs: 2 * 60_000,
    onDead(job, deps, error) {
      deps.db.update(mailOutbox).set({ status: "failed", error }).where(eq(mailOutbox.id, job.payload.mailId)).run();
    },
  });
}
