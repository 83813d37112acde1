/**
 * The public copy of a reel on the CDN: `public/reels/<unguessable>/9x16.mp4` (and the other sizes),
 * `poster.jpg` (and `poster-9x16.jpg` per size), `captions.vtt`. Sharing marks the reel `publishing` and a job copies the last render's files
 * (hard links when possible, each replacing the old file by rename, so a reader never gets half a file); the
 * copy is `live` once it exists. Later renders replace the files in place, so the addresses never change. Turning
 * sharing off, deleting the reel or erasing a testimonial in it deletes the copy at once; a testimonial withdrawn by
 * its respondent takes the copies holding it offline in the withdrawing transaction (`withdrawSharesHolding`).
 */
import { unitOfWork, type Tx } from "../../platform/db/unit-of-work";
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { scoped } from "../../platform/db/tenancy";
import { systemCtx, type Ctx, type Mode } from "../../platform/context";
import type { Deps } from "../../platform/deps";
import type { Db } from "../../platform/db/client";
import { randomToken } from "../../platform/crypto";
import { unprocessable } from "../../platform/errors";
import { PRIORITY } from "../../platform/jobs/tables";
import { aspectSlug, type Aspect } from "../../media/reel/types";
import { getReelRow, type ReelRow } from "./reel-service";
import { getRender } from "./render-state";
import { reels, reelRenders } from "./tables";

/** Job kind that (re)publishes a shared reel's public copy. */
export const REEL_SHARE_JOB = "reel.publish_share";

/** Queues publication of the reel's copy, in the unit of work (of the context's organisation and mode). */
export function enqueueShare(tx: Tx, reelId: string) {
  tx.enqueue({
    kind: REEL_SHARE_JOB,
    payload: { reelId },
    priority: PRIORITY.delivery,
    dedupeKey: `${REEL_SHARE_JOB}:${reelId}`,
  });
}

/** Turns sharing on (422 before any successful render); the copy goes live moments later. */
export function shareReel(tx: Tx, id: string): ReelRow {
  const { db, ctx } = tx;
  const row = getReelRow(db, ctx, id);
  if (!row.outputRenderId)
    throw unprocessable("reel_not_rendered", "Render this reel before sharing it: there is nothing to publish yet.");
  if (row.shareEnabled) return row;
  const updated = db
    .update(reels)
    .set({ shareEnabled: true, shareDir: row.shareDir ?? `reels/${randomToken(18)}`, updatedAt: ctx.clock.now() })
    .where(eq(reels.id, id))
    .returning()
    .get()!;
  enqueueShare(tx, id);
  tx.audit("reel.shared", id);
  return updated;
}

/** Turns sharing off and deletes the public copy now. */
export function unshareReel(tx: Tx, id: string): ReelRow {
  const { db, ctx } = tx;
  const row = getReelRow(db, ctx, id);
  const updated = db
    .update(reels)
    .set({
      shareEnabled: false,
      shareDir: null,
      sharedRenderId: null,
      sharedAspects: null,
      updatedAt: ctx.clock.now(),
    })
    .where(eq(reels.id, id))
    .returning()
    .get()!;
  if (row.shareEnabled) tx.audit("reel.unshared", id);
  const dir = row.shareDir;
  if (dir) tx.afterCommit(() => tx.deps.storage.discard("public", dir));
  return updated;
}

/** The names of the public copy's files. */
export const shareFileName = (aspect: Aspect) => `${aspectSlug(aspect)}.mp4`;
/** The public copy's poster of one size. */
export const sharePosterName = (aspect: Aspect) => `poster-${aspectSlug(aspect)}.jpg`;

