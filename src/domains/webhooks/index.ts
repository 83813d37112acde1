/** What other parts of the appliance may use from webhooks, and the webhooks module. */
import type { DomainModule } from "../../platform/module";
import { fanOut } from "./delivery-service";
import { webhookRoutes } from "./routes";
import { registerWebhookJobs } from "./jobs";
import { webhookEndpointsUsed } from "./usage";
import { eraseChatDeliveries } from "./erase";

export { webhookRoutes } from "./routes";
export { registerWebhookJobs } from "./jobs";
export { runDeliveryAttempt, WEBHOOK_DELIVERY_QUEUE } from "./delivery-queue";
export { DISABLE_CHECK_JOB } from "./attempt-service";
export { MAX_ATTEMPTS, RETRY_DELAYS_MS, DISABLE_AFTER_MS } from "./model";
export { signatureHeader, signPayload } from "./signing";
export { webhookEndpoints, webhookDeliveries, webhookAttempts } from "./tables";

/**
 * The webhooks module: endpoint routes, the delivery queue, the `webhook_endpoints` counter, and `fanOut`, which queues
 * a delivery to every subscribed endpoint for every event, inside the emitting transaction, and erasure of chat
 * messages about an erased testimonial.
 */
export const webhooksModule: DomainModule = {
  name: "webhooks",
  routes: (deps) => webhookRoutes(deps),
  jobs: registerWebhookJobs,
  events: { "*": fanOut },
  usage: { webhook_endpoints: webhookEndpointsUsed },
  erase: eraseChatDeliveries,
};
