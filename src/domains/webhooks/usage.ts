/**
 * Tells the plans how many webhook endpoints an organisation has (the `webhook_endpoints` allowance). The contract
 * sets 20 per organisation, so live and test endpoints count together, whichever mode asks.
 */
import { count, eq } from "drizzle-orm";
import { registerUsage } from "../accounts/plans";
import { webhookEndpoints } from "./tables";

registerUsage("webhook_endpoints", (db, ctx) =>
  db.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.orgId, ctx.orgId)).get()!.n);