/** Brings the public copy in line with the reel's last render. Safe to run twice. */
export async function publishShare(deps: Deps, reelId: string) {
  const reel = deps.db.select().from(reels).where(eq(reels.id, reelId)).get();
  const render = getRender(deps.db, reel?.outputRenderId);
  if (!reel?.shareEnabled || !reel.shareDir || !render?.files) return;
  const dir = reel.shareDir;
  const files = render.files;
  const aspects = files.variants.map((v) => v.aspect_ratio as Aspect);
  // Each copy replaces its file whole (hard link or copy, then rename, with the data directory).
  for (const v of files.variants) {
    const a = v.aspect_ratio as Aspect;
    await deps.storage.copy("media", v.key, "public", `${dir}/${shareFileName(a)}`);
    // Renders made before posters per size have the one poster only.
    const poster = files.posters?.[aspectSlug(a)] ?? files.poster;
    await deps.storage.copy("media", poster, "public", `${dir}/${sharePosterName(a)}`);
  }
  await deps.storage.copy("media", files.poster, "public", `${dir}/poster.jpg`);
  await deps.storage.copy("media", files.captions, "public", `${dir}/captions.vtt`);
  for (const a of ["9:16", "1:1", "16:9"] as Aspect[])
    if (!aspects.includes(a)) {
      await deps.storage.remove("public", `${dir}/${shareFileName(a)}`);
      await deps.storage.remove("public", `${dir}/${sharePosterName(a)}`);
    }
  const kept = unitOfWork(deps, systemCtx(reel.orgId, reel.mode as Mode, deps.clock), ({ db }) =>
    db
      .update(reels)
      .set({ sharedRenderId: render.id, sharedAspects: aspects })
      .where(and(eq(reels.id, reelId), eq(reels.shareEnabled, true), eq(reels.shareDir, reel.shareDir!)))
      .returning({ id: reels.id })
      .get(),
  );
  // Sharing was turned off (or the reel erased) while copying: nothing may stay public.
  if (!kept) await deps.storage.remove("public", dir);
}

/** The public addresses, once live. */
export function shareUrls(cdnUrl: string, reel: ReelRow) {
  if (!reel.shareEnabled || !reel.shareDir || !reel.sharedRenderId) return null;
  const base = `${cdnUrl}/${reel.shareDir}`;
  return {
    variants: (reel.sharedAspects ?? []).map((a) => ({
      aspect_ratio: a,
      url: `${base}/${shareFileName(a as Aspect)}`,
      poster_url: `${base}/${sharePosterName(a as Aspect)}`,
    })),
    poster_url: `${base}/poster.jpg`,
    captions_url: `${base}/captions.vtt`,
  };
}

/**
 * Turns sharing off, in the caller's transaction (a removal's), for every reel of the org and mode whose public copy (or clips)
 * holds `submissionId`; returns the public folders to delete once the transaction has committed, so their addresses
 * answer 404 at once rather than when the erasure job runs. The erasure job then returns the reels to draft.
 */
export function withdrawSharesHolding(
  db: Db,
  clock: Pick<Ctx["clock"], "now">,
  orgId: string,
  mode: Mode,
  submissionId: string,
): string[] {
  const shared = db
    .select()
    .from(reels)
    .where(and(scoped(reels, { orgId, mode }), isNotNull(reels.shareDir)))
    .all();
  if (!shared.length) return [];
  const renderIds = shared.flatMap((r) => [r.sharedRenderId, r.outputRenderId]).filter((x): x is string => !!x);
  const snapshots = new Map(
    renderIds.length
      ? db
          .select({ id: reelRenders.id, snapshot: reelRenders.snapshot })
          .from(reelRenders)
          .where(inArray(reelRenders.id, renderIds))
          .all()
          .map((r) => [r.id, r.snapshot.clips])
      : [],
  );
  const holds = (clips: { submission_id: string }[] | undefined) =>
    !!clips?.some((c) => c.submission_id === submissionId);
  const affected = shared.filter(
    (r) =>
      holds(r.clips) || holds(snapshots.get(r.sharedRenderId ?? "")) || holds(snapshots.get(r.outputRenderId ?? "")),
  );
  for (const reel of affected) {
    db.update(reels)
      .set({ shareEnabled: false, shareDir: null, sharedRenderId: null, sharedAspects: null, updatedAt: clock.now() })
      .where(eq(reels.id, reel.id))
      .run();
  }
  return affected.map((r) => r.shareDir!);
}
