/** What other parts of the appliance may use from webhooks. Importing it registers the event hook and the usage counter. */
import { onEvent } from "../../platform/events/emit";
import { fanOut } from "./delivery-service";
import "./usage";

onEvent(fanOut);

export { webhookRoutes } from "./routes";
export { registerWebhookJobs, runDeliveryAttempt } from "./jobs";
export { configureWebhooks, transportFor, type WebhookTransport } from "./transport";
export { DELIVER_JOB } from "./delivery-service";
export { DISABLE_CHECK_JOB } from "./attempt-service";
export { MAX_ATTEMPTS, RETRY_DELAYS_MS, DISABLE_AFTER_MS } from "./model";
export { signatureHeader, signPayload } from "./signing";
export { webhookEndpoints, webhookDeliveries, webhookAttempts } from "./tables";
