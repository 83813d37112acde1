/**
 * The scheduled backup: PLAUDIT_BACKUP_SCHEDULE enqueues a `platform.backup` job (schedules only enqueue), which
 * writes an archive with the code of `plaudit backup` (archive.ts) to PLAUDIT_BACKUP_TO, then deletes the oldest
 * scheduled archives there beyond PLAUDIT_BACKUP_KEEP. Each outcome is logged and recorded (status.ts) for the
 * dashboard's health banner and `plaudit doctor`.
 */
import { and, eq, inArray } from "drizzle-orm";
import { join } from "node:path";
import type { Deps } from "../deps";
import { tx } from "../db/client";
import type { ModuleSchedule } from "../module";
import { enqueue } from "../jobs/queue";
import { jobs, PRIORITY } from "../jobs/tables";
import type { JobRegistry } from "../jobs/worker";
import { writeBackupArchive } from "./archive";
import { archiveName, openBackupTarget } from "./target";
import { recordBackup } from "./status";
import { messageOf } from "../errors";

/** Job kind of a scheduled backup. */
export const BACKUP_JOB = "platform.backup";

/** Writes one archive and applies the retention count; records and logs the outcome. */
export async function runScheduledBackup(deps: Deps, signal?: AbortSignal): Promise<string> {
  const { config, clock, log } = deps;
  const started = clock.now();
  const target = openBackupTarget(config.backups, join(config.dataDir, "tmp"));
  let bytes = 0;
  let where: string;
  try {
    where = await target.save(archiveName(started), async (path) => {
      bytes = (await writeBackupArchive(deps.db.$client, config.dataDir, path, signal)).bytes;
    });
  } catch (e) {
    const error = `The backup to ${target.where} failed: ${messageOf(e)}`;
    recordBackup(config.dataDir, { lastFailure: { at: clock.now(), error } });
    log.error(`scheduled backup FAILED: ${error}`, { to: target.where });
    throw e;
  }
  recordBackup(config.dataDir, { lastSuccess: { at: clock.now(), archive: where, bytes } });
  let removed: string[] = [];
  try {
    const names = await target.scheduled();
    removed = names.slice(0, Math.max(0, names.length - config.backups.keep));
    for (const name of removed) await target.remove(name);
  } catch (e) {
    // The new archive is safe; older ones piling up would fill the disk, so this is shown as a failure too.
    const error = `The backup ${where} was written, but older archives in ${target.where} could not be deleted: ${messageOf(e)}`;
    recordBackup(config.dataDir, { lastFailure: { at: clock.now(), error } });
    log.error(`scheduled backup retention FAILED: ${error}`);
    return where;
  }
  log.info("scheduled backup written", { archive: where, bytes, ms: clock.now() - started, removed });
  return where;
}

/** Registers the backup job kind. */
export function registerBackupJob(registry: JobRegistry) {
  registry.register(BACKUP_JOB, {
    handle: (_job, deps, run) => runScheduledBackup(deps, run.signal).then(() => undefined),
    // A passing network fault to the bucket gets two more tries before the next scheduled run.
    maxAttempts: 3,
    backoffMs: (attempt) => 60_000 * attempt,
    timeoutMs: 3 * 3600_000,
  });
}

/** The schedule of PLAUDIT_BACKUP_SCHEDULE (off without it). */
export const backupSchedule: ModuleSchedule = {
  name: "backup",
  pattern: (config) => config.backups.schedule,
  enqueues: [BACKUP_JOB],
  run(deps) {
    // One backup at a time: a tick while the last one still waits or runs (a slow upload, a retry) adds nothing.
    // Checked and enqueued in one write transaction, so two processes ticking together add one job between them.
    tx(deps.db, (db) => {
      const busy = db
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.kind, BACKUP_JOB), inArray(jobs.status, ["queued", "running"])))
        .get();
      if (!busy)
        enqueue(
          { db, clock: deps.clock, state: deps.state },
          { kind: BACKUP_JOB, payload: {}, priority: PRIORITY.maintenance },
        );
    });
  },
};
