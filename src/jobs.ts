/**
 * Every job kind and schedule of the appliance, in one place: each domain registers its own kinds here.
 */
import { lt } from "drizzle-orm";
import { JobRegistry } from "./platform/jobs/worker";
import type { Schedule } from "./platform/jobs/cron";
import { enqueue, pruneDone } from "./platform/jobs/queue";
import { registerMailJobs } from "./platform/mail/jobs";
import { sessions } from "./domains/accounts/tables";
import { registerSubmissionJobs } from "./domains/submissions";
import { registerWebhookJobs } from "./domains/webhooks";
import { registerCaptureJobs, EXPIRE_UPLOADS_JOB } from "./domains/capture/expiry";

const HOUSEKEEPING = "platform.housekeeping";

/** The registry of every job kind. */
export function buildRegistry(): JobRegistry {
  const registry = new JobRegistry();
  registerMailJobs(registry);
  registerSubmissionJobs(registry);
  registerWebhookJobs(registry);
  registerCaptureJobs(registry);
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
