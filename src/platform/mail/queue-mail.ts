/**
 * Queueing mail. The outbox row and its mail.send job are written in the caller's transaction, so a message is
 * sent exactly when the change that caused it commits (and never for a change that rolled back).
 *
 * A message that carries a secret link (an invitation, a password reset) names the link's kind and source instead
 * of holding it: the outbox copy has `MAIL_LINK_MARK` where the link goes, and the mail.send job asks the module
 * that owns the kind to make the link at sending time (jobs.ts). No secret is ever readable in the outbox, through
 * `GET /v1/outbox`, or in a backup of the database.
 */
import { desc, eq } from "drizzle-orm";
import { inOrg } from "../db/tenancy";
import type { Clock } from "../clock";
import type { Mode } from "../context";
import type { Db } from "../db/client";
import { invalid } from "../errors";
import { newId } from "../ids";
import { enqueue, type JobQueue } from "../jobs/queue";
import { PRIORITY } from "../jobs/tables";
import { mailOutbox, type MailRow } from "./tables";
import { senderColumns, type MailSender } from "./sender";

/** The job kind that sends one outbox message. */
export const MAIL_SEND = "mail.send";

/** What the outbox copy holds where a personal link is in the email. */
export const MAIL_LINK_MARK = "[personal link: only in the email delivered to the recipient, never kept here]";

/** Payload of a mail.send job. */
export interface MailSendPayload {
  mailId: string;
}

/** A message to queue. */
export interface QueueMailInput {
  orgId?: string | null;
  /** The mode the message belongs to; omit for mail about the organisation itself (listed with live mode). */
  mode?: Mode | null;
  to: string;
  subject: string;
  /** Plain text; holds `MAIL_LINK_MARK` exactly where `link` goes, when there is one. */
  text: string;
  html?: string | null;
  /** A personal link made at sending time by the module owning `kind` (hooks' `mailLinks`), from `ref`. */
  link?: { kind: string; ref: string };
  /** The sender's name and reply address (a brand's or organisation's); none keeps PLAUDIT_MAIL_FROM alone. */
  sender?: MailSender;
}

/** True when `to` is one plain address (a line break could smuggle extra headers or recipients). */
export const isOneAddress = (to: string) => /^[^\s@]+@[^\s@]+$/.test(to);

/**
 * Writes a message's outbox copy (one plain recipient address, a one-line subject), in the caller's transaction;
 * returns its id (`msg_…`). Its delivery job is the caller's: `queueMail` enqueues mail.send, bulk and stranger
 * mail wait their turn (turns.ts) with a job of their own kind.
 */
export function insertOutbox(db: Db, clock: Clock, input: QueueMailInput): string {
  const to = input.to.trim();
  if (!isOneAddress(to)) throw invalid("A mail recipient must be one email address.", "to");
  if (input.link && !input.text.includes(MAIL_LINK_MARK))
    throw new Error("a message with a personal link must hold MAIL_LINK_MARK where the link goes");
  const now = clock.now();
  const id = newId("mail", now);
  db.insert(mailOutbox)
    .values({
      id,
      orgId: input.orgId ?? null,
      mode: input.mode ?? null,
      to,
      subject: input.subject.replace(/[\r\n]+/g, " "),
      text: input.text,
      html: input.html ?? null,
      linkKind: input.link?.kind ?? null,
      linkRef: input.link?.ref ?? null,
      ...senderColumns(input.sender),
      createdAt: now,
    })
    .run();
  return id;
}

/** Writes the message to the outbox and enqueues its mail.send job; returns the message id (`msg_…`). */
export function queueMail(queue: JobQueue, input: QueueMailInput): string {
  const id = insertOutbox(queue.db, queue.clock, input);
  enqueue(queue, {
    kind: MAIL_SEND,
    payload: { mailId: id } satisfies MailSendPayload,
    orgId: input.orgId ?? null,
    mode: input.mode ?? null,
    priority: PRIORITY.delivery,
  });
  return id;
}

/** Outbox messages newest first: one organisation's, or with `orgId` null every message (the operator's view). */
export function listOutbox(db: Db, orgId: string | null, limit = 50): MailRow[] {
  const q = db.select().from(mailOutbox);
  return (orgId == null ? q : q.where(inOrg(mailOutbox, orgId)))
    .orderBy(desc(mailOutbox.id))
    .limit(Math.min(limit, 500))
    .all();
}

/** One outbox message, or null. */
export function getMail(db: Db, id: string): MailRow | null {
  return db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).get() ?? null;
}
