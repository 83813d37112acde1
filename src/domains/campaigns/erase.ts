/**
 * When a testimonial is erased (removed by its respondent or deleted by the team), the campaigns module erases the
 * person from every request list of the organisation's mode: the recipient tied to that testimonial and every
 * recipient with the respondent's address lose their name and address, and the outbox copies of their requests and
 * reminders (which name them) are deleted. What stays is not personal: the status, for the campaign's counts, and the
 * address's HMAC, so an unsubscribe keeps holding. An organisation's deletion removes all of it (foreign keys cascade).
 */
import { and, eq, inArray, isNull, or } from "drizzle-orm";
import type { Deps } from "../../platform/deps";
import type { EraseParticipant } from "../../platform/hooks";
import { tx } from "../../platform/db/client";
import { mailOutbox } from "../../platform/mail/tables";
import { submissions } from "../submissions";
import { campaignRecipients } from "./tables";

/** Erases the people behind an erased testimonial from the organisation's request lists; returns how many. */
export function eraseRecipientsOf(deps: Deps, erased: { id: string; orgId: string; mode: string }): number {
  return tx(deps.db, (db) => {
    const email = db
      .select({ email: submissions.respondentEmail })
      .from(submissions)
      .where(eq(submissions.id, erased.id))
      .get()?.email;
    const who = or(
      eq(campaignRecipients.submissionId, erased.id),
      email
        ? and(
            eq(campaignRecipients.orgId, erased.orgId),
            eq(campaignRecipients.mode, erased.mode as "live" | "test"),
            eq(campaignRecipients.email, email.trim().toLowerCase()),
          )
        : undefined,
    );
    const rows = db
      .select({ id: campaignRecipients.id, a: campaignRecipients.mailId, b: campaignRecipients.reminderMailId })
      .from(campaignRecipients)
      .where(and(who, isNull(campaignRecipients.erasedAt)))
      .all();
    if (!rows.length) return 0;
    const mailIds = rows.flatMap((r) => [r.a, r.b]).filter((m): m is string => !!m);
    if (mailIds.length) db.delete(mailOutbox).where(inArray(mailOutbox.id, mailIds)).run();
    db.update(campaignRecipients)
      .set({ name: "", email: null, error: null, mailId: null, reminderMailId: null, erasedAt: deps.clock.now() })
      .where(
        inArray(
          campaignRecipients.id,
          rows.map((r) => r.id),
        ),
      )
      .run();
    return rows.length;
  });
}

/** The campaigns module's erase participant. */
export const eraseFromCampaigns: EraseParticipant = (deps, erased) => void eraseRecipientsOf(deps, erased);
