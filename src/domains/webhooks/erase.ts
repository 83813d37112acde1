/**
 * Erasing a testimonial from the webhook log: deliveries to chat apps (chat-formats.ts) carry the person's name and
 * words in their body, so every delivery of an event about the testimonial to an endpoint that is not a plain
 * envelope receiver goes, with its attempts (foreign keys cascade). Envelope bodies carry ids and states only and
 * stay: the receiver's own log already has them, and replays keep working.
 */
import { and, inArray, ne, sql } from "drizzle-orm";
import { scoped, inOrg } from "../../platform/db/tenancy";
import type { EraseParticipant } from "../../platform/hooks";
import { events } from "../../platform/events/tables";
import { webhookDeliveries, webhookEndpoints } from "./tables";

/** The webhooks module's erase participant. */
export const eraseChatDeliveries: EraseParticipant = (deps, erased) => {
  const about = deps.db
    .select({ id: events.id })
    .from(events)
    .where(and(scoped(events, erased), sql`json_extract(${events.data}, '$.id') = ${erased.id}`));
  const chat = deps.db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(inOrg(webhookEndpoints, erased.orgId), ne(webhookEndpoints.format, "envelope")));
  deps.db
    .delete(webhookDeliveries)
    .where(and(inArray(webhookDeliveries.eventId, about), inArray(webhookDeliveries.endpointId, chat)))
    .run();
};
