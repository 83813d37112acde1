/**
 * What the webhooks module runs in the background: the delivery queue (delivery-queue.ts: each delivery waiting for
 * an attempt is claimed under a lease on its own row, attempted, and its outcome schedules the next attempt on the
 * contract's schedule), and `webhook.disable_check`, a job that runs 24 hours into a failing run.
 */
import type { JobRegistry } from "../../platform/jobs/worker";
import { DISABLE_CHECK_JOB, runDisableCheck, type DisableCheckPayload } from "./attempt-service";
import { webhookDeliveryQueue } from "./delivery-queue";

/** Registers the delivery queue and the disable check. */
export function registerWebhookJobs(registry: JobRegistry): void {
  registry.addQueue(webhookDeliveryQueue);
  registry.register<DisableCheckPayload>(DISABLE_CHECK_JOB, {
    handle: async (job, deps) => void runDisableCheck(deps, job.payload),
    maxAttempts: 5,
  });
}
