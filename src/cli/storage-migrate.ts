/**
 * `plaudit storage migrate --to s3://bucket/prefix [--dry-run]`: copies every file of the data directory's `media/`
 * and `public/` areas to an S3-compatible bucket, verifies that every file is there with its size, then records
 * the switch in the data directory's `storage.json` (src/config.ts reads it), so the next `plaudit serve` keeps its
 * files in the bucket. An object already in the bucket with the same size and not older than the local file is
 * skipped, so a run that crashed or was killed resumes where it stopped. Objects under the bucket's `media/` and
 * `public/` with no file in the data directory any more (erased or replaced since an earlier pass) are deleted, so
 * an erasure between two passes does not survive in the bucket; for the same reason a data directory that has
 * already switched (its `storage.json` exists) is refused. Unfinished resumable uploads
 * (`media/uploads/*.part`, appended chunk by chunk) are not objects: they move to `tmp/uploads/`, where the server
 * keeps them with object storage. The local copies stay in place until the operator deletes them.
 */
import { chmodSync, existsSync, mkdirSync, readdirSync, renameSync, statSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { STORAGE_FILE, type Config } from "../config";
import { S3BlobStore, parseS3Url } from "../platform/blob-store-s3";
import { UsageError, type Args } from "./args";
import { print } from "./output";

/** One local file to copy. */
interface LocalFile {
  key: string;
  path: string;
  size: number;
  mtimeMs: number;
}

/** What a run did (the `--json` output). */
export interface MigrateReport {
  to: string;
  dry_run: boolean;
  files: number;
  bytes: number;
  copied: number;
  copied_bytes: number;
  skipped: number;
  /** Objects in the bucket with no local file any more: deleted (or, in a dry run, to delete). */
  deleted: string[];
  /** Keys that would be copied (dry run) or were copied. */
  keys: string[];
  verified: boolean;
  upload_parts_moved: number;
  storage_file: string | null;
}

const AREAS = ["media", "public"] as const;
/** Files copied at once. */
const PARALLEL = 8;
/** A progress line on stderr every this many files. */
const PROGRESS_EVERY = 25;

/** Every file of the areas, as BlobStore keys; skips hidden `.part` files of writes in progress and upload parts. */
function localFiles(dataDir: string): LocalFile[] {
  const out: LocalFile[] = [];
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      const key = relative(dataDir, path).split(sep).join("/");
      if (entry.isDirectory()) {
        if (key !== "media/uploads") walk(path);
      } else if (entry.isFile() && !(entry.name.startsWith(".") && entry.name.endsWith(".part"))) {
        const st = statSync(path);
        out.push({ key, path, size: st.size, mtimeMs: st.mtimeMs });
      }
    }
  };
  for (const area of AREAS) walk(join(dataDir, area));
  return out.sort((a, b) => (a.key < b.key ? -1 : 1));
}

/** What the bucket holds under the areas: key → size and change time. */
async function remoteFiles(store: S3BlobStore): Promise<Map<string, { size: number; mtimeMs: number }>> {
  const map = new Map<string, { size: number; mtimeMs: number }>();
  for (const area of AREAS) for (const o of await store.listStat(`${area}/`)) map.set(o.key, o);
  return map;
}

/** True when the bucket already holds this file: same size, written after the local file last changed. */
const alreadyThere = (f: LocalFile, remote: { size: number; mtimeMs: number } | undefined) =>
  !!remote && remote.size === f.size && remote.mtimeMs >= Math.floor(f.mtimeMs / 1000) * 1000;

