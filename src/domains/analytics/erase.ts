/**
 * An erased testimonial leaves no trace here either: its daily counts (rows naming its id) are deleted. Only
 * counts were ever kept, but the id would still say the testimonial once existed and how it did.
 */
import { eq } from "drizzle-orm";
import { systemCtx } from "../../platform/context";
import { unitOfWork, type Tx } from "../../platform/db/unit-of-work";
import type { EraseParticipant } from "../../platform/hooks";
import { analyticsDaily } from "./tables";
import { flushAnalytics } from "./collector";
import { forgetTargets } from "./targets";

/** Deletes the counts of an erased testimonial (in a unit of work of its organisation and mode). */
export const eraseCounts: EraseParticipant = (deps, erased) => {
  // Counts still in memory go first, and no kept target may name the testimonial any more.
  flushAnalytics(deps);
  forgetTargets(deps);
  unitOfWork(deps, systemCtx(erased.orgId, erased.mode, deps.clock), (tx) => dropCounts(tx, erased.id));
};

/** Deletes a testimonial's daily counts, in the caller's unit of work. */
export function dropCounts(tx: Tx, submissionId: string): void {
  tx.db.delete(analyticsDaily).where(eq(analyticsDaily.submissionId, submissionId)).run();
}
