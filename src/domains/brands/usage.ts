/**
 * Tells the plans how many brands an organisation has in a mode (the `brands` allowance). A brand being deleted no
 * longer counts: its place is free from the moment its deletion starts.
 */
import { and, count, eq, isNull } from "drizzle-orm";
import type { UsageCounter } from "../../platform/hooks";
import { brands } from "./tables";

/** The `brands` counter (declared in the brands module). */
export const brandsUsed: UsageCounter = (db, ctx) =>
  db
    .select({ n: count() })
    .from(brands)
    .where(and(eq(brands.orgId, ctx.orgId), eq(brands.mode, ctx.mode), isNull(brands.deletingAt)))
    .get()!.n;
