/**
 * The outbox keeps a copy of every email. Once a removal email has gone out over SMTP, the link in that copy is
 * replaced, so the token lives on only in the respondent's mailbox; a WAL checkpoint (TRUNCATE) drops the old page
 * images that still held it. A message still waiting for the server is looked at again later; one kept in the
 * outbox (no SMTP configured) or failed keeps its link, because the operator must forward it by hand.
 */
import { eq } from "drizzle-orm";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import type { Deps } from "../../platform/deps";
import { enqueue } from "../../platform/jobs/queue";
import type { JobRegistry } from "../../platform/jobs/worker";
import { mailOutbox } from "../../platform/mail/tables";

/** Job kind that removes the link from the outbox copy of a sent removal email. */
export const REDACT_JOB = "removal.redact_mail";

/** First look, after the mail job has had its chance to send. */
export const REDACT_AFTER_MS = 60_000;
/** Looks again while the message waits for a server that refused it for the moment. */
export const REDACT_RETRY_MS = 10 * 60_000;

const LINK = /\/remove\/[A-Za-z0-9_-]{16,}/g;

/** What stands where the link was. */
export const REDACTED = "/remove/[link removed from this copy once the email was sent]";

/** Schedules the redaction of a removal email's copy (in the caller's transaction). */
export function scheduleRedaction(db: Db, clock: Clock, mailId: string, afterMs = REDACT_AFTER_MS) {
  enqueue(db, clock, { kind: REDACT_JOB, payload: { mailId }, runAt: clock.now() + afterMs, dedupeKey: `${REDACT_JOB}:${mailId}` });
}

/** Redacts the link once the message was sent; reschedules while it waits; keeps it otherwise. */
export function redactSentMail(deps: Deps, mailId: string): "redacted" | "waiting" | "kept" {
  const row = deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, mailId)).get();
  if (!row) return "kept";
  if (row.status === "queued") {
    scheduleRedaction(deps.db, deps.clock, mailId, REDACT_RETRY_MS);
    return "waiting";
  }
  if (row.status !== "sent") return "kept";
  const text = row.text.replace(LINK, REDACTED);
  if (text !== row.text) {
    deps.db.update(mailOutbox).set({ text }).where(eq(mailOutbox.id, mailId)).run();
    deps.db.$client.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  }
  return "redacted";
}

/** Registers the redaction job kind. */
export function registerRemovalJobs(registry: JobRegistry): JobRegistry {
  return registry.register<{ mailId: string }>(REDACT_JOB, { handle: async (job, deps) => void redactSentMail(deps, job.payload.mailId), maxAttempts: 5 });
}
