/**
 * A testimonial's processing failed for good: modules that announce arrivals (alerts) declare a `processingFailed`
 * handler to hear it inside the failing transaction. There is no contract event for a failure (webhooks carry only
 * the contract's types), so this is a hook of its own, like shown changes. The handlers are those of the Deps that
 * own the database handle (`hooksOf(db)`, filled by src/composition.ts).
 */
import type { Db } from "../db/client";
import type { Ctx } from "../context";
import { hooksOf } from "../hooks";

/** Tells every `processingFailed` handler of this db's Deps (call inside the transaction that marked it failed). */
export function processingFailed(db: Db, ctx: Ctx, submissionId: string) {
  for (const l of hooksOf(db).failed) l(db, ctx, submissionId);
}
