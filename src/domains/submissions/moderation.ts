/**
 * Moderation: approve, un-approve, reject with a reason, change visibility, delete. Each change is one
 * transaction with its event, its audit row, the publishing of media (or its withdrawal) and the notice to
 * whatever shows testimonials. The words themselves are never changed here.
 */
import { eq } from "drizzle-orm";
import type { Ctx } from "../../platform/context";
import type { Deps } from "../../platform/deps";
import { tx, type Db } from "../../platform/db/client";
import { emit } from "../../platform/events/emit";
import { audit } from "../../platform/audit/audit";
import { AppError, invalid } from "../../platform/errors";
import { submissions } from "./tables";
import { getSubmissionRow } from "./read";
import { submissionEventData, type SubmissionRow } from "./present";
import { isShown } from "./visibility";
import { shownChanged } from "../../platform/events/publication";
import { syncPublicMedia } from "./public-media";
import { unindexSubmission } from "./search";
import { schedulePurge } from "./purge";

type Patch = Partial<
  Pick<SubmissionRow, "isApproved" | "approvedAt" | "isPublic" | "rejectedAt" | "rejectionReason" | "deletedAt">
>;

/** Applies a change and everything that follows from it, in the caller's transaction. */
export function applyModeration(
  deps: Deps,
  db: Db,
  ctx: Ctx,
  row: SubmissionRow,
  patch: Patch,
  action: string,
  details?: Record<string, unknown>,
): SubmissionRow {
  const updated = db
    .update(submissions)
    .set({ ...patch, updatedAt: ctx.clock.now() })
    .where(eq(submissions.id, row.id))
    .returning()
    .get()!;
  audit(db, ctx, action, row.id, details);
  syncPublicMedia(db, deps.storage, ctx, updated);
  if (isShown(row) || isShown(updated))
    shownChanged(db, ctx, { brandId: row.brandId, submissionId: row.id, reason: action });
  return updated;
}

function decidable(row: SubmissionRow) {
  if (row.status === "uploading") throw new AppError("not_ready", 409, "This testimonial is still being uploaded.");
}

/** What `approve` does with the public flag in the same step (the route's optional `publish` field). */
export interface ApproveOptions {
  /** true: also make it public ("Approve & publish"); false: also make it private; absent: leave visibility as it is. */
  publish?: boolean;
}

/**
 * Approves a testimonial (clearing any rejection); emits `submission.approved` when it was not approved. With
 * `publish`, the public flag is set in the same transaction, so the testimonial goes live in one step (one
 * rebuild of what shows it, never a moment approved-but-private in between).
 */
export function approve(deps: Deps, ctx: Ctx, id: string, options: ApproveOptions = {}): SubmissionRow {
  return tx(deps.db, (db) => {
    const row = getSubmissionRow(db, ctx, id);
    decidable(row);
    const approving = !(row.isApproved && !row.rejectedAt);
    const visibility = options.publish === undefined || options.publish === row.isPublic ? null : options.publish;
    if (!approving && visibility === null) return row;
    const patch: Patch = approving
      ? { isApproved: true, approvedAt: ctx.clock.now(), rejectedAt: null, rejectionReason: null }
      : {};
    if (visibility !== null) patch.isPublic = visibility;
    const action = approving
      ? "submission.approved"
      : visibility
        ? "submission.made_public"
        : "submission.made_private";
    const updated = applyModeration(
      deps,
      db,
      ctx,
      row,
      patch,
      action,
      approving && visibility !== null ? { is_public: visibility } : undefined,
    );
    if (approving) emit(db, ctx, "submission.approved", submissionEventData(updated));
    return updated;
  });
}

/** Withdraws an approval: the testimonial waits for a decision again and stops being shown. */
export function unapprove(deps: Deps, ctx: Ctx, id: string): SubmissionRow {
  return tx(deps.db, (db) => {
    const row = getSubmissionRow(db, ctx, id);
    if (!row.isApproved) return row;
    return applyModeration(deps, db, ctx, row, { isApproved: false, approvedAt: null }, "submission.unapproved");
  });
}

/** Rejects with a reason (1–500 characters, kept for the team); emits `submission.rejected`. */
export function reject(deps: Deps, ctx: Ctx, id: string, reason: string): SubmissionRow {
  const text = reason.trim();
  if (!text || text.length > 500)
    throw invalid(
      "Give a reason of 1 to 500 characters; it is kept for the team, never shown to the respondent.",
      "reason",
    );
  return tx(deps.db, (db) => {
    const row = getSubmissionRow(db, ctx, id);
    decidable(row);
    const updated = applyModeration(
      deps,
      db,
      ctx,
      row,
      { isApproved: false, approvedAt: null, rejectedAt: ctx.clock.now(), rejectionReason: text },
      "submission.rejected",
      { reason: text },
    );
    emit(db, ctx, "submission.rejected", submissionEventData(updated));
    return updated;
  });
}

/** Sets the public flag. */
export function setVisibility(deps: Deps, ctx: Ctx, id: string, isPublic: boolean): SubmissionRow {
  return tx(deps.db, (db) => {
    const row = getSubmissionRow(db, ctx, id);
    if (row.isPublic === isPublic) return row;
    return applyModeration(
      deps,
      db,
      ctx,
      row,
      { isPublic },
      isPublic ? "submission.made_public" : "submission.made_private",
    );
  });
}

/**
 * Hides a testimonial everywhere and takes it out of search at once (an imported review's place is freed), then
 * a purge job erases its files and details moments later. In the caller's transaction.
 */
export function softDelete(
  deps: Deps,
  db: Db,
  ctx: Ctx,
  row: SubmissionRow,
  action = "submission.deleted",
): SubmissionRow {
  const updated = applyModeration(deps, db, ctx, row, { deletedAt: ctx.clock.now() }, action);
  unindexSubmission(db, row.id);
  schedulePurge(db, ctx, row.id);
  return updated;
}

/** Deletes a testimonial of the context; a second delete is a 404. */
export function deleteSubmission(deps: Deps, ctx: Ctx, id: string): SubmissionRow {
  return tx(deps.db, (db) => softDelete(deps, db, ctx, getSubmissionRow(db, ctx, id)));
}
