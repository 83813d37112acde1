/**
 * A testimonial's processing failed for good: modules that announce arrivals (alerts) declare a `processingFailed`
 * handler to hear it inside the failing unit of work. There is no contract event for a failure (webhooks carry only
 * the contract's types), so this is a hook of its own, like shown changes, run from the unit's Deps' hooks.
 */
import type { Tx } from "../db/unit-of-work";

/** Tells every `processingFailed` handler of the unit's Deps (call in the unit that marked the testimonial failed). */
export function processingFailed(tx: Tx, submissionId: string) {
  for (const l of tx.deps.hooks.failed) l(tx.db, tx.ctx, submissionId);
}
