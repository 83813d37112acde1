/**
 * For removal emails queued before the link was kept out of the outbox altogether (send.ts): their outbox copy
 * still holds the link. This job (scheduled for those messages back then) replaces it once the message is no longer
 * waiting for the server, whatever became of it (sent, kept without SMTP, failed), so no copy shows the link to the
 * organisation; a WAL checkpoint (TRUNCATE) drops the old page images that still held it. New messages never hold it.
 */
import { eq } from "drizzle-orm";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import type { Deps } from "../../platform/deps";
import { enqueue, type JobQueue } from "../../platform/jobs/queue";
import type { JobRegistry } from "../../platform/jobs/worker";
import { mailOutbox } from "../../platform/mail/tables";
import { registerRemovalMailJob } from "./send";

/** Job kind that removes the link from the outbox copy of a sent removal email. */
export const REDACT_JOB = "removal.redact_mail";

/** First look, after the mail job has had its chance to send. */
export const REDACT_AFTER_MS = 60_000;
/** Looks again while the message waits for a server that refused it for the moment. */
export const REDACT_RETRY_MS = 10 * 60_000;

const LINK = /\/remove\/[A-Za-z0-9_-]{16,}/g;

/** What stands where the link was. */
export const REDACTED = "/remove/[link removed from this copy]";

/** Schedules the redaction of a removal email's copy (in the caller's transaction). */
export function scheduleRedaction(queue: JobQueue, mailId: string, afterMs = REDACT_AFTER_MS) {
  enqueue(queue, {
    kind: REDACT_JOB,
    payload: { mailId },
    runAt: queue.clock.now() + afterMs,
    dedupeKey: `${REDACT_JOB}:${mailId}`,
  });
}

/** Redacts the link once the message is no longer waiting; reschedules while it waits. */
export function redactSentMail(deps: Deps, mailId: string): "redacted" | "waiting" | "kept" {
  const row = deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, mailId)).get();
  if (!row) return "kept";
  if (row.status === "queued") {
    scheduleRedaction(deps, mailId, REDACT_RETRY_MS);
    return "waiting";
  }
  const text = row.text.replace(LINK, REDACTED);
  if (text !== row.text) {
    deps.db.update(mailOutbox).set({ text }).where(eq(mailOutbox.id, mailId)).run();
    deps.db.$client.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  }
  return "redacted";
}

/** Registers the removal job kinds: sending removal emails, and redacting the copies of older ones. */
export function registerRemovalJobs(registry: JobRegistry): JobRegistry {
  registerRemovalMailJob(registry);
  return registry.register<{ mailId: string }>(REDACT_JOB, {
    handle: async (job, deps) => void redactSentMail(deps, job.payload.mailId),
    maxAttempts: 5,
  });
}
