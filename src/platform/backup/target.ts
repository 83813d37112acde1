/**
 * Where scheduled backups go (PLAUDIT_BACKUP_TO): a folder, or an S3 prefix reached with the same PLAUDIT_S3_*
 * settings and Bun client as object storage (src/platform/blob-store-s3.ts). Archives are named by the time the
 * backup started (`plaudit-backup-2026-11-27T03-00-00Z.tar.gz`), so sorting names sorts them by age, and the
 * retention count only ever touches names of that form (a `pre-upgrade-…` archive or one written by hand stays).
 */
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { BackupSettings } from "../../config";
import { parseS3Url, s3Client } from "../blob-store-s3";
import { randomToken } from "../crypto";

/** The name of a scheduled archive: the start time in UTC to the second, with `-` for `:` (file-name safe). */
export function archiveName(ms: number): string {
  return `plaudit-backup-${new Date(ms).toISOString().slice(0, 19).replace(/:/g, "-")}Z.tar.gz`;
}

/** Names `archiveName` makes, and only those. */
const SCHEDULED = /^plaudit-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz$/;

/** A place archives are kept. */
export interface BackupTarget {
  /** The folder or `s3://bucket/prefix`, for messages. */
  readonly where: string;
  /**
   * Stores an archive as `name`: `write` writes it to the local path it is given (in the folder itself, under a
   * temporary name, or in `workDir` before the upload to S3). Answers where it now is.
   */
  save(name: string, write: (localPath: string) => Promise<unknown>): Promise<string>;
  /** The scheduled archives there, oldest first. */
  scheduled(): Promise<string[]>;
  /** Deletes one archive; a missing one is fine. */
  remove(name: string): Promise<void>;
}

/** Opens the target of `settings.to`; `workDir` holds an archive on its way to S3 (the data directory's tmp/). */
export function openBackupTarget(settings: BackupSettings, workDir: string): BackupTarget {
  const loc = parseS3Url(settings.to);
  if (!loc) return folderTarget(settings.to);
  const client = s3Client({ bucket: loc.bucket, ...settings.s3 });
  const prefix = loc.prefix ? `${loc.prefix}/` : "";
  return {
    where: settings.to,
    async save(name, write) {
      mkdirSync(workDir, { recursive: true, mode: 0o700 });
      const local = join(workDir, `${randomToken(6)}-${name}`);
      try {
        await write(local);
        await client.file(prefix + name).write(Bun.file(local), { type: "application/gzip" });
      } finally {
        rmSync(local, { force: true });
      }
      return `s3://${loc.bucket}/${prefix}${name}`;
    },
    async scheduled() {
      const names: string[] = [];
      let continuationToken: string | undefined;
      for (;;) {
        const page = await client.list({
          prefix: `${prefix}plaudit-backup-`,
          ...(continuationToken ? { continuationToken } : {}),
        });
        for (const o of page.contents ?? []) {
          const name = o.key.slice(prefix.length);
          if (SCHEDULED.test(name)) names.push(name);
        }
        if (!page.isTruncated || !page.nextContinuationToken) break;
        continuationToken = page.nextContinuationToken;
      }
      return names.sort();
    },
    async remove(name) {
      await client.file(prefix + name).delete();
    },
  };
}

function folderTarget(dir: string): BackupTarget {
  return {
    where: dir,
    async save(name, write) {
      // Owner-only like the data directory: every archive holds the secret and every testimonial.
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      const path = join(dir, name);
      await write(path);
      return path;
    },
    async scheduled() {
      let names: string[];
      try {
        names = readdirSync(dir);
      } catch {
        return [];
      }
      return names.filter((n) => SCHEDULED.test(n)).sort();
    },
    async remove(name) {
      rmSync(join(dir, name), { force: true });
    },
  };
}

/**
 * Copies the archive at `s3://bucket/key` to the local file `path` (for `plaudit restore --from s3://…`), with
 * the PLAUDIT_S3_* access of `settings`; throws naming the object when it is not there.
 */
export async function downloadArchive(url: string, settings: BackupSettings, path: string): Promise<void> {
  const loc = parseS3Url(url);
  if (!loc || !loc.prefix) throw new Error(`${url} names no object: give s3://bucket/prefix/file.tar.gz`);
  const file = s3Client({ bucket: loc.bucket, ...settings.s3 }).file(loc.prefix);
  if (!(await file.exists())) throw new Error(`There is no object ${url} (check the name and PLAUDIT_S3_* settings).`);
  await Bun.write(path, file);
}
