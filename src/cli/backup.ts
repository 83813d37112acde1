/**
 * `plaudit backup --to FILE`: a consistent SQLite snapshot (`VACUUM INTO`, safe while the server runs) plus the
 * secret, media and public files, packed into one .tar.gz. Restore: unpack into an empty data directory. The
 * archive holds the secret and every testimonial, so it is written 0600 (made empty with that mode before tar
 * fills it, so it is never readable by others, not even half-written), and the database copy inside is 0600 too.
 */
import {
  mkdtempSync,
  rmSync,
  copyFileSync,
  existsSync,
  symlinkSync,
  renameSync,
  chmodSync,
  writeFileSync,
} from "node:fs";
import { join, resolve } from "node:path";
import { tmpdir } from "node:os";
import { STORAGE_FILE, type Config } from "../config";
import { createDeps } from "../bootstrap";
import { need, type Args } from "./args";
import { print } from "./output";

/** Writes the backup archive; returns its path and size. */
export async function backup(config: Config, args: Args) {
  const target = resolve(need(args, "--to", "plaudit backup --to FILE.tar.gz"));
  const deps = createDeps(config);
  const stage = mkdtempSync(join(tmpdir(), "plaudit-backup-"));
  try {
    const snapshot = join(stage, "plaudit.db");
    deps.db.$client.query("VACUUM INTO ?").run(snapshot);
    chmodSync(snapshot, 0o600);
    const secret = join(config.dataDir, "secret.key");
    if (existsSync(secret)) {
      copyFileSync(secret, join(stage, "secret.key"));
      chmodSync(join(stage, "secret.key"), 0o600);
    }
    // The storage switch (`plaudit storage migrate`): a restored box must keep reading the bucket, not empty folders.
    const storageFile = join(config.dataDir, STORAGE_FILE);
    if (existsSync(storageFile)) {
      copyFileSync(storageFile, join(stage, STORAGE_FILE));
      chmodSync(join(stage, STORAGE_FILE), 0o600);
    }
    for (const area of ["media", "public"]) {
      const dir = join(config.dataDir, area);
      if (existsSync(dir)) symlinkSync(dir, join(stage, area));
    }
    const tmp = `${target}.part`;
    rmSync(tmp, { force: true });
    writeFileSync(tmp, "", { mode: 0o600, flag: "wx" });
    const proc = Bun.spawnSync(["tar", "-czhf", tmp, "-C", stage, "."], { stderr: "pipe" });
    if (proc.exitCode !== 0) {
      rmSync(tmp, { force: true });
      throw new Error(`tar failed: ${proc.stderr.toString().trim()}`);
    }
    chmodSync(tmp, 0o600);
    renameSync(tmp, target);
    const size = Bun.file(target).size;
    print(
      args,
      { path: target, bytes: size },
      `Backup written to ${target} (${(size / 1024 / 1024).toFixed(1)} MB). Restore: mkdir data && tar -xzf ${target} -C data`,
    );
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}
