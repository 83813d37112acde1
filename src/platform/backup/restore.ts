/**
 * Restoring a backup archive (`plaudit restore`): only into an empty or missing data directory, so nothing there
 * is ever overwritten or mixed with another installation's files. The archive is checked before anything is
 * placed: it must hold plaudit.db and secret.key, and only files, folders and hard links (how media/ and public/
 * share a published file) under relative names inside it; the database must pass SQLite's `PRAGMA
 * integrity_check`. It is unpacked into a folder beside the data directory (same disk) and moved into place only
 * once every check passed; a refused or failed restore leaves the data directory as it was. An older archive is
 * fine: `plaudit serve` applies the migrations it lacks at start.
 */
import { Database } from "bun:sqlite";
import {
  chmodSync,
  chownSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
import { basename, dirname, join } from "node:path";
import { STORAGE_FILE, type BackupSettings } from "../../config";
import { AppError } from "../errors";
import { ARCHIVE_AREAS, ARCHIVE_DB, ARCHIVE_SECRET } from "./archive";
import { downloadArchive } from "./target";

/** Entries a data directory may hold and still take a restore: the default folder of scheduled backups. */
const IGNORED = new Set(["backups", "lost+found"]);

/** What a restore put in place. */
export interface RestoreReport {
  dataDir: string;
  from: string;
  testimonials: number;
  files: number;
  /** `s3://…` when the data directory keeps its files in object storage (storage.json): not in the archive. */
  objectStorage: string | null;
  /** Set when the restored files were given to the owner of the parent folder (a restore run as root). */
  ownedBy: { uid: number; gid: number } | null;
}

/** Why a restore was refused or failed: exit code 1, the data directory unchanged. */
const refused = (message: string) => new AppError("restore_refused", 409, message);

/** Entries of `dir` that make it not empty for a restore; null when it does not exist. */
function occupants(dir: string): string[] | null {
  if (!existsSync(dir)) return null;
  if (!statSync(dir).isDirectory()) throw refused(`${dir} is a file, not a data directory.`);
  return readdirSync(dir)
    .filter((n) => !IGNORED.has(n))
    .sort();
}

/** Runs tar; its stdout, or a refusal naming what tar said. */
async function tar(args: string[], what: string): Promise<string> {
  const p = Bun.spawn(["tar", ...args], { stdout: "pipe", stderr: "pipe" });
  const [out, err, code] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text(), p.exited]);
  if (code !== 0) throw refused(`${what}: tar says ${err.trim() || `exit ${code}`}`);
  return out;
}

