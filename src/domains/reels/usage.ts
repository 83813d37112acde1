/**
 * The `render_seconds_per_month` allowance: render seconds of the renders started this month in the org and mode
 * that are queued, running or succeeded. A render is charged when it is started (so two requests cannot both
 * spend the last minutes) and refunded when it fails or is cancelled.
 */
import { and, gte, inArray, sql, sum } from "drizzle-orm";
import { preparedScoped, scopeValues } from "../../platform/db/tenancy";
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
        preparedScoped(reelRenders),
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
  const r = prepared(db, usedStatement).get({ ...scopeValues(ctx), since: monthStartMs });
  return Number(r?.n ?? 0);
}
