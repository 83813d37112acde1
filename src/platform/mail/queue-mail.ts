/**
 * Queueing mail. The outbox row and its mail.send job are written in the caller's transaction, so a message is
 * sent exactly when the change that caused it commits (and never for a change that rolled back).
 */
import { desc, eq } from "drizzle-orm";
import type { Clock } from "../clock";
import type { Db } from "../db/client";
import { invalid } from "../errors";
import { newId } from "../ids";
import { enqueue } from "../jobs/queue";
import { PRIORITY } from "../jobs/tables";
import { mailOutbox, type MailRow } from "./tables";

/** The job kind that sends one outbox message. */
export const MAIL_SEND = "mail.send";

/** Payload of a mail.send job. */
export interface MailSendPayload {
  mailId: string;
}

/** A message to queue. */
export interface QueueMailInput {
  orgId?: string | null;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
}

/** Writes the message to the outbox and enqueues its mail.send job; returns the message id (`msg_…`). */
export function queueMail(db: Db, clock: Clock, input: QueueMailInput): string {
  const to = input.to.trim();
  // One plain address: a line break could smuggle extra headers or recipients.
  if (!/^[^\s@]+@[^\s@]+$/.test(to)) throw invalid("A mail recipient must be one email address.", "to");
  const now = clock.now();
  const id = newId("mail", now);
  db.insert(mailOutbox)
    .values({
      id,
      orgId: input.orgId ?? null,
      to,
      subject: input.subject.replace(/[\r\n]+/g, " "),
      text: input.text,
      html: input.html ?? null,
      createdAt: now,
    })
    .run();
  enqueue(db, clock, {
    kind: MAIL_SEND,
    payload: { mailId: id } satisfies MailSendPayload,
    orgId: input.orgId ?? null,
    priority: PRIORITY.delivery,
  });
  return id;
}

/** Outbox messages newest first: one organisation's, or with `orgId` null every message (the operator's view). */
export function listOutbox(db: Db, orgId: string | null, limit = 50): MailRow[] {
  const q = db.select().from(mailOutbox);
  return (orgId == null ? q : q.where(eq(mailOutbox.orgId, orgId)))
    .orderBy(desc(mailOutbox.id))
    .limit(Math.min(limit, 500))
    .all();
}

/** One outbox message, or null. */
export function getMail(db: Db, id: string): MailRow | null {
  return db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).get() ?? null;
}
