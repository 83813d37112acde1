/**
 * Moderation: approve, un-approve, reject with a reason, change visibility, delete. Each change is done in the
 * caller's unit of work (`Tx`: a command's, one per testimonial in a bulk action) with its event, its audit row, the publishing of media (or its withdrawal) and the notice to
 * whatever shows testimonials. The words themselves are never changed here.
 */
import { eq } from "drizzle-orm";
import type { Tx } from "../../platform/db/unit-of-work";
import { AppError, invalid } from "../../platform/errors";
import { submissions } from "./tables";
import { getSubmissionRow } from "./read";
import { submissionEventData, type SubmissionRow } from "./present";
import { isShown } from "./visibility";
import { syncPublicMedia } from "./public-media";
import { unindexSubmission } from "./search";
import { schedulePurge } from "./purge";
import { assertPublishable } from "./publishable";

type Patch = Partial<
  Pick<
    SubmissionRow,
    "isApproved" | "approvedAt" | "isPublic" | "rejectedAt" | "rejectionReason" | "deletedAt" | "hideWords"
  >
>;

/** Applies a change and everything that follows from it, in the caller's unit of work. */
export function applyModeration(
  tx: Tx,
  row: SubmissionRow,
  patch: Patch,
  action: string,
  details?: Record<string, unknown>,
): SubmissionRow {
  const updated = tx.db
    .update(submissions)
    .set({ ...patch, updatedAt: tx.ctx.clock.now() })
    .where(eq(submissions.id, row.id))
    .returning()
    .get()!;
  tx.audit(action, row.id, details);
  syncPublicMedia(tx, updated);
  if (isShown(row) || isShown(updated)) tx.shown({ brandId: row.brandId, submissionId: row.id, reason: action });
  return updated;
}

function decidable(row: SubmissionRow) {
  if (row.status === "uploading") throw new AppError("not_ready", 409, "This testimonial is still being uploaded.");
}

/** How a moderation step sets whether public places show a recording's words. */
export interface WordsOptions {
  /** true: show the recording without its words; false: with them; absent: as it is. */
  hideWords?: boolean;
  /** Hide the words only when they are an unchecked machine draft (bulk actions: the inbox asked once for all). */
  hideWordsIfDraft?: boolean;
}

/** What `approve` does with the public flag in the same step (the route's optional `publish` field). */
export interface ApproveOptions extends WordsOptions {
  /** true: also make it public ("Approve & publish"); false: also make it private; absent: leave visibility as it is. */
  publish?: boolean;
}

/** The words setting a step leaves: refused for a written testimonial, which is nothing but its words. */
function wordsSetting(row: SubmissionRow, o: WordsOptions): boolean {
  const wanted = o.hideWords ?? (o.hideWordsIfDraft && row.kind !== "text" && row.wordsDraft ? true : undefined);
  if (wanted === undefined) return row.hideWords;
  if (wanted && row.kind === "text")
    throw invalid("A written testimonial is its words: only a recording can be shown without them.", "hide_words");
  return wanted;
}

/** The audit action of a step that changes only whether the words are shown. */
const wordsAction = (hidden: boolean) => (hidden ? "submission.words_hidden" : "submission.words_shown");

/**
 * Approves a testimonial (clearing any rejection); emits `submission.approved` when it was not approved. With
 * `publish`, the public flag is set in the same transaction, so the testimonial goes live in one step (one
 * rebuild of what shows it, never a moment approved-but-private in between). An approval that leaves it public
 * is refused (409) for a testimonial that cannot be published (publishable.ts); approving only is not.
 */
