/**
 * An erased testimonial leaves no trace here either: its daily counts (rows naming its id) are deleted. Only
 * counts were ever kept, but the id would still say the testimonial once existed and how it did.
 */
import { eq } from "drizzle-orm";
import type { EraseParticipant } from "../../platform/hooks";
import { analyticsDaily } from "./tables";
import { flushAnalytics } from "./collector";
import { forgetTargets } from "./targets";

/** Deletes the counts of an erased testimonial. */
export const eraseCounts: EraseParticipant = (deps, erased) => {
  // Counts still in memory go first, and no kept target may name the testimonial any more.
  flushAnalytics(deps);
  forgetTargets(deps);
  deps.db.delete(analyticsDaily).where(eq(analyticsDaily.submissionId, erased.id)).run();
};
