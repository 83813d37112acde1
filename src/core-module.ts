/**
 * The appliance's own module (no domain of its own): sending queued mail, the nightly housekeeping that prunes
 * finished jobs and expired sessions, the daily renewal of the certificates the box serves itself, and the scheduled
 * backups of PLAUDIT_BACKUP_SCHEDULE.
 */
import { lt } from "drizzle-orm";
import type { DomainModule } from "./platform/module";
import { enqueue, pruneDone } from "./platform/jobs/queue";
import { registerMailJobs } from "./platform/mail/jobs";
import { registerTlsJobs, scheduleRenewal, TLS_RENEW } from "./platform/tls/jobs";
import type { JobRegistry } from "./platform/jobs/worker";
import { sessions } from "./domains/accounts/tables";
import { backupSchedule, registerBackupJob } from "./platform/backup/job";

/** Job kind of the nightly housekeeping. */
export const HOUSEKEEPING = "platform.housekeeping";

/** Mail sending, the housekeeping job and its schedule, and the scheduled backup. */
export const coreModule: DomainModule = {
  name: "core",
  jobs: (registry: JobRegistry) => {
    registerMailJobs(registry);
    registerTlsJobs(registry);
    registerBackupJob(registry);
    registry.register(HOUSEKEEPING, {
      async handle(_job, deps) {
        const now = deps.clock.now();
        pruneDone(deps.db, deps.clock, 7 * 24 * 3600_000);
        deps.db.delete(sessions).where(lt(sessions.expiresAt, now)).run();
      },
      maxAttempts: 3,
    });
  },
  schedules: [
    {
      name: "certificate renewal",
      pattern: "41 4 * * *",
      enqueues: [TLS_RENEW],
      run: (deps) => {
        if (deps.certificates.enabled) scheduleRenewal(deps);
      },
    },
    {
      name: "housekeeping",
      pattern: "17 3 * * *",
      enqueues: [HOUSEKEEPING],
      run: (deps) => {
        enqueue(deps, {
          kind: HOUSEKEEPING,
          payload: {},
          dedupeKey: `${HOUSEKEEPING}:${new Date(deps.clock.now()).toISOString().slice(0, 10)}`,
        });
      },
    },
    backupSchedule,
  ],
};