/** Copies, verifies and switches; returns the exit code (1 when verification fails). */
export async function storageMigrate(config: Config, args: Args): Promise<number> {
  const s3 = config.s3;
  const loc = s3 && parseS3Url(s3.url);
  if (!s3 || !loc) throw new Error("plaudit storage migrate needs --to s3://bucket/prefix");
  const file = join(config.dataDir, STORAGE_FILE);
  if (existsSync(file)) {
    throw new UsageError(
      `${file} exists: this data directory already keeps its files in object storage. Nothing was copied. (Delete the file only to go back to the data directory.)`,
    );
  }
  const dryRun = args.bools.has("--dry-run");
  const store = new S3BlobStore(
    {
      ...loc,
      endpoint: s3.endpoint,
      region: s3.region,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
    },
    join(config.dataDir, "tmp"),
  );
  const files = localFiles(config.dataDir);
  const remote = await remoteFiles(store);
  const toCopy = files.filter((f) => !alreadyThere(f, remote.get(f.key)));
  const local = new Set(files.map((f) => f.key));
  const stale = [...remote.keys()].filter((k) => !local.has(k));
  const bytes = files.reduce((n, f) => n + f.size, 0);
  const report: MigrateReport = {
    to: s3.url,
    dry_run: dryRun,
    files: files.length,
    bytes,
    copied: 0,
    copied_bytes: 0,
    skipped: files.length - toCopy.length,
    deleted: stale,
    keys: toCopy.map((f) => f.key),
    verified: false,
    upload_parts_moved: 0,
    storage_file: null,
  };
  if (dryRun) {
    const lines = [
      `Dry run: ${toCopy.length} of ${files.length} files (${mb(toCopy.reduce((n, f) => n + f.size, 0))} of ${mb(bytes)}) would be copied to ${s3.url}; ${report.skipped} are already there.`,
      ...toCopy.map((f) => `  ${f.key}  ${f.size} B`),
      ...(stale.length
        ? [
            `${stale.length} objects in the bucket have no file here any more and would be deleted:`,
            ...stale.map((k) => `  ${k}`),
          ]
        : []),
    ];
    print(args, report, lines);
    return 0;
  }

  // Copy, a few at a time; the progress line lets an operator (and the crash test) see how far it got.
  let next = 0;
  const copyNext = async (): Promise<void> => {
    for (;;) {
      const f = toCopy[next++];
      if (!f) return;
      await store.put(f.key, Bun.file(f.path), { contentType: Bun.file(f.path).type });
      report.copied++;
      report.copied_bytes += f.size;
      if (report.copied % PROGRESS_EVERY === 0) process.stderr.write(`copied ${report.copied}/${toCopy.length}\n`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, toCopy.length) }, copyNext));
  for (const key of stale) await store.delete(key);

  // Verify: every local file is in the bucket with its size.
  const after = await remoteFiles(store);
  const wrong = [
    ...files
      .filter((f) => after.get(f.key)?.size !== f.size)
      .map((f) => `${f.key} (local ${f.size} B, bucket ${after.get(f.key)?.size ?? "missing"})`),
    ...[...after.keys()].filter((k) => !local.has(k)).map((k) => `${k} (no local file, still in the bucket)`),
  ];
  if (wrong.length) {
    print(args, { ...report, mismatched: wrong }, [
      `Copied ${report.copied} files, but ${wrong.length} do not match in ${s3.url}; nothing was switched. Run the command again:`,
      ...wrong.map((w) => `  ${w}`),
    ]);
    return 1;
  }
  report.verified = true;

  // Unfinished resumable uploads continue from tmp/uploads/ once files are in the bucket.
  const parts = join(config.dataDir, "media", "uploads");
  if (existsSync(parts)) {
    mkdirSync(join(config.dataDir, "tmp", "uploads"), { recursive: true });
    for (const name of readdirSync(parts)) {
      renameSync(join(parts, name), join(config.dataDir, "tmp", "uploads", name));
      report.upload_parts_moved++;
    }
  }

  // The switch: storage.json, owner-only (it may hold the keys), written whole.
  const settings = {
    url: s3.url,
    endpoint: s3.endpoint,
    region: s3.region,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    migratedAt: new Date().toISOString(),
  };
  writeFileSync(`${file}.part`, JSON.stringify(settings, null, 2) + "\n", { mode: 0o600 });
  chmodSync(`${file}.part`, 0o600);
  renameSync(`${file}.part`, file);
  report.storage_file = file;
  print(args, report, [
    `Copied ${report.copied} files (${mb(report.copied_bytes)}) to ${s3.url}; ${report.skipped} were already there; deleted ${stale.length} objects that have no file here any more.`,
    `Verified: all ${files.length} files (${mb(bytes)}) are in the bucket with the same size.`,
    ...(report.upload_parts_moved ? [`Moved ${report.upload_parts_moved} unfinished upload(s) to tmp/uploads/.`] : []),
    `Switched: ${file} now keeps files in ${s3.url} (PLAUDIT_STORAGE_URL and PLAUDIT_S3_* still override it).`,
    `Restart plaudit serve. The local copies in media/ and public/ are no longer read; delete them once the site works.`,
  ]);
  return 0;
}

const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;
