/**
 * Tells the plans how many brands an organisation has in a mode (the `brands` allowance). A brand being deleted no
 * longer counts: its place is free from the moment its deletion starts.
 */
import { and, count, isNull } from "drizzle-orm";
import { scoped } from "../../platform/db/tenancy";
import type { UsageCounter } from "../../platform/hooks";
import { brands } from "./tables";

/** The `brands` counter (declared in the brands module). */
export const brandsUsed: UsageCounter = (db, ctx) =>
  db
    .select({ n: count() })
    .from(brands)
    .where(and(scoped(brands, ctx), isNull(brands.deletingAt)))
    .get()!.n;
