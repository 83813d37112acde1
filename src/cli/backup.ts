/**
 * `plaudit backup --to FILE`: a consistent snapshot of the data directory in one .tar.gz (src/platform/backup/
 * archive.ts, shared with the scheduled backup job). Restore with `plaudit restore --from FILE`.
 */
import { resolve } from "node:path";
import type { Config } from "../config";
import { createDeps } from "../bootstrap";
import { writeBackupArchive } from "../platform/backup/archive";
import { need, type Args } from "./args";
import { print } from "./output";

/** Writes the backup archive; prints its path and size. */
export async function backup(config: Config, args: Args) {
  const target = resolve(need(args, "--to", "plaudit backup --to FILE.tar.gz"));
  const deps = createDeps(config);
  const { path, bytes } = await writeBackupArchive(deps.db.$client, config.dataDir, target);
  print(
    args,
    { path, bytes },
    `Backup written to ${path} (${(bytes / 1024 / 1024).toFixed(1)} MB). Restore: plaudit restore --from ${path} --data-dir EMPTY_DIR`,
  );
}
