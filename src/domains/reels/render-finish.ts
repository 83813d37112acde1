/**
 * How a render ends. Success: the files are recorded, the reel's `output` points at them (the previous render's
 * files are deleted), `reel.ready` is emitted, whoever started it is emailed, and a shared reel's public copy is
 * refreshed. Failure: the reason is kept, the charge refunded (usage counts only live renders), `reel.failed`
 * emitted and the starter emailed. Both apply only while the render is still running (not cancelled meanwhile).
 */
import { and, eq, inArray } from "drizzle-orm";
import type { Deps } from "../../platform/deps";
import type { Db } from "../../platform/db/client";
import type { Tx } from "../../platform/db/unit-of-work";
import { iso } from "../../platform/clock";
import { queueMail } from "../../platform/mail/queue-mail";
import { users } from "../accounts";
import { orgSender } from "../../platform/access";
import type { RenderFiles } from "./model";
import { ACTIVE, type RenderRow } from "./render-state";
import { enqueueShare } from "./share";
import { reelRenders, reels } from "./tables";
import type { ReelRow } from "./reel-service";
import { renderKey } from "./storage-keys";

/** What `reel.ready` and `reel.failed` carry. */
export function reelEventData(reel: ReelRow, render: RenderRow, reason?: string) {
  return {
    reel: {
      id: reel.id,
      brand_id: reel.brandId,
      title: reel.title,
      status: reel.status,
      clip_count: reel.clips.length,
      changed_since_render: reel.outputRenderId ? reel.version !== render.version : false,
    },
    render: {
      id: render.id,
      status: render.status,
      stage: render.stage,
      error_message: render.errorMessage,
      cost_seconds: render.costSeconds,
      duration_ms: render.files?.duration_ms ?? null,
      aspect_ratios: render.snapshot.config.aspect_ratios,
      created_at: iso(render.createdAt),
      started_at: iso(render.startedAt),
      finished_at: iso(render.finishedAt),
    },
    ...(reason ? { reason } : {}),
  };
}

function mailStarter(db: Db, deps: Deps, reel: ReelRow, render: RenderRow, ok: boolean) {
  if (!render.startedByUserId) return;
  const user = db.select({ email: users.email }).from(users).where(eq(users.id, render.startedByUserId)).get();
  if (!user) return;
  const link = `${deps.config.appUrl}/reels/${reel.id}`;
  // From the organisation's name (white label), at the server's address.
  const sender = orgSender(db, reel.orgId);
  queueMail(
    { db, clock: deps.clock, state: deps.state },
    ok
      ? {
          orgId: reel.orgId,
          mode: reel.mode,
          to: user.email,
          sender,
          subject: `Your reel “${reel.title}” is ready`,
          text: `The reel “${reel.title}” finished rendering in ${render.snapshot.config.aspect_ratios.join(", ")}.\n\nWatch, download or share it: ${link}\n`,
        }
      : {
          orgId: reel.orgId,
          mode: reel.mode,
          to: user.email,
          sender,
          subject: `Your reel “${reel.title}” could not be rendered`,
          text: `The reel “${reel.title}” could not be rendered: ${render.errorMessage}\n\nOpen it to try again: ${link}\n`,
        },
  );
}

/**
 * Records a finished render (files already in place under `renderKey`); false when it was cancelled meanwhile. The
 * unit of work acts for the render's organisation and mode (the system); the previous output goes after the commit.
 */
export function completeRender(tx: Tx, renderId: string, files: RenderFiles): boolean {
  const { db, deps } = tx;
  const now = deps.clock.now();
  const render = db
    .update(reelRenders)
    .set({
      status: "succeeded",
      stage: "finishing",
      progress: 1,
      files,
      finishedAt: now,
      updatedAt: now,
      errorMessage: null,
    })
    .where(and(eq(reelRenders.id, renderId), eq(reelRenders.status, "running")))
    .returning()
    .get();
  if (!render) return false;
  const before = db.select().from(reels).where(eq(reels.id, render.reelId)).get();
  if (!before) return false;
  const reel = db
    .update(reels)
    .set({ status: "rendered", outputRenderId: render.id, errorMessage: null, updatedAt: now })
    .where(eq(reels.id, render.reelId))
    .returning()
    .get()!;
  tx.emit("reel.ready", reelEventData(reel, render));
  mailStarter(db, deps, reel, render, true);
  if (reel.shareEnabled) enqueueShare(tx, reel.id);
  const previous = before.outputRenderId;
  if (previous && previous !== renderId)
    tx.afterCommit(() => deps.storage.discard("media", renderKey(render.reelId, previous)));
  return true;
}

/** Fails a queued or running render with a reason a person can read (in a unit of work of the render's org and mode). */
export function failRender(tx: Tx, renderId: string, message: string): boolean {
  const { db, deps } = tx;
  const now = deps.clock.now();
  const render = db
    .update(reelRenders)
    .set({ status: "failed", errorMessage: message.slice(0, 500), finishedAt: now, updatedAt: now })
    .where(and(eq(reelRenders.id, renderId), inArray(reelRenders.status, [...ACTIVE])))
    .returning()
    .get();
  if (!render) return false;
  const before = db.select().from(reels).where(eq(reels.id, render.reelId)).get();
  if (!before) return true;
  const reel = db
    .update(reels)
    .set({ status: before.outputRenderId ? "rendered" : "draft", updatedAt: now })
    .where(eq(reels.id, render.reelId))
    .returning()
    .get()!;
  tx.emit("reel.failed", reelEventData(reel, render, render.errorMessage ?? message));
  mailStarter(db, deps, reel, render, false);
  return true;
}
