/**
 * The `render_seconds_per_month` allowance: render seconds of the renders started this month in the org and mode
 * that are queued, running or succeeded. A render is charged when it is started (so two requests cannot both
 * spend the last minutes) and refunded when it fails or is cancelled.
 */
import { and, eq, gte, inArray, sql, sum } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { prepared } from "../../platform/db/prepared";
import type { Ctx } from "../../platform/context";
import { reelRenders } from "./tables";

const usedStatement = (db: Db) =>
  db
    .select({ n: sum(reelRenders.costSeconds) })
    .from(reelRenders)
    .where(
      and(
        eq(reelRenders.orgId, sql.placeholder("org")),
        eq(reelRenders.mode, sql.placeholder("mode")),
        gte(reelRenders.createdAt, sql.placeholder("since")),
        inArray(reelRenders.status, ["queued", "running", "succeeded"]),
      ),
    )
    .prepare();

/**
 * Render seconds charged this month (from `monthStartMs`) in the context's org and mode (every reel's estimate reads
 * it: prepared once).
 */
export function renderSecondsUsed(db: Db, ctx: Pick<Ctx, "orgId" | "mode">, monthStartMs: number): number {
  const r = prepared(db, usedStatement).get({ org: ctx.orgId, mode: ctx.mode, since: monthStartMs });
  return Number(r?.n ?? 0);
}
