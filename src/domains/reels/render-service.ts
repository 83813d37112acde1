/**
 * Starting a render: refused with 409 while one is queued or running, 422 without clips or when a testimonial can
 * no longer go in, 402 when its cost passes the plan's remaining render seconds. The render, its charge and its
 * job (priority `reel`: new testimonials are processed first) are written in the command's unit of work.
 */
import { eq } from "drizzle-orm";
import type { CommandTx } from "../../platform/access/command";
import type { Tx } from "../../platform/db/unit-of-work";
import { conflict, unprocessable } from "../../platform/errors";
import { newId } from "../../platform/ids";
import { PRIORITY } from "../../platform/jobs/tables";
import { requirePlanAllowance } from "../../platform/access";
import { checkClips } from "./clips";
import { renderCost } from "./estimate";
import { getReelRow } from "./reel-service";
import { getRender, isActive } from "./render-state";
import { reelRenders, reels } from "./tables";

/** Job kind that renders a reel (a media job). */
export const REEL_RENDER_JOB = "reel.render";

/** The dedupe key of a render's job, so a resumed render never runs twice at once. */
export const renderJobKey = (renderId: string) => `${REEL_RENDER_JOB}:${renderId}`;

/** Queues a render's job (also used to resume one that stepped aside), for the context's organisation and mode. */
export function enqueueRender(tx: Tx, renderId: string) {
  tx.enqueue({
    kind: REEL_RENDER_JOB,
    payload: { renderId },
    priority: PRIORITY.reel,
    dedupeKey: renderJobKey(renderId),
  });
}

/** Starts a render of the reel as it stands; returns its id (`job_…`). */
export function startRender(tx: CommandTx, id: string): { render_id: string } {
  const { db, ctx, deps } = tx;
  const reel = getReelRow(db, ctx, id);
  if (isActive(getRender(db, reel.lastRenderId)))
    throw conflict("reel_rendering", "This reel is already rendering; wait for it to finish.", {
      render_id: reel.lastRenderId,
    });
  if (reel.clips.length === 0)
    throw unprocessable("no_clips", "This reel has no clips to render; add a testimonial first.");
  // Testimonials may have been rejected or re-processed since the clips were chosen.
  const clips = checkClips(db, ctx, reel.brandId, reel.clips, reel.clips);
  const cost = renderCost(clips, reel.config);
  requirePlanAllowance(deps, ctx, "render_seconds_per_month", cost);
  const now = ctx.clock.now();
  const renderId = newId("renderJob", now);
  const actor = ctx.actor;
  db.insert(reelRenders)
    .values({
      id: renderId,
      reelId: reel.id,
      orgId: ctx.orgId,
      mode: ctx.mode,
      status: "queued",
      stage: "queued",
      stepDone: 0,
      stepTotal: 0,
      progress: 0,
      errorMessage: null,
      snapshot: { title: reel.title, clips, config: reel.config },
      version: reel.version,
      costSeconds: cost,
      startedByUserId: actor.type === "user" ? actor.userId : null,
      startedBy:
        actor.type === "user" ? `user:${actor.userId}` : actor.type === "key" ? `key:${actor.keyId}` : actor.type,
      activeMs: 0,
      files: null,
      createdAt: now,
      startedAt: null,
      finishedAt: null,
      updatedAt: now,
    })
    .run();
  db.update(reels)
    .set({ lastRenderId: renderId, status: "rendering", updatedAt: now })
    .where(eq(reels.id, reel.id))
    .run();
  enqueueRender(tx, renderId);
  tx.audit("reel.render_started", reel.id, { render_id: renderId, cost_seconds: cost });
  return { render_id: renderId };
}
