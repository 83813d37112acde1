/**
 * The webhook delivery queue: a delivery waiting for an attempt is its own queue entry. Workers claim due deliveries
 * (`status` pending or retrying, `next_attempt_at` passed) under a lease on the delivery row, make the attempt and
 * record its outcome, which ends the lease and says when the next attempt is due; there is no job row per attempt.
 *
 * - **Claimed ahead.** A pool claims up to CLAIM_AHEAD deliveries beyond its free slots in one statement, holds them
 *   in the order they fell due and starts them as slots free up; a slot is free as soon as its answer is in, and the
 *   outcomes of up to MAX_GROUP attempts share one commit within RECORD_WITHIN_MS (src/platform/db/group-commit.ts).
 * - **At least once.** A process killed with deliveries held, in flight, or with outcomes waiting for their commit
 *   leaves their leases to run out; they are claimed again and the attempt (same number) is made again. A held
 *   delivery a third into its lease is renewed before it starts, and skipped if the renewal finds it lost.
 * - **Our own failures** (the database, not the receiver) leave the delivery to be tried again after a back-off on its
 *   lease; the fifth in a row closes it as failed, "not sent: …", like a job that dies.
 */
import type { Deps } from "../../platform/deps";
import type { Slot } from "../../platform/app-state";
import { groupCommit } from "../../platform/db/group-commit";
import { settledWithin, sleeper } from "../../platform/jobs/sleeper";
import { messageOf } from "../../platform/errors";
import { onJobEnqueued } from "../../platform/jobs/wake";
import type { LeasedQueue, StopOptions, Workers } from "../../platform/jobs/worker";
import { attemptTarget, failWaiting, recordAttempt, type AttemptTarget } from "./attempt-service";
import { sendWebhook } from "./sender";
import { deliveryHeaders } from "./signing";
import { changed, statements } from "./statements";

/** The name the delivery pool runs this queue by (DELIVERY_QUEUES, src/composition.ts). */
export const WEBHOOK_DELIVERY_QUEUE = "webhook.deliveries";
/** Due deliveries a pool claims beyond its free slots, in one claim: with a burst, one commit serves this many. */
export const CLAIM_AHEAD = 64;
/**
 * How long an attempt's outcome may wait for others to share its commit. The slot is free meanwhile; a process
 * killed in that window makes these attempts again after their leases (at least once).
 */
export const RECORD_WITHIN_MS = 10;
/** Our own failures in a row before a delivery is closed as not sent, and the wait after the n-th. */
const OWN_FAILURES = 5;
const ownBackoffMs = (n: number) => 5_000 * n;

/**
 * How long what a claim read (the delivery's body, its endpoint's address and secrets) is used as it is. A delivery
 * held longer (its pool busy with slow receivers) is read again when it starts: an endpoint changed, disabled or
 * deleted, or a delivery erased meanwhile, is then seen as it is now.
 */
export const CLAIM_FRESH_MS = 250;

/** A delivery claimed by this process: which attempt it is due for, until when the lease runs, what the claim read. */
export interface HeldDelivery {
  id: string;
  attempt: number;
  leaseUntil: number;
  /** The delivery and its endpoint as the claim read them (null: the endpoint is gone). */
  target: AttemptTarget | null;
  /** When it was claimed (`performance.now()`). */
  claimedAt: number;
}

/** Our own failures so far, by delivery (per app: two apps in one process keep their own). */
const FAILURES: Slot<Map<string, number>> = { name: "webhooks.own-failures", make: () => new Map() };

