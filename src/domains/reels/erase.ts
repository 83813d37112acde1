/**
 * When a testimonial is erased (deleted by the team, or withdrawn by its respondent), every reel holding it (in its
 * clips, its last output or a render under way) goes back to draft with an `error_message` saying why: that
 * testimonial's clips are removed, a render under way is cancelled, and the rendered files and public copy are
 * deleted. Rendering again makes a new version.
 */
import { eq, inArray } from "drizzle-orm";
import { scoped } from "../../platform/db/tenancy";
import type { Deps } from "../../platform/deps";
import { systemCtx, type Mode } from "../../platform/context";
import { unitOfWork } from "../../platform/db/unit-of-work";
import type { EraseParticipant } from "../../platform/hooks";
import { cancelActiveRender } from "./render-state";
import { reelRenders, reels } from "./tables";
import { removeReelFiles } from "./storage-keys";

/** What the reel says after losing a testimonial. */
export const ERASED_MESSAGE =
  "A testimonial in this reel was erased (deleted, or withdrawn by the person who gave it). Its clips were removed and the rendered files and public copy deleted; render again to make a new version.";

/** Returns every reel of the org and mode that holds `submissionId` to draft (see the file comment). */
export function removeFromReels(deps: Deps, orgId: string, mode: Mode, submissionId: string): string[] {
  const holds = (clips: { submission_id: string }[] | undefined) =>
    !!clips?.some((c) => c.submission_id === submissionId);
  const all = deps.db.select().from(reels).where(scoped(reels, { orgId, mode })).all();
  const renderIds = all.flatMap((r) => [r.lastRenderId, r.outputRenderId]).filter((x): x is string => !!x);
  const snapshots = new Map(
    renderIds.length
      ? deps.db
          .select({ id: reelRenders.id, snapshot: reelRenders.snapshot })
          .from(reelRenders)
          .where(inArray(reelRenders.id, renderIds))
          .all()
          .map((r) => [r.id, r.snapshot.clips])
      : [],
  );
  const affected = all.filter(
    (r) => holds(r.clips) || holds(snapshots.get(r.lastRenderId ?? "")) || holds(snapshots.get(r.outputRenderId ?? "")),
  );
  const ctx = systemCtx(orgId, mode as Mode, deps.clock);
  for (const reel of affected) {
    unitOfWork(deps, ctx, (tx) => {
      cancelActiveRender(tx, reel, "A testimonial in this reel was erased.");
      tx.db
        .update(reels)
        .set({
          status: "draft",
          clips: reel.clips.filter((c) => c.submission_id !== submissionId),
          version: reel.version + 1,
          errorMessage: ERASED_MESSAGE,
          outputRenderId: null,
          shareEnabled: false,
          shareDir: null,
          sharedRenderId: null,
          sharedAspects: null,
          updatedAt: deps.clock.now(),
        })
        .where(eq(reels.id, reel.id))
        .run();
      tx.audit("reel.testimonial_erased", reel.id, { submission_id: submissionId });
      tx.afterCommit(() => removeReelFiles(deps, reel));
    });
  }
  return affected.map((r) => r.id);
}

/** The reels module's erase participant: started, not awaited (a render under way is cancelled in the background). */
export const eraseFromReels: EraseParticipant = (deps, erased) =>
  void removeFromReels(deps, erased.orgId, erased.mode, erased.id);
