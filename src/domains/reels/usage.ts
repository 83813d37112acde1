/**
 * The `render_seconds_per_month` allowance: render seconds of the renders started this month in the org and mode
 * that are queued, running or succeeded. A render is charged when it is started (so two requests cannot both
 * spend the last minutes) and refunded when it fails or is cancelled.
 */
import { and, eq, gte, inArray, sum } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import type { Ctx } from "../../platform/context";
import { reelRenders } from "./tables";

/** Render seconds charged this month (from `monthStartMs`) in the context's org and mode. */
export function renderSecondsUsed(db: Db, ctx: Pick<Ctx, "orgId" | "mode">, monthStartMs: number): number {
  const r = db
    .select({ n: sum(reelRenders.costSeconds) })
    .from(reelRenders)
    .where(
      and(
        eq(reelRenders.orgId, ctx.orgId),
        eq(reelRenders.mode, ctx.mode),
        gte(reelRenders.createdAt, monthStartMs),
        inArray(reelRenders.status, ["queued", "running", "succeeded"]),
      ),
    )
    .get();
  return Number(r?.n ?? 0);
}