/** Claims up to `limit` due deliveries nobody holds, under a lease of `leaseMs`, in the order they fell due. */
export function claimDeliveries(deps: Pick<Deps, "db" | "clock">, limit: number, leaseMs: number): HeldDelivery[] {
  const now = deps.clock.now();
  const q = statements(deps.db);
  const rows = q.claim.all({ now, until: now + leaseMs, limit });
  if (rows.length === 0) return [];
  rows.sort((a, b) => a.nextAttemptAt! - b.nextAttemptAt! || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const ids = [...new Set(rows.map((r) => r.endpointId))];
  const endpoints = new Map(q.endpointsIn.all({ ids: JSON.stringify(ids) }).map((e) => [e.endpointId, e]));
  const claimedAt = performance.now();
  return rows.map((r) => {
    const { attemptCount, nextAttemptAt: _due, leaseUntil, ...delivery } = r;
    const endpoint = endpoints.get(r.endpointId);
    return {
      id: r.id,
      attempt: attemptCount + 1,
      leaseUntil: leaseUntil!,
      target: endpoint ? { ...delivery, ...endpoint } : null,
      claimedAt,
    };
  });
}

/** Moves a held delivery's lease to `until` (null: nobody holds it); false when it was no longer this lease. */
function moveLease(deps: Pick<Deps, "db">, held: HeldDelivery, until: number | null): boolean {
  const kept = changed(statements(deps.db).moveLease.run({ id: held.id, held: held.leaseUntil, until }));
  if (kept && until !== null) held.leaseUntil = until;
  return kept;
}

/**
 * Makes attempt `attempt` of a delivery, if it is still due: reads the delivery and its endpoint (or takes what its
 * claim read, `claimed`, at most CLAIM_FRESH_MS ago), signs and sends, calls `release` once the answer is in (the
 * pool's slot goes to the next delivery), then records the outcome in a shared commit, which ends the lease.
 */
export async function runDeliveryAttempt(
  deps: Deps,
  deliveryId: string,
  attempt: number,
  release: () => void = () => {},
  claimed?: Pick<HeldDelivery, "target" | "claimedAt">,
): Promise<void> {
  const target =
    claimed && performance.now() - claimed.claimedAt <= CLAIM_FRESH_MS
      ? claimed.target
      : attemptTarget(deps.db, deliveryId, attempt);
  if (!target) return;
  const now = deps.clock.now();
  if (target.endpointStatus === "disabled") {
    failWaiting(deps.db, [target.id], now, "endpoint disabled");
    return;
  }
  const headers = deliveryHeaders(deps.config.docsUrl, target, target, attempt, now);
  const outcome = await sendWebhook(deps.webhooks, target.url, headers, target.body);
  release();
  await groupCommit(deps, () => recordAttempt(deps, deps.db, target, attempt, now, outcome), {
    withinMs: RECORD_WITHIN_MS,
  });
}

/** Runs a held delivery's attempt; our own failure backs its lease off, or closes it at the fifth in a row. */
async function runHeld(deps: Deps, held: HeldDelivery, release?: () => void): Promise<void> {
  const failures = deps.state.of(FAILURES);
  try {
    await runDeliveryAttempt(deps, held.id, held.attempt, release, held);
    failures.delete(held.id);
  } catch (e) {
    const n = (failures.get(held.id) ?? 0) + 1;
    const error = messageOf(e);
    deps.log.warn("webhook attempt failed on our side", {
      delivery: held.id,
      attempt: held.attempt,
      failures: n,
      error,
    });
    try {
      if (n < OWN_FAILURES) {
        failures.set(held.id, n);
        moveLease(deps, held, deps.clock.now() + ownBackoffMs(n));
      } else {
        failures.delete(held.id);
        failWaiting(deps.db, [held.id], deps.clock.now(), `not sent: ${error}`);
      }
    } catch (again) {
      // The lease runs out by itself: the delivery is claimed again then.
      deps.log.error("webhook delivery left to its lease", { delivery: held.id, error: messageOf(again) });
    }
  }
}

/** Claims and runs due deliveries one at a time until none is due; how many ran (tests and the CLI). */
export async function runDueDeliveries(deps: Deps, leaseMs: number): Promise<number> {
  let ran = 0;
  for (;;) {
    const [held] = claimDeliveries(deps, 1, leaseMs);
    if (!held) return ran;
    await runHeld(deps, held);
    ran++;
  }
}

/**
 * Gives held deliveries back at once (a pool stopping): nobody holds them, the next claim takes them. One write each
 * (a stop is rare); one that fails is left to its lease.
 */
function giveBack(deps: Deps, held: HeldDelivery[]) {
  for (const h of held) {
    try {
      moveLease(deps, h, null);
    } catch (e) {
      deps.log.warn("a held webhook delivery is left to its lease", { delivery: h.id, error: messageOf(e) });
    }
  }
}

/**
 * Starts the delivery workers: up to `concurrency` attempts in flight, CLAIM_AHEAD more held; they claim again when
 * half of those have started, when woken (a delivery was created in this app) or every `pollMs`.
 */
export function startDeliveryWorkers(
  deps: Deps,
  opts: { concurrency: number; pollMs: number; leaseMs: number },
): Workers {
  const { concurrency, pollMs, leaseMs } = opts;
  let stopped = false;
  /** Slots taken: attempts whose answer is not in yet. */
  let busy = 0;
  const running = new Set<Promise<void>>();
  /** Claimed, not started, in the order they fell due. */
  const held: HeldDelivery[] = [];
  const { sleep, wake } = sleeper();

  const begin = (h: HeldDelivery) => {
    busy++;
    let holdsSlot = true;
    const freeSlot = () => {
      if (!holdsSlot) return;
      holdsSlot = false;
      busy--;
      wake();
    };
    const p = runHeld(deps, h, freeSlot).finally(() => {
      freeSlot();
      running.delete(p);
    });
    running.add(p);
  };

  /** Starts held deliveries in the free slots; one held for a third of its lease is renewed first, or dropped. */
  const startHeld = () => {
    while (busy < concurrency && held.length > 0) {
      const h = held.shift()!;
      const now = deps.clock.now();
      if (h.leaseUntil - now < (leaseMs * 2) / 3) {
        let kept = false;
        try {
          kept = moveLease(deps, h, now + leaseMs);
        } catch (e) {
          deps.log.warn("webhook delivery lease renewal failed", { delivery: h.id, error: messageOf(e) });
        }
        if (!kept) continue;
      }
      begin(h);
    }
  };

  const loop = (async () => {
    while (!stopped) {
      startHeld();
      const free = concurrency - busy;
      const room = free + CLAIM_AHEAD - held.length;
      let claimed: HeldDelivery[] = [];
      if (room > 0 && (free > 0 || held.length <= CLAIM_AHEAD / 2)) {
        try {
          claimed = claimDeliveries(deps, room, leaseMs);
        } catch (e) {
          deps.log.error("webhook delivery claim failed", { error: messageOf(e) });
        }
      }
      held.push(...claimed);
      startHeld();
      if (claimed.length === 0 || busy >= concurrency) await sleep(pollMs);
    }
    while (running.size > 0) await Promise.allSettled([...running]);
  })();
  // A delivery created (or a retry scheduled) in this app wakes the loop; polling covers other processes.
  const unsubscribe = onJobEnqueued(deps.state, wake);

  return {
    async stop(stopOpts: StopOptions = {}) {
      stopped = true;
      unsubscribe();
      giveBack(deps, held.splice(0));
      wake();
      if (stopOpts.graceMs === undefined) return loop;
      // Attempts still open past the grace keep their leases: a later process makes them again.
      await settledWithin(loop, stopOpts.graceMs);
    },
    async drain() {
      for (;;) {
        await Promise.allSettled([...running]);
        if (held.length > 0) {
          await Bun.sleep(1);
          continue;
        }
        const ran = await runDueDeliveries(deps, leaseMs);
        if (ran === 0 && running.size === 0 && held.length === 0) return;
      }
    },
    wake,
  };
}

/** The queue as the job registry carries it (registerWebhookJobs). */
export const webhookDeliveryQueue: LeasedQueue = {
  name: WEBHOOK_DELIVERY_QUEUE,
  start: startDeliveryWorkers,
  runDue: (deps, opts) => runDueDeliveries(deps, opts.leaseMs),
};
