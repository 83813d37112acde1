/**
 * When a testimonial is erased (removed by its respondent or deleted by the team), the campaigns module erases the
 * person from the request lists: the recipient tied to that testimonial through their personal link loses name and
 * address, and the outbox copies of their requests and reminders (which name them) are deleted. Every other
 * recipient with the same address is erased too only when the erasure was asked through the removal link emailed to
 * that address (the removals module calls `eraseRecipientsByAddress`): an address typed into the public form proves
 * nothing, and deleting a stranger's testimonial must not take the real person off a list. What stays is not
 * personal: the status, for the campaign's counts, and the address's HMAC, so an unsubscribe keeps holding. An
 * organisation's deletion removes all of it (foreign keys cascade).
 */
import { and, eq, inArray, isNull, type SQL } from "drizzle-orm";
import { scoped } from "../../platform/db/tenancy";
import { systemCtx, type Mode } from "../../platform/context";
import type { Deps } from "../../platform/deps";
import type { ErasedTestimonial, EraseParticipant } from "../../platform/hooks";
import { unitOfWork, type Tx } from "../../platform/db/unit-of-work";
import { mailOutbox } from "../../platform/mail/tables";
import { campaignRecipients } from "./tables";

/** Erases the recipients `who` selects (name, address, the outbox copies naming them), in the unit; returns how many. */
function eraseRecipients(tx: Tx, who: SQL | undefined): number {
  const { db } = tx;
  const rows = db
    .select({ id: campaignRecipients.id, a: campaignRecipients.mailId, b: campaignRecipients.reminderMailId })
    .from(campaignRecipients)
    .where(and(who, isNull(campaignRecipients.erasedAt)))
    .all();
  if (!rows.length) return 0;
  const mailIds = rows.flatMap((r) => [r.a, r.b]).filter((m): m is string => !!m);
  if (mailIds.length) db.delete(mailOutbox).where(inArray(mailOutbox.id, mailIds)).run();
  db.update(campaignRecipients)
    .set({ name: "", email: null, error: null, mailId: null, reminderMailId: null, erasedAt: tx.ctx.clock.now() })
    .where(
      inArray(
        campaignRecipients.id,
        rows.map((r) => r.id),
      ),
    )
    .run();
  return rows.length;
}

/**
 * Erases the recipient who sent an erased testimonial through their personal link, in a unit of work of the
 * testimonial's organisation and mode; returns how many (0 or 1).
 */
export function eraseRecipientsOf(deps: Deps, erased: Pick<ErasedTestimonial, "id" | "orgId" | "mode">): number {
  return unitOfWork(deps, systemCtx(erased.orgId, erased.mode, deps.clock), (tx) =>
    eraseRecipients(tx, eq(campaignRecipients.submissionId, erased.id)),
  );
}

/**
 * Erases every recipient of the unit's organisation and mode with this address: for an erasure its owner asked for
 * through a link sent to that very address (the removal link). Returns how many.
 */
export function eraseAddressRecipients(tx: Tx, email: string): number {
  return eraseRecipients(
    tx,
    and(
      scoped(campaignRecipients, { orgId: tx.ctx.orgId, mode: tx.ctx.mode }),
      eq(campaignRecipients.email, email.trim().toLowerCase()),
    ),
  );
}

/** `eraseAddressRecipients` in a unit of work of that organisation and mode (for callers without one). */
export function eraseRecipientsByAddress(deps: Deps, who: { orgId: string; mode: Mode; email: string }): number {
  return unitOfWork(deps, systemCtx(who.orgId, who.mode, deps.clock), (tx) => eraseAddressRecipients(tx, who.email));
}

/** The campaigns module's erase participant. */
export const eraseFromCampaigns: EraseParticipant = (deps, erased) => void eraseRecipientsOf(deps, erased);
