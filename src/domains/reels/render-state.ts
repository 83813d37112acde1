/** Reading and closing a reel's renders (shared by the render job, deletion and erasure). */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import type { Tx } from "../../platform/db/unit-of-work";
import { prepared } from "../../platform/db/prepared";
import { reelRenders } from "./tables";

/** A stored render. */
export type RenderRow = typeof reelRenders.$inferSelect;

/** Statuses of a render that is not finished. */
export const ACTIVE = ["queued", "running"] as const;

const renderById = (db: Db) =>
  db
    .select()
    .from(reelRenders)
    .where(eq(reelRenders.id, sql.placeholder("id")))
    .prepare();

/** A render by id, or null (each reel in a list reads one or two: prepared once). */
export const getRender = (db: Db, id: string | null | undefined): RenderRow | null =>
  id ? (prepared(db, renderById).get({ id }) ?? null) : null;

/** True while a render is queued or running. */
export const isActive = (r: Pick<RenderRow, "status"> | null | undefined) =>
  !!r && (ACTIVE as readonly string[]).includes(r.status);

/** Cancels the reel's queued or running render (its job stops at its next check); returns its id, if any. */
export function cancelActiveRender(tx: Tx, reel: { lastRenderId: string | null }, message: string): string | null {
  if (!reel.lastRenderId) return null;
  const now = tx.ctx.clock.now();
  const r = tx.db
    .update(reelRenders)
    .set({ status: "cancelled", errorMessage: message, finishedAt: now, updatedAt: now })
    .where(and(eq(reelRenders.id, reel.lastRenderId), inArray(reelRenders.status, [...ACTIVE])))
    .returning({ id: reelRenders.id })
    .get();
  return r?.id ?? null;
}
