/**
 * Writing a backup archive of a data directory: a consistent SQLite snapshot (`VACUUM INTO`, safe while the server
 * runs) plus the secret, the storage switch, the HTTPS certificates and the media and public files, packed into one
 * .tar.gz. Used by
 * `plaudit backup --to FILE` and by the scheduled backup job. The archive holds the secret and every testimonial,
 * so it is written 0600 (made empty with that mode before tar fills it, so it is never readable by others, not even
 * half-written) under a `.part` name and renamed into place, and the database copy inside is 0600 too.
 */
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdtempSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Database } from "bun:sqlite";
import { STORAGE_FILE } from "../../config";

/** The files at the top of an archive that a restore needs. */
export const ARCHIVE_DB = "plaudit.db";
/** The secret that signs URLs, cursors and API key hashes: without it, no old key or link works. */
export const ARCHIVE_SECRET = "secret.key";
/** The folders of files an archive carries (empty or absent after a move to object storage). */
export const ARCHIVE_AREAS = ["media", "public"] as const;

/**
 * The certificates the box serves itself (`tls/`, owner-only): restored with the rest, so a restored box serves
 * HTTPS at once instead of ordering again (Let's Encrypt limits orders per domain per week).
 */
export const ARCHIVE_TLS = "tls";

/** A written archive. */
export interface ArchiveWritten {
  path: string;
  bytes: number;
}

/**
 * Writes the archive of `dataDir` (whose open database is `sqlite`) to `target`, replacing a file there.
 * `VACUUM INTO` runs on the caller's thread: it copies the database only (media stay files), which takes well under
 * a second for the databases this appliance keeps; tar runs as a child process, killed when `signal` aborts.
 */
export async function writeBackupArchive(
  sqlite: Database,
  dataDir: string,
  target: string,
  signal?: AbortSignal,
): Promise<ArchiveWritten> {
  const stage = mkdtempSync(join(tmpdir(), "plaudit-backup-"));
  const tmp = `${target}.part`;
  try {
    const snapshot = join(stage, ARCHIVE_DB);
    sqlite.query("VACUUM INTO ?").run(snapshot);
    chmodSync(snapshot, 0o600);
    // The storage switch (`plaudit storage migrate`): a restored box must keep reading the bucket, not empty folders.
    for (const name of [ARCHIVE_SECRET, STORAGE_FILE]) {
      const file = join(dataDir, name);
      if (!existsSync(file)) continue;
      copyFileSync(file, join(stage, name));
      chmodSync(join(stage, name), 0o600);
    }
    for (const area of [...ARCHIVE_AREAS, ARCHIVE_TLS]) {
      const dir = join(dataDir, area);
      if (existsSync(dir)) symlinkSync(dir, join(stage, area));
    }
    rmSync(tmp, { force: true });
    writeFileSync(tmp, "", { mode: 0o600, flag: "wx" });
    // A job given up (shutdown, lost lease) stops its tar too, rather than leave it writing in the background.
    const proc = Bun.spawn(["tar", "-czhf", tmp, "-C", stage, "."], { stdout: "ignore", stderr: "pipe", signal });
    const [stderr, code] = await Promise.all([new Response(proc.stderr).text(), proc.exited]);
    if (code !== 0) throw new Error(`tar failed: ${stderr.trim()}`);
    chmodSync(tmp, 0o600);
    renameSync(tmp, target);
    return { path: target, bytes: Bun.file(target).size };
  } finally {
    rmSync(tmp, { force: true });
    rmSync(stage, { recursive: true, force: true });
  }
}
