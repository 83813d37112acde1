/**
 * `plaudit restore --from FILE|s3://bucket/prefix/file.tar.gz [--data-dir D]`: puts a backup archive into an
 * empty or new data directory (src/platform/backup/restore.ts) and says what it restored. Refuses a data directory
 * that holds anything (exit 1, nothing changed).
 */
import { resolve } from "node:path";
import type { Config } from "../config";
import { restoreArchive } from "../platform/backup/restore";
import { need, type Args } from "./args";
import { print } from "./output";

/** Restores the archive of `--from` into the configured data directory. */
export async function restore(config: Config, args: Args): Promise<number> {
  const raw = need(args, "--from", "plaudit restore --from FILE.tar.gz|s3://bucket/prefix/file.tar.gz [--data-dir D]");
  const from = raw.startsWith("s3://") ? raw : resolve(raw);
  const r = await restoreArchive(from, config.dataDir, config.backups);
  const lines = [
    `Restored ${from} into ${r.dataDir}: ${r.testimonials} testimonial${r.testimonials === 1 ? "" : "s"}, ${r.files} file${r.files === 1 ? "" : "s"}, the database and secret.key.`,
  ];
  if (r.ownedBy) lines.push(`The restored files belong to uid ${r.ownedBy.uid} (the owner of the folder above it).`);
  if (r.objectStorage)
    lines.push(
      `This data directory keeps its media and public files in object storage (${r.objectStorage}). The bucket itself is not in the archive: those files are read from the bucket as it is now.`,
    );
  lines.push("Start it with plaudit serve: it applies any database migrations the archive lacks.");
  print(
    args,
    {
      data_dir: r.dataDir,
      from,
      testimonials: r.testimonials,
      files: r.files,
      object_storage: r.objectStorage,
    },
    lines,
  );
  return 0;
}
