/** One moderation action over many testimonials (the inbox's bulk actions); each is its own transaction. */
import type { Ctx } from "../../platform/context";
import type { Deps } from "../../platform/deps";
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
export function bulkModerate(
  deps: Deps,
  ctx: Ctx,
  action: BulkAction,
  ids: string[],
  reason?: string,
  options: BulkOptions = {},
) {
  if (action === "reject" && !reason?.trim()) throw invalid("Rejecting needs a reason.", "reason");
  const unique = [...new Set(ids)];
  const results = unique.map((id) => {
    try {
      const row = (() => {
        switch (action) {
          case "approve":
            return approve(deps, ctx, id);
          case "approve_and_publish":
            return approve(deps, ctx, id, { publish: true, hideWordsIfDraft: options.hideDraftWords });
          case "unapprove":
            return unapprove(deps, ctx, id);
          case "reject":
            return reject(deps, ctx, id, reason!);
          case "make_public":
            return setVisibility(deps, ctx, id, true, { hideWordsIfDraft: options.hideDraftWords });
          case "make_private":
            return setVisibility(deps, ctx, id, false);
          case "delete":
            return deleteSubmission(deps, ctx, id);
        }
      })();
      return {
        id,
        ok: true as const,
        submission: action === "delete" ? null : presentSubmission(row, deps.config.cdnUrl),
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
