/**
 * The webhook job kinds. `webhook.deliver` makes one attempt: it builds the signed request (a fresh `t` each
 * time), sends it, and records the outcome, which schedules the next attempt as a new job with `run_at` on the
 * contract's schedule. A job claimed again after a crash repeats the attempt it was meant to make (at least
 * once); one whose attempt is already recorded does nothing. `webhook.disable_check` runs 24 hours into a
 * failing run.
 */
import type { Deps } from "../../platform/deps";
import { groupCommit } from "../../platform/db/group-commit";
import type { JobRegistry } from "../../platform/jobs/worker";
import {
  attemptTarget,
  DISABLE_CHECK_JOB,
  failWaiting,
  recordAttempt,
  runDisableCheck,
  type DisableCheckPayload,
} from "./attempt-service";
import { DELIVER_JOB, type DeliverPayload } from "./delivery-service";
import { sendWebhook } from "./sender";
import { deliveryHeaders } from "./signing";

/**
 * Makes attempt `attempt` of a delivery, if it is still due. `finishJob` (the job's `complete`) is called inside
 * the savepoint that records the attempt, so the attempt and the job's end are one write, shared with the other
 * attempts finishing now (one commit: src/platform/db/group-commit.ts).
 */
export async function runDeliveryAttempt(
  deps: Deps,
  payload: DeliverPayload,
  finishJob?: () => unknown,
): Promise<void> {
  const target = attemptTarget(deps.db, payload.deliveryId, payload.attempt);
  if (!target) return;
  const now = deps.clock.now();
  if (target.endpointStatus === "disabled") {
    failWaiting(deps.db, [target.id], now, "endpoint disabled");
    return;
  }
  const headers = deliveryHeaders(deps.config.docsUrl, target, target, payload.attempt, now);
  const outcome = await sendWebhook(deps.webhooks, target.url, headers, target.body);
  await groupCommit(deps, () => {
    finishJob?.();
    return recordAttempt(deps, deps.db, target, payload.attempt, now, outcome);
  });
}

/** Registers the webhook job kinds. */
export function registerWebhookJobs(registry: JobRegistry): void {
  registry.register<DeliverPayload>(DELIVER_JOB, {
    handle: (job, deps, run) => runDeliveryAttempt(deps, job.payload, run.complete),
    // Receiver failures are recorded and rescheduled by the handler; these retries only cover our own errors.
    maxAttempts: 5,
    backoffMs: (n) => 5_000 * n,
    timeoutMs: 60_000,
    // Our own side kept failing: close the delivery with the reason rather than leave it waiting for ever.
    onDead: (job, deps, error) => {
      if (attemptTarget(deps.db, job.payload.deliveryId, job.payload.attempt))
        failWaiting(deps.db, [job.payload.deliveryId], deps.clock.now(), `not sent: ${error}`);
    },
  });
  registry.register<DisableCheckPayload>(DISABLE_CHECK_JOB, {
    handle: async (job, deps) => void runDisableCheck(deps, job.payload),
    maxAttempts: 5,
  });
}
