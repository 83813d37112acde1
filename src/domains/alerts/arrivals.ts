/**
 * When a testimonial counts as arrived, and the emails of members who want each one. A written testimonial arrives
 * when it is received (`submission.ready` follows `submission.created` at once); a recording when it is processed
 * (`submission.ready`: there is a transcript excerpt and a poster to show), or when its processing fails for good
 * (the `processingFailed` hook): the team still hears that someone sent one, with what failed and what to do, and no
 * buttons, since nothing can be published. Imports emit neither and never alert: their authors wrote elsewhere and
 * the team brought them in itself. A testimonial arrives once: processing it again changes the outcome but sends
 * nothing new.
 *
 * Everything runs inside the unit of work that made the testimonial ready (or failed), so an alert is queued exactly
 * when that change commits. It must never cost the testimonial: a failure to queue one member's alert is logged and
 * rolled back to its own savepoint.
 */
import type { Tx } from "../../platform/db/unit-of-work";
import { and, count, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import type { Event } from "../../platform/events/emit";
import { submissions, type SubmissionRow } from "../submissions";
import { alertArrivals, alertMails, alertNotices, type ArrivalOutcome } from "./tables";
import { recipientsOf, type AlertMember } from "./recipients";
import { queueAlertMail } from "./queue";
import { inSavepoint } from "./savepoint";

/** At most this many single alerts per member an hour; past it the rest wait for one roll-up (digest.ts). */
export const EACH_PER_HOUR = 20;

const HOUR_MS = 3600_000;

/** True when the member got `EACH_PER_HOUR` single alerts in the last hour. */
function overCap(db: Db, member: AlertMember, now: number): boolean {
  const n =
    db
      .select({ n: count() })
      .from(alertMails)
      .where(
        and(
          eq(alertMails.memberId, member.memberId),
          eq(alertMails.kind, "each"),
          gt(alertMails.createdAt, now - HOUR_MS),
        ),
      )
      .get()?.n ?? 0;
  return n >= EACH_PER_HOUR;
}

const told = (db: Db, memberId: string, submissionId: string) =>
  !!db
    .select({ m: alertNotices.memberId })
    .from(alertNotices)
    .where(and(eq(alertNotices.memberId, memberId), eq(alertNotices.submissionId, submissionId)))
    .get();

/** Records the arrival and queues the single alerts; in the caller's unit of work, each member's in a savepoint. */
function arrive(tx: Tx, row: SubmissionRow, outcome: ArrivalOutcome): void {
  const { db, deps } = tx;
  const now = deps.clock.now();
  const before = db.select().from(alertArrivals).where(eq(alertArrivals.submissionId, row.id)).get();
  if (before) {
    if (before.outcome !== outcome)
      db.update(alertArrivals).set({ outcome }).where(eq(alertArrivals.submissionId, row.id)).run();
    return;
  }
  db.insert(alertArrivals)
    .values({ submissionId: row.id, orgId: row.orgId, mode: row.mode, brandId: row.brandId, outcome, arrivedAt: now })
    .run();
  for (const member of recipientsOf(db, row.orgId, row.mode, row.brandId, "each")) {
    if (told(db, member.memberId, row.id)) continue;
    inSavepoint(
      tx,
      () => {
        if (overCap(db, member, now))
          db.insert(alertNotices)
            .values({
              memberId: member.memberId,
              submissionId: row.id,
              orgId: row.orgId,
              mode: row.mode,
              createdAt: now,
            })
            .run();
        else
          queueAlertMail(tx, {
            orgId: row.orgId,
            mode: row.mode,
            member,
            kind: "each",
            items: [{ row, outcome }],
          });
      },
      (e) =>
        deps.log.warn("alert not queued", {
          submission: row.id,
          member: member.memberId,
          error: e instanceof Error ? e.message : String(e),
        }),
    );
  }
}

/** The collected, not deleted testimonial of an id, or null. */
function collected(db: Db, id: unknown): SubmissionRow | null {
  if (typeof id !== "string") return null;
  const row = db
    .select()
    .from(submissions)
    .where(and(eq(submissions.id, id), isNull(submissions.deletedAt)))
    .get();
  return row && row.origin === "collected" ? row : null;
}

/** The alerts module's `submission.ready` handler. */
export function alertOnReady(tx: Tx, event: Event): void {
  if (event.type !== "submission.ready") return;
  const row = collected(tx.db, (event.data as { id?: unknown }).id);
  if (!row || row.status !== "ready") return;
  guarded(tx, row.id, () => arrive(tx, row, "ready"));
}

/** The alerts module's `processingFailed` listener: a received recording that failed for good. */
export function alertOnFailed(tx: Tx, submissionId: string): void {
  const row = collected(tx.db, submissionId);
  // One refused before it was fully received (not a recording at all) never arrived: the respondent was told at once.
  if (!row || row.receivedAt === null) return;
  guarded(tx, row.id, () => arrive(tx, row, "failed"));
}

/** Runs `work` in a savepoint; a failure is logged and never rolls back the testimonial's own change. */
function guarded(tx: Tx, submissionId: string, work: () => void) {
  inSavepoint(tx, work, (e) =>
    tx.deps.log.warn("alerts skipped", { submission: submissionId, error: e instanceof Error ? e.message : String(e) }),
  );
}
