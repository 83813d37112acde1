/**
 * The alerts module's erase participant: an erased testimonial (deleted, removed by its respondent, or its brand
 * deleted) leaves no copy in alert emails. The outbox copies that quote it (its words, its respondent's name) are
 * deleted; an email still waiting to leave is withdrawn, and the other testimonials it listed wait for the next hourly
 * roll-up instead. Its arrival and notices go too. Its buttons stay (they hold ids only), so a click on one in an
 * email already delivered says plainly that the testimonial was deleted or removed.
 */
import { and, eq, inArray, ne } from "drizzle-orm";
import { systemCtx } from "../../platform/context";
import { unitOfWork, type Tx } from "../../platform/db/unit-of-work";
import type { Deps } from "../../platform/deps";
import type { ErasedTestimonial } from "../../platform/hooks";
import { mailOutbox } from "../../platform/mail/tables";
import { alertArrivals, alertButtons, alertNotices } from "./tables";

/** Removes every alert copy of an erased testimonial, in its own unit of work (of the testimonial's org and mode). */
export function eraseAlertsOf(deps: Deps, erased: ErasedTestimonial): void {
  unitOfWork(deps, systemCtx(erased.orgId, erased.mode, deps.clock), (tx) => removeAlertCopies(tx, erased.id));
}

/** Removes every alert copy of a testimonial, in the caller's unit of work. */
export function removeAlertCopies(tx: Tx, submissionId: string): void {
  const { db } = tx;
  const mailIds = [
    ...new Set([
      ...db
        .select({ id: alertNotices.mailId })
        .from(alertNotices)
        .where(eq(alertNotices.submissionId, submissionId))
        .all()
        .map((n) => n.id),
      ...db
        .select({ id: alertButtons.mailId })
        .from(alertButtons)
        .where(eq(alertButtons.submissionId, submissionId))
        .all()
        .map((b) => b.id),
    ]),
  ].filter((id): id is string => !!id);
  if (mailIds.length) {
    const waiting = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(inArray(mailOutbox.id, mailIds), eq(mailOutbox.status, "queued")))
      .all()
      .map((m) => m.id);
    if (waiting.length)
      db.update(alertNotices)
        .set({ mailId: null })
        .where(and(inArray(alertNotices.mailId, waiting), ne(alertNotices.submissionId, submissionId)))
        .run();
    // The alert_mails rows go with the outbox rows (foreign key).
    db.delete(mailOutbox).where(inArray(mailOutbox.id, mailIds)).run();
  }
  db.delete(alertNotices).where(eq(alertNotices.submissionId, submissionId)).run();
  db.delete(alertArrivals).where(eq(alertArrivals.submissionId, submissionId)).run();
}
