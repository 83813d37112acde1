/**
 * When a testimonial is erased, its removal email goes too: the outbox message names the respondent and holds
 * their address. The removal row stays (a token hash and a testimonial id, nothing personal), so the link keeps
 * answering "already removed". Registered when this module loads.
 */
import { eq, inArray } from "drizzle-orm";
import type { Deps } from "../../platform/deps";
import { tx } from "../../platform/db/client";
import { mailOutbox } from "../../platform/mail/tables";
import type { EraseParticipant } from "../../platform/hooks";
import { removals } from "./tables";

/** Deletes the removal email of an erased testimonial. */
export function eraseRemovalMail(deps: Deps, submissionId: string) {
  tx(deps.db, (db) => {
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
  });
}

/** The removals module's erase participant: the testimonial's removal mail goes with it. */
export const eraseRemovalMailOf: EraseParticipant = (deps, erased) => eraseRemovalMail(deps, erased.id);