/** Checks the archive's listing: what a restore needs is there, and nothing points outside the folder. */
async function checkListing(archive: string, from: string) {
  const names = (await tar(["-tzf", archive], `${from} is not a readable .tar.gz archive`))
    .split("\n")
    .filter(Boolean)
    .map((n) => n.replace(/^\.\//, "").replace(/\/$/, ""));
  const long = (await tar(["-tvzf", archive], `${from} is not a readable .tar.gz archive`)).split("\n").filter(Boolean);
  // Hard links are how the data directory shares one file between media/ and public/ (published copies).
  const linkTargets = long.filter((l) => l[0] === "h").map((l) => l.split(" link to ").pop()!.replace(/^\.\//, ""));
  const outside = (n: string) => n.startsWith("/") || n.split("/").includes("..");
  const unsafe = [...names, ...linkTargets].filter(outside);
  if (unsafe.length)
    throw refused(`${from} names files outside its folder (${unsafe[0]}); it is not a Plaudit backup.`);
  if (long.some((l) => !["-", "d", "h"].includes(l[0]!)))
    throw refused(`${from} holds symbolic links or special files; a Plaudit backup holds only files and folders.`);
  const missing = [ARCHIVE_DB, ARCHIVE_SECRET].filter((n) => !names.includes(n));
  if (missing.length)
    throw refused(`${from} is not a Plaudit backup: it has no ${missing.join(" and ")} (made by plaudit backup).`);
}

/** Files under a folder, counted. */
function countFiles(dir: string): number {
  if (!existsSync(dir)) return 0;
  let n = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const st = lstatSync(path);
    n += st.isDirectory() ? countFiles(path) : st.isFile() ? 1 : 0;
  }
  return n;
}

/** Runs SQLite's own check on the unpacked database and counts the testimonials in it. */
function checkDatabase(path: string, from: string): number {
  let db: Database;
  try {
    db = new Database(path);
  } catch (e) {
    throw refused(`The database in ${from} cannot be opened: ${(e as Error).message}`);
  }
  try {
    const rows = db.query("PRAGMA integrity_check").all() as { integrity_check: string }[];
    const verdict = rows.map((r) => r.integrity_check).join("; ");
    if (verdict !== "ok")
      throw refused(`The database in ${from} is damaged (integrity_check: ${verdict.slice(0, 300)}).`);
    const columns = (db.query("PRAGMA table_info(submissions)").all() as { name: string }[]).map((c) => c.name);
    if (!columns.length)
      throw refused(`The database in ${from} has no testimonials table; it is not a Plaudit database.`);
    const live = columns.includes("deleted_at") ? " WHERE deleted_at IS NULL" : "";
    return (db.query(`SELECT count(*) AS n FROM submissions${live}`).get() as { n: number }).n;
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw refused(`The database in ${from} cannot be read: ${(e as Error).message}`);
  } finally {
    db.close();
  }
}

/** Gives every restored path to `uid:gid`. */
function chownTree(path: string, uid: number, gid: number) {
  chownSync(path, uid, gid);
  if (lstatSync(path).isDirectory()) for (const name of readdirSync(path)) chownTree(join(path, name), uid, gid);
}

/**
 * Restores the archive at `from` (a file, or `s3://bucket/key` read with the PLAUDIT_S3_* access of `settings`)
 * into `dataDir`, which must be empty or missing. Throws AppError `restore_refused` with what to do otherwise.
 */
export async function restoreArchive(from: string, dataDir: string, settings: BackupSettings): Promise<RestoreReport> {
  const before = occupants(dataDir);
  if (before?.length)
    throw refused(
      `${dataDir} is not empty (it holds ${before.slice(0, 4).join(", ")}${before.length > 4 ? ", …" : ""}). ` +
        `Restore only goes into an empty or new data directory, so nothing in it is overwritten: move it aside ` +
        `(mv ${dataDir} ${dataDir}.old) or give another --data-dir, then run this again.`,
    );
  const fromS3 = from.startsWith("s3://");
  if (!fromS3 && !existsSync(from)) throw refused(`There is no file ${from}.`);
  const parent = dirname(dataDir);
  mkdirSync(parent, { recursive: true });
  // Beside the data directory: the same disk, so moving the checked files into place is a rename.
  const stage = mkdtempSync(join(parent, `.${basename(dataDir)}-restore-`));
  try {
    let archive = from;
    if (fromS3) {
      archive = join(stage, "archive.tar.gz");
      try {
        await downloadArchive(from, settings, archive);
      } catch (e) {
        throw refused(`Could not read ${from}: ${(e as Error).message}`);
      }
    }
    await checkListing(archive, from);
    const unpacked = join(stage, "data");
    mkdirSync(unpacked, { mode: 0o700 });
    await tar(["-xzf", archive, "-C", unpacked, "--no-same-owner"], `${from} could not be unpacked`);
    if (!readFileSync(join(unpacked, ARCHIVE_SECRET), "utf8").trim())
      throw refused(`The secret.key in ${from} is empty; old API keys and links could not work with it.`);
    const testimonials = checkDatabase(join(unpacked, ARCHIVE_DB), from);
    const files = ARCHIVE_AREAS.reduce((n, area) => n + countFiles(join(unpacked, area)), 0);
    let objectStorage: string | null = null;
    if (existsSync(join(unpacked, STORAGE_FILE))) {
      try {
        objectStorage = String(JSON.parse(readFileSync(join(unpacked, STORAGE_FILE), "utf8")).url ?? "") || null;
      } catch {
        throw refused(`The storage.json in ${from} is not the JSON plaudit storage migrate writes.`);
      }
    }
    // Run as root for a service's data directory (/var/lib/plaudit): the files go to whoever owns that folder.
    const owner = statSync(parent);
    const ownedBy = process.getuid?.() === 0 && owner.uid !== 0 ? { uid: owner.uid, gid: owner.gid } : null;
    if (ownedBy) chownTree(unpacked, ownedBy.uid, ownedBy.gid);
    // Checked again: another process may have written there meanwhile.
    const now = occupants(dataDir);
    if (now?.length) throw refused(`${dataDir} is no longer empty (it holds ${now[0]}); nothing was restored.`);
    if (now === null) renameSync(unpacked, dataDir);
    else {
      for (const name of readdirSync(unpacked)) renameSync(join(unpacked, name), join(dataDir, name));
      chmodSync(dataDir, 0o700);
    }
    return { dataDir, from, testimonials, files, objectStorage, ownedBy };
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}
