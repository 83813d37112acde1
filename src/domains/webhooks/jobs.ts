/**
 * The webhook job kinds. `webhook.deliver` makes one attempt: it builds the signed request (a fresh `t` each
 * time), sends it, and records the outcome, which schedules the next attempt as a new job with `run_at` on the
 * contract's schedule. A job claimed again after a crash repeats the attempt it was meant to make (at least
 * once); one whose attempt is already recorded does nothing. `webhook.disable_check` runs 24 hours into a
 * failing run.
 */
import type { Deps } from "../../platform/deps";
import { groupCommit } from "../../platform/db/group-commit";
import type { JobRegistry, JobRunContext } from "../../platform/jobs/worker";
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
 * Due attempts a worker pool claims beyond its free slots, in one claim (JobKind.claimAhead): with a burst of
 * events, one claim's commit serves this many attempts. Held attempts start in claim order.
 */
export const CLAIM_AHEAD = 64;
/**
 * How long an attempt's outcome may wait for others to share its commit (src/platform/db/group-commit.ts, at most
 * MAX_GROUP outcomes a commit). The worker's slot is free meanwhile; a process killed in that window makes these
 * attempts again after their leases (at least once).
 */
export const RECORD_WITHIN_MS = 10;

/**
 * Makes attempt `attempt` of a delivery, if it is still due. Once the request has its answer, the job's slot goes
 * to the next attempt (`run.release`) and the outcome waits up to RECORD_WITHIN_MS for other outcomes to share its
 * commit. `run.complete` is called inside the savepoint that records the attempt, so the attempt and the job's end
 * are one write (src/platform/db/group-commit.ts).
 */
export async function runDeliveryAttempt(
  deps: Deps,
  payload: DeliverPayload,
  run?: Pick<JobRunContext, "complete" | "release">,
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
  run?.release();
  await groupCommit(
    deps,
    () => {
      run?.complete();
      return recordAttempt(deps, deps.db, target, payload.attempt, now, outcome);
    },
    { withinMs: RECORD_WITHIN_MS },
  );
}

/** Registers the webhook job kinds. */
export function registerWebhookJobs(registry: JobRegistry): void {
  registry.register<DeliverPayload>(DELIVER_JOB, {
    handle: (job, deps, run) => runDeliveryAttempt(deps, job.payload, run),
    claimAhead: CLAIM_AHEAD,
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
