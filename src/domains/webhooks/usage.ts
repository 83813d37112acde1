/** Tells the plans how many webhook endpoints an organisation has in a mode (the `webhook_endpoints` allowance). */
import { and, count, eq } from "drizzle-orm";
import { registerUsage } from "../accounts/plans";
import { webhookEndpoints } from "./tables";

registerUsage("webhook_endpoints", (db, ctx) =>
  db.select({ n: count() }).from(webhookEndpoints).where(and(eq(webhookEndpoints.orgId, ctx.orgId), eq(webhookEndpoints.mode, ctx.mode))).get()!.n);
