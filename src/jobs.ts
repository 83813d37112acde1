/**
 * The worker pools and the job registry. Every job kind and schedule is declared by a module (src/modules.ts) and
 * assembled by src/composition.ts; this file says which kinds run in which pool.
 */
import { startWorkers, type JobRegistry, type Workers } from "./platform/jobs/worker";
import type { Deps } from "./platform/deps";
import { MAIL_SEND } from "./platform/mail/queue-mail";
import { MAIL_DISPATCH } from "./platform/mail/turns";
import { PROCESS_JOB } from "./domains/submissions";
import { DELIVER_JOB } from "./domains/webhooks";
import { REEL_RENDER_JOB } from "./domains/reels";
import { jobRegistryOf } from "./composition";

/** The registry of every job kind of src/modules.ts (what `assemble` returns as `registry`, without wiring any Deps). */
export function buildRegistry(): JobRegistry {
  return jobRegistryOf();
}

/** Job kinds that run ffmpeg or speech recognition: one pool, `PLAUDIT_MEDIA_CONCURRENCY` at a time. */
export const MEDIA_KINDS = [PROCESS_JOB, REEL_RENDER_JOB];
/** Outbound messages: their own pool, so a slow receiver never waits behind a render. */
export const DELIVERY_KINDS = [DELIVER_JOB, MAIL_SEND, MAIL_DISPATCH];

/** Starts the worker pools: media, deliveries, and everything else. */
export function startWorkerPools(deps: Deps, registry: JobRegistry, opts: { pollMs?: number } = {}): Workers {
  const all = registry.kinds();
  const rest = all.filter((k) => !MEDIA_KINDS.includes(k) && !DELIVERY_KINDS.includes(k));
  const pools = [
    startWorkers(deps, registry, {
      kinds: MEDIA_KINDS,
      concurrency: deps.config.mediaConcurrency,
      pollMs: opts.pollMs ?? 1000,
    }),
    startWorkers(deps, registry, { kinds: DELIVERY_KINDS, concurrency: 4, pollMs: opts.pollMs ?? 250 }),
    startWorkers(deps, registry, { kinds: rest, concurrency: 2, pollMs: opts.pollMs ?? 1000 }),
  ];
  return {
    stop: async (stopOpts) => void (await Promise.all(pools.map((p) => p.stop(stopOpts)))),
    drain: async () => {
      for (const p of pools) await p.drain();
    },
    wake: () => pools.forEach((p) => p.wake()),
  };
}
