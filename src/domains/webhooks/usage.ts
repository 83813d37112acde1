/**
 * Tells the plans how many webhook endpoints an organisation has (the `webhook_endpoints` allowance). The contract
 * sets 20 per organisation, so live and test endpoints count together, whichever mode asks.
 */
import { count } from "drizzle-orm";
import { inOrg } from "../../platform/db/tenancy";
import type { UsageCounter } from "../../platform/hooks";
import { webhookEndpoints } from "./tables";

/** The `webhook_endpoints` counter (declared in the webhooks module). */
export const webhookEndpointsUsed: UsageCounter = (db, ctx) =>
  db.select({ n: count() }).from(webhookEndpoints).where(inOrg(webhookEndpoints, ctx.orgId)).get()!.n;
