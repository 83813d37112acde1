/**
 * What the scheduled backups last did, kept in the data directory (`backup-status.json`) rather than in memory or
 * the jobs table: it outlives restarts and the pruning of finished jobs, and `plaudit doctor`, a second process on
 * the same data directory, reads what the server's worker wrote. Shown to the operator's owners and admins by
 * `GET /v1/system/health` (the dashboard's banner) and printed by `plaudit doctor`.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Cron } from "croner";
import type { Config } from "../../config";

/** The file, in the data directory. */
export const BACKUP_STATUS_FILE = "backup-status.json";

/** The last outcome of each kind (times in ms since the epoch). */
export interface BackupRecord {
  lastSuccess: { at: number; archive: string; bytes: number } | null;
  lastFailure: { at: number; error: string } | null;
}

/** The record with the schedule around it, as the health answer and the doctor show it. */
export interface BackupStatus extends BackupRecord {
  schedule: string | null;
  to: string;
  keep: number;
  /** The last attempt failed (a failure newer than the last success). */
  failing: boolean;
  nextRunAt: number | null;
}

const EMPTY: BackupRecord = { lastSuccess: null, lastFailure: null };

/** The record of a data directory; empty when no scheduled backup has run (or the file cannot be read). */
export function readBackupRecord(dataDir: string): BackupRecord {
  const file = join(dataDir, BACKUP_STATUS_FILE);
  if (!existsSync(file)) return EMPTY;
  try {
    const j = JSON.parse(readFileSync(file, "utf8")) as Partial<BackupRecord>;
    return { lastSuccess: j.lastSuccess ?? null, lastFailure: j.lastFailure ?? null };
  } catch {
    return EMPTY;
  }
}

/** Records a success or a failure, keeping the other; written whole (temporary name, then rename). */
export function recordBackup(dataDir: string, change: Partial<BackupRecord>): void {
  const next = { ...readBackupRecord(dataDir), ...change };
  const file = join(dataDir, BACKUP_STATUS_FILE);
  writeFileSync(`${file}.tmp`, JSON.stringify(next, null, 2) + "\n", { mode: 0o600 });
  renameSync(`${file}.tmp`, file);
}

/** When a cron pattern next fires after `now` (UTC); null without a pattern. */
export function nextRunOf(pattern: string | null, now: number): number | null {
  if (!pattern) return null;
  const cron = new Cron(pattern, { paused: true, timezone: "UTC" });
  try {
    return cron.nextRun(new Date(now))?.getTime() ?? null;
  } finally {
    cron.stop();
  }
}

/** The backups' status for a config at `now`. */
export function backupStatus(config: Pick<Config, "dataDir" | "backups">, now: number): BackupStatus {
  const record = readBackupRecord(config.dataDir);
  const { schedule, to, keep } = config.backups;
  return {
    ...record,
    schedule,
    to,
    keep,
    failing: !!record.lastFailure && (!record.lastSuccess || record.lastFailure.at >= record.lastSuccess.at),
    nextRunAt: nextRunOf(schedule, now),
  };
}
