/**
 * One moderation action over many testimonials (the inbox's bulk actions), in the caller's unit of work; each
 * testimonial's change is a savepoint of it, so one that fails rolls back alone and the rest commit together.
 */
import type { Tx } from "../../platform/db/unit-of-work";
import { AppError, invalid } from "../../platform/errors";
import { approve, deleteSubmission, reject, setVisibility, unapprove } from "./moderation";
import { presentSubmission } from "./present";

/** Actions the bulk route takes. */
export const BULK_ACTIONS = [
  "approve",
  "approve_and_publish",
  "unapprove",
  "reject",
  "make_public",
  "make_private",
  "delete",
] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** Options of a bulk action beside its reason. */
export interface BulkOptions {
  /**
   * Publishing actions: publish recordings whose words are an unchecked machine draft without their words, instead
   * of skipping them (`words_unchecked`).
   */
  hideDraftWords?: boolean;
}

/**
 * Runs `action` on each id; one failing id does not stop the others. Publishing actions skip what cannot be
 * published (failed, unfinished, deleted; unchecked drafts unless `hideDraftWords`), each listed with its reason.
 */
export function bulkModerate(tx: Tx, action: BulkAction, ids: string[], reason?: string, options: BulkOptions = {}) {
  if (action === "reject" && !reason?.trim()) throw invalid("Rejecting needs a reason.", "reason");
  const unique = [...new Set(ids)];
  const results = unique.map((id) => {
    try {
      const row = tx.savepoint(() => {
        switch (action) {
          case "approve":
            return approve(tx, id);
          case "approve_and_publish":
            return approve(tx, id, { publish: true, hideWordsIfDraft: options.hideDraftWords });
          case "unapprove":
            return unapprove(tx, id);
          case "reject":
            return reject(tx, id, reason!);
          case "make_public":
            return setVisibility(tx, id, true, { hideWordsIfDraft: options.hideDraftWords });
          case "make_private":
            return setVisibility(tx, id, false);
          case "delete":
            return deleteSubmission(tx, id);
        }
      });
      return {
        id,
        ok: true as const,
        submission: action === "delete" ? null : presentSubmission(row, tx.deps.config.cdnUrl),
      };
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      return { id, ok: false as const, error: { code: e.code, message: e.message } };
    }
  });
  return {
    action,
    succeeded: results.filter((r) => r.ok).length,
    failed: results.filter((r) => !r.ok).length,
    results,
  };
}
