/** Tells the plans how many brands an organisation has in a mode (the `brands` allowance). */
import { and, count, eq } from "drizzle-orm";
import { registerUsage } from "../accounts/plans";
import { brands } from "./tables";

registerUsage("brands", (db, ctx) => db.select({ n: count() }).from(brands).where(and(eq(brands.orgId, ctx.orgId), eq(brands.mode, ctx.mode))).get()!.n);
