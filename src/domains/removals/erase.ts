/**
 * When a testimonial is erased, its removal email goes too: the outbox message names the respondent and holds
 * their address. The removal row stays (a token hash and a testimonial id, nothing personal), so the link keeps
 * answering "already removed". When the respondent asked for the erasure through that link (sent to their address,
 * so it proves the address is theirs), the organisation's request lists forget that address as well.
 */
import { eq, inArray } from "drizzle-orm";
import type { Deps } from "../../platform/deps";
import { systemCtx, type Mode } from "../../platform/context";
import { unitOfWork, type Tx } from "../../platform/db/unit-of-work";
import { mailOutbox } from "../../platform/mail/tables";
import type { EraseParticipant, GoingBrand } from "../../platform/hooks";
import { eraseRecipientsByAddress } from "../campaigns";
import { removals, thankYouSent } from "./tables";

/** Deletes the removal email of an erased testimonial, in the caller's unit of work. */
export function eraseRemovalMail(tx: Tx, submissionId: string) {
  const { db } = tx;
  const mailIds = db
    .select({ mailId: removals.mailId })
    .from(removals)
    .where(eq(removals.submissionId, submissionId))
    .all()
    .map((r) => r.mailId)
    .filter((m): m is string => !!m);
  if (!mailIds.length) return;
  db.delete(mailOutbox).where(inArray(mailOutbox.id, mailIds)).run();
  db.update(removals).set({ mailId: null }).where(eq(removals.submissionId, submissionId)).run();
}

/**
 * The removals module's erase participant: the testimonial's removal mail goes with it, and, when its respondent
 * used the removal link, every request-list entry of their address.
 */
export const eraseRemovalMailOf: EraseParticipant = (deps, erased) => {
  const used = deps.db
    .select({ usedAt: removals.usedAt })
    .from(removals)
    .where(eq(removals.submissionId, erased.id))
    .get()?.usedAt;
  const email = erased.respondentEmail;
  if (used != null && email) eraseRecipientsByAddress(deps, { orgId: erased.orgId, mode: erased.mode, email });
  unitOfWork(deps, systemCtx(erased.orgId, erased.mode as Mode, deps.clock), (tx) => eraseRemovalMail(tx, erased.id));
};

/**
 * The removals module's part in a brand's deletion: the brand's "thank-you sent today" marks go (an HMAC of each
 * address, per brand); each testimonial's removal email went with its erasure, and its removal row goes with the
 * testimonial's row.
 */
export const forgetBrandThankYous = {
  erase: async (deps: Deps, brand: GoingBrand): Promise<number> => {
    deps.db.delete(thankYouSent).where(eq(thankYouSent.brandId, brand.id)).run();
    return 0;
  },
};
