/**
 * Every job kind and schedule of the appliance, in one place: each domain registers its own kinds here.
 */
import { lt } from "drizzle-orm";
import { JobRegistry, startWorkers, type Workers } from "./platform/jobs/worker";
import type { Deps } from "./platform/deps";
import { MAIL_SEND } from "./platform/mail/queue-mail";
import type { Schedule } from "./platform/jobs/cron";
import { enqueue, pruneDone } from "./platform/jobs/queue";
import { registerMailJobs } from "./platform/mail/jobs";
import { sessions } from "./domains/accounts/tables";
import { registerSubmissionJobs, PROCESS_JOB } from "./domains/submissions";
import { registerWebhookJobs } from "./domains/webhooks";
import { DELIVER_JOB } from "./domains/webhooks/delivery-service";
import { registerCaptureJobs, EXPIRE_UPLOADS_JOB } from "./domains/capture/expiry";
import { registerExportJobs } from "./domains/exports";
import { registerRemovalJobs } from "./domains/removals";
import { registerWidgetJobs } from "./domains/widgets";
import { registerReelJobs, REEL_RENDER_JOB } from "./domains/reels";

const HOUSEKEEPING = "platform.housekeeping";

/** The registry of every job kind. */
export function buildRegistry(): JobRegistry {
  const registry = new JobRegistry();
  registerMailJobs(registry);
  registerSubmissionJobs(registry);
  registerWebhookJobs(registry);
  registerCaptureJobs(registry);
  registerExportJobs(registry);
  registerRemovalJobs(registry);
  registerWidgetJobs(registry);
  registerReelJobs(registry);
  registry.register(HOUSEKEEPING, {
    async handle(_job, deps) {
      const now = deps.clock.now();
      pruneDone(deps.db, deps.clock, 7 * 24 * 3600_000);
      deps.db.delete(sessions).where(lt(sessions.expiresAt, now)).run();
    },
    maxAttempts: 3,
  });
  return registry;
}

/** Recurring schedules; they only enqueue jobs (deduplicated per tick). */
export const schedules: Schedule[] = [
  {
    name: "housekeeping",
    pattern: "17 3 * * *",
    run: (deps) => {
      enqueue(deps.db, deps.clock, { kind: HOUSEKEEPING, payload: {}, dedupeKey: `${HOUSEKEEPING}:${new Date(deps.clock.now()).toISOString().slice(0, 10)}` });
    },
  },
  {
    name: "expire abandoned uploads",
    pattern: "41 * * * *",
    run: (deps) => {
      enqueue(deps.db, deps.clock, { kind: EXPIRE_UPLOADS_JOB, payload: {}, dedupeKey: EXPIRE_UPLOADS_JOB });
    },
  },
];

/** Job kinds that run ffmpeg or speech recognition: one pool, `PLAUDIT_MEDIA_CONCURRENCY` at a time. */
export const MEDIA_KINDS = [PROCESS_JOB, REEL_RENDER_JOB];
/** Outbound messages: their own pool, so a slow receiver never waits behind a render. */
export const DELIVERY_KINDS = [DELIVER_JOB, MAIL_SEND];

/** Starts the worker pools: media, deliveries, and everything else. */
export function startWorkerPools(deps: Deps, registry: JobRegistry, opts: { pollMs?: number } = {}): Workers {
  const all = registry.kinds();
  const rest = all.filter((k) => !MEDIA_KINDS.includes(k) && !DELIVERY_KINDS.includes(k));
  const pools = [
    startWorkers(deps, registry, { kinds: MEDIA_KINDS, concurrency: deps.config.mediaConcurrency, pollMs: opts.pollMs ?? 1000 }),
    startWorkers(deps, registry, { kinds: DELIVERY_KINDS, concurrency: 4, pollMs: opts.pollMs ?? 250 }),
    startWorkers(deps, registry, { kinds: rest, concurrency: 2, pollMs: opts.pollMs ?? 1000 }),
  ];
  return {
    stop: async () => void (await Promise.all(pools.map((p) => p.stop()))),
    drain: async () => {
      for (const p of pools) await p.drain();
    },
    wake: () => pools.forEach((p) => p.wake()),
  };
}
