/**
 * The settings of scheduled backups and shutdown (src/config.ts), archive names (sortable by time, and the only
 * names the retention count touches), when a schedule next runs, and when the backups count as failing.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { ConfigError, loadConfig } from "../../src/config";
import { archiveName, openBackupTarget } from "../../src/platform/backup/target";
import { backupStatus, BACKUP_STATUS_FILE, nextRunOf, recordBackup } from "../../src/platform/backup/status";

const dir = mkdtempSync(join(tmpdir(), "plaudit-backup-settings-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const problems = (env: Record<string, string>) => {
  try {
    loadConfig({ PLAUDIT_DATA_DIR: dir, ...env });
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as Error).message;
  }
  throw new Error("expected a ConfigError");
};

describe("settings", () => {
  test("defaults: no schedule, the data directory's backups/ folder, seven kept, a 20 s grace", () => {
    const c = loadConfig({ PLAUDIT_DATA_DIR: dir });
    expect(c.backups).toEqual({
      schedule: null,
      to: join(dir, "backups"),
      keep: 7,
      s3: { endpoint: null, region: null, accessKeyId: null, secretAccessKey: null },
    });
    expect(c.shutdownGraceMs).toBe(20_000);
  });

  test("a folder is made absolute, an s3:// target is kept with the PLAUDIT_S3_* access", () => {
    expect(loadConfig({ PLAUDIT_BACKUP_TO: "some/where" }).backups.to).toBe(resolve("some/where"));
    const c = loadConfig({
      PLAUDIT_BACKUP_SCHEDULE: "0 3 * * *",
      PLAUDIT_BACKUP_TO: "s3://bucket/nightly",
      PLAUDIT_BACKUP_KEEP: "30",
      PLAUDIT_S3_ENDPOINT: "http://127.0.0.1:9000",
      PLAUDIT_S3_ACCESS_KEY_ID: "id",
      PLAUDIT_S3_SECRET_ACCESS_KEY: "secret",
      PLAUDIT_SHUTDOWN_GRACE_SECONDS: "5",
    });
    expect(c.backups).toMatchObject({ schedule: "0 3 * * *", to: "s3://bucket/nightly", keep: 30 });
    expect(c.backups.s3).toMatchObject({ endpoint: "http://127.0.0.1:9000", accessKeyId: "id" });
    expect(c.shutdownGraceMs).toBe(5000);
  });

  test("a pattern croner refuses, a bad keep count or target stop the start, each naming its variable", () => {
    expect(problems({ PLAUDIT_BACKUP_SCHEDULE: "every night" })).toContain(
      'PLAUDIT_BACKUP_SCHEDULE must be a cron pattern such as "0 3 * * *"',
    );
    expect(problems({ PLAUDIT_BACKUP_SCHEDULE: "61 3 * * *" })).toContain("Invalid value for minute: 61");
    expect(problems({ PLAUDIT_BACKUP_KEEP: "0" })).toContain("PLAUDIT_BACKUP_KEEP must be a whole number from 1");
    expect(problems({ PLAUDIT_BACKUP_TO: "s3://" })).toContain("PLAUDIT_BACKUP_TO must be a folder or s3://");
    expect(problems({ PLAUDIT_SHUTDOWN_GRACE_SECONDS: "-1" })).toContain("PLAUDIT_SHUTDOWN_GRACE_SECONDS");
    // Seconds first, as croner reads six fields.
    expect(loadConfig({ PLAUDIT_BACKUP_SCHEDULE: "*/10 * * * * *" }).backups.schedule).toBe("*/10 * * * * *");
  });
});

describe("archives and status", () => {
  test("names sort by time and say it in UTC", () => {
    const a = archiveName(Date.UTC(2026, 10, 27, 3, 0, 0, 999));
    expect(a).toBe("plaudit-backup-2026-11-27T03-00-00Z.tar.gz");
    const later = [Date.UTC(2026, 10, 27, 3, 0, 1), Date.UTC(2026, 11, 1), Date.UTC(2027, 0, 1)].map(archiveName);
    expect([...later, a].sort()).toEqual([a, ...later]);
  });

  test("a folder target lists only scheduled archives, oldest first, and makes its folder owner-only", async () => {
    const to = join(dir, "target");
    const target = openBackupTarget({ ...loadConfig({}).backups, to }, join(dir, "tmp"));
    for (const name of [
      archiveName(Date.UTC(2026, 0, 2)),
      "pre-upgrade-2026-01-01T00-00-00Z.tar.gz",
      archiveName(Date.UTC(2026, 0, 1)),
    ])
      await target.save(name, (path) => Bun.write(path, name));
    await Bun.write(join(to, `${archiveName(Date.UTC(2026, 0, 3))}.part`), "half");
    expect(statSync(to).mode & 0o777).toBe(0o700);
    expect(await target.scheduled()).toEqual([archiveName(Date.UTC(2026, 0, 1)), archiveName(Date.UTC(2026, 0, 2))]);
    await target.remove(archiveName(Date.UTC(2026, 0, 1)));
    expect(await target.scheduled()).toEqual([archiveName(Date.UTC(2026, 0, 2))]);
  });

  test("the next run follows the pattern in UTC; none without one", () => {
    const now = Date.UTC(2026, 10, 27, 2, 59, 59);
    expect(nextRunOf("0 3 * * *", now)).toBe(Date.UTC(2026, 10, 27, 3, 0, 0));
    expect(nextRunOf("* * * * * *", now)).toBe(now + 1000);
    expect(nextRunOf(null, now)).toBeNull();
  });

  test("failing while the last failure is newer than the last success", () => {
    const data = join(dir, "status");
    mkdirSync(data);
    const config = { dataDir: data, backups: { ...loadConfig({}).backups, schedule: "0 3 * * *" } };
    expect(backupStatus(config, 0)).toMatchObject({ lastSuccess: null, lastFailure: null, failing: false });
    recordBackup(data, { lastFailure: { at: 10, error: "no room" } });
    expect(statSync(join(data, BACKUP_STATUS_FILE)).mode & 0o777).toBe(0o600);
    expect(backupStatus(config, 0).failing).toBe(true);
    recordBackup(data, { lastSuccess: { at: 20, archive: "a", bytes: 1 } });
    expect(backupStatus(config, 0)).toMatchObject({ failing: false, lastFailure: { at: 10, error: "no room" } });
    recordBackup(data, { lastFailure: { at: 30, error: "again" } });
    expect(backupStatus(config, 0).failing).toBe(true);
  });
});