export function approve(tx: Tx, id: string, options: ApproveOptions = {}): SubmissionRow {
  const { ctx } = tx;
  const row = getSubmissionRow(tx, id);
  const visibility = options.publish === undefined || options.publish === row.isPublic ? null : options.publish;
  const hideWords = wordsSetting(row, options);
  // Asked to publish: why it cannot be published is the answer, before anything about approving.
  if (visibility) assertPublishable(row, hideWords);
  decidable(row);
  const approving = !(row.isApproved && !row.rejectedAt);
  const wordsChange = hideWords !== row.hideWords;
  if (!approving && visibility === null && !wordsChange) return row;
  if (visibility ?? row.isPublic) assertPublishable(row, hideWords);
  const patch: Patch = approving
    ? { isApproved: true, approvedAt: ctx.clock.now(), rejectedAt: null, rejectionReason: null }
    : {};
  if (visibility !== null) patch.isPublic = visibility;
  if (wordsChange) patch.hideWords = hideWords;
  const action = approving
    ? "submission.approved"
    : visibility !== null
      ? visibility
        ? "submission.made_public"
        : "submission.made_private"
      : wordsAction(hideWords);
  // The audit row names what changed beside the action itself.
  const details: Record<string, unknown> = {};
  if (approving && visibility !== null) details.is_public = visibility;
  if (wordsChange && action !== wordsAction(hideWords)) details.hide_words = hideWords;
  const updated = applyModeration(tx, row, patch, action, Object.keys(details).length ? details : undefined);
  if (approving) tx.emit("submission.approved", submissionEventData(updated));
  return updated;
}

/** Withdraws an approval: the testimonial waits for a decision again and stops being shown. */
export function unapprove(tx: Tx, id: string): SubmissionRow {
  const row = getSubmissionRow(tx, id);
  if (!row.isApproved) return row;
  return applyModeration(tx, row, { isApproved: false, approvedAt: null }, "submission.unapproved");
}

/** Rejects with a reason (1–500 characters, kept for the team); emits `submission.rejected`. */
export function reject(tx: Tx, id: string, reason: string): SubmissionRow {
  const text = reason.trim();
  if (!text || text.length > 500)
    throw invalid(
      "Give a reason of 1 to 500 characters; it is kept for the team, never shown to the respondent.",
      "reason",
    );
  const row = getSubmissionRow(tx, id);
  decidable(row);
  const updated = applyModeration(
    tx,
    row,
    { isApproved: false, approvedAt: null, rejectedAt: tx.ctx.clock.now(), rejectionReason: text },
    "submission.rejected",
    { reason: text },
  );
  tx.emit("submission.rejected", submissionEventData(updated));
  return updated;
}

/**
 * Sets the public flag (and, with `hideWords`, whether the words are shown). Making public, or showing the words
 * of a public testimonial, is refused (409) when it cannot be published (publishable.ts).
 */
export function setVisibility(tx: Tx, id: string, isPublic: boolean, options: WordsOptions = {}): SubmissionRow {
  const row = getSubmissionRow(tx, id);
  const hideWords = wordsSetting(row, options);
  const wordsChange = hideWords !== row.hideWords;
  if (row.isPublic === isPublic && !wordsChange) return row;
  if (isPublic) assertPublishable(row, hideWords);
  const patch: Patch = { isPublic };
  if (wordsChange) patch.hideWords = hideWords;
  if (row.isPublic === isPublic) return applyModeration(tx, row, patch, wordsAction(hideWords));
  return applyModeration(
    tx,
    row,
    patch,
    isPublic ? "submission.made_public" : "submission.made_private",
    wordsChange ? { hide_words: hideWords } : undefined,
  );
}

/**
 * Hides a testimonial everywhere and takes it out of search at once (an imported review's place is freed), then
 * a purge job erases its files and details moments later. In the caller's unit of work.
 */
export function softDelete(tx: Tx, row: SubmissionRow, action = "submission.deleted"): SubmissionRow {
  const updated = applyModeration(tx, row, { deletedAt: tx.ctx.clock.now() }, action);
  unindexSubmission(tx.db, row.id);
  schedulePurge(tx, row.id);
  return updated;
}

/** Deletes a testimonial of the context; a second delete is a 404. */
export const deleteSubmission = (tx: Tx, id: string): SubmissionRow => softDelete(tx, getSubmissionRow(tx, id));
