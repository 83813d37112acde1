/** Tells the plans how many brands an organisation has in a mode (the `brands` allowance). */
import { and, count, eq } from "drizzle-orm";
import type { UsageCounter } from "../../platform/hooks";
import { brands } from "./tables";

/** The `brands` counter (declared in the brands module). */
export const brandsUsed: UsageCounter = (db, ctx) =>
  db
    .select({ n: count() })
    .from(brands)
    .where(and(eq(brands.orgId, ctx.orgId), eq(brands.mode, ctx.mode)))
    .get()!.n;
