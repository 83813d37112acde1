/**
 * Tells the plans how many webhook endpoints an organisation has (the `webhook_endpoints` allowance). The contract
 * sets 20 per organisation, so live and test endpoints count together, whichever mode asks.
 */
import { count, eq } from "drizzle-orm";
import type { UsageCounter } from "../../platform/hooks";
import { webhookEndpoints } from "./tables";

/** The `webhook_endpoints` counter (declared in the webhooks module). */
export const webhookEndpointsUsed: UsageCounter = (db, ctx) =>
  db.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.orgId, ctx.orgId)).get()!.n;
