/**
 * Files of the app, by area: `media/` (private originals and processed files) and `public/` (what the CDN address
 * serves), kept in a BlobStore (the data directory by default, or S3-compatible object storage). Work files stay
 * on local disk under the data directory's `tmp/`: `tempPath` names one, `adopt` moves a finished one into the
 * store, `withLocalCopy` gives a tool a local path to read. Upload parts (appended chunk by chunk) are local files
 * too: under `media/uploads/` with the data directory, under `tmp/uploads/` with object storage.
 */
import {
  appendFileSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
import { dirname, join, normalize, sep } from "node:path";
import { randomToken } from "./crypto";
import type { BlobBody, BlobData, BlobStat, BlobStore, ByteRange } from "./blob-store";
import { LocalBlobStore } from "./blob-store-local";

/** The two areas files live in. */
export type Area = "media" | "public";

/** File storage: the areas in a BlobStore, work files under `{root}/tmp`. */
export class Storage {
  /** Where the areas' files are kept. */
  readonly blobs: BlobStore;

  constructor(
    public readonly root: string,
    blobs?: BlobStore,
  ) {
    // The data directory holds the database and the secret: the owner's alone when Plaudit makes it.
    mkdirSync(root, { recursive: true, mode: 0o700 });
    this.blobs = blobs ?? new LocalBlobStore(root);
    if (this.blobs.kind === "local") {
      mkdirSync(join(root, "media"), { recursive: true });
      mkdirSync(join(root, "public"), { recursive: true });
    }
    mkdirSync(join(root, "tmp"), { recursive: true });
  }

  /** The full BlobStore key of `key` inside `area`. */
  key(area: Area, key: string): string {
    return `${area}/${key}`;
  }

  /** A fresh path under `tmp/` for work files; callers adopt or delete it. */
  tempPath(suffix = ""): string {
    return join(this.root, "tmp", `${Date.now()}-${randomToken(9)}${suffix}`);
  }

  /** Creates an empty work file under `tmp/` readable by the owner alone (it may hold personal data). */
  createWorkFile(suffix = ""): string {
    const path = this.tempPath(suffix);
    closeSync(openSync(path, "w", 0o600));
    return path;
  }

  /** A local work folder under `tmp/` (`workDir("reels", id)`); not created. */
  workDir(...parts: string[]): string {
    return this.local("tmp", parts.join("/"));
  }

  /** Deletes a work file or folder under `tmp/`; missing is fine. */
  removeWorkFile(path: string): void {
    const base = join(this.root, "tmp");
    if (!normalize(path).startsWith(base + sep)) throw new Error(`not a work file: ${path}`);
    rmSync(path, { recursive: true, force: true });
  }

  /** Writes a file whole (readers never see half of it). */
  write(area: Area, key: string, data: BlobData): Promise<void> {
    return this.blobs.put(this.key(area, key), data);
  }

  /** Moves a finished work file into place. */
  adopt(tempFile: string, area: Area, key: string): Promise<void> {
    return this.blobs.adoptFile(tempFile, this.key(area, key));
  }

  /** Copies a file to another place (replacing it whole). */
  copy(fromArea: Area, fromKey: string, toArea: Area, toKey: string): Promise<void> {
    return this.blobs.copy(this.key(fromArea, fromKey), this.key(toArea, toKey));
  }

  /** True when the file exists. */
  has(area: Area, key: string): Promise<boolean> {
    return this.blobs.exists(this.key(area, key));
  }

  /** Size and change time, or null when missing. */
  stat(area: Area, key: string): Promise<BlobStat | null> {
    return this.blobs.stat(this.key(area, key));
  }

  /** Size in bytes, or null when missing. */
  async size(area: Area, key: string): Promise<number | null> {
    return (await this.stat(area, key))?.size ?? null;
  }

  /** The file (or a byte range of it) as a response body; null when missing. */
  get(area: Area, key: string, range?: ByteRange): Promise<BlobBody | null> {
    return this.blobs.get(this.key(area, key), range);
  }

  /** Deletes a file or a folder (everything under `key/`); missing is fine. */
  async remove(area: Area, key: string): Promise<void> {
    const full = this.key(area, key);
    await Promise.all([this.blobs.delete(full), this.blobs.deletePrefix(`${full}/`)]);
  }

  /**
   * Starts `remove` without waiting, for callers inside a synchronous transaction. With the data directory the
   * file is gone when this returns; with object storage moments later (a failure is logged, the object stays).
   */
  discard(area: Area, key: string): void {
    this.remove(area, key).catch((e) =>
      console.error(JSON.stringify({ level: "error", msg: "storage delete failed", area, key, error: String(e) })),
    );
  }

  /** Runs `fn` with a local path holding the file (no copy with the data directory). */
  withLocalCopy<T>(area: Area, key: string, fn: (path: string) => Promise<T>): Promise<T> {
    return this.blobs.withLocalCopy(this.key(area, key), fn);
  }

  /**
   * A local path holding the file for as long as the work folder `dir` lives (a render reading its sources across
   * restarts): the real file with the data directory, else a copy made once under `dir`. Null when missing.
   */
  async localPathIn(area: Area, key: string, dir: string): Promise<string | null> {
    if (this.blobs instanceof LocalBlobStore)
      return (await this.blobs.exists(this.key(area, key))) ? this.blobs.pathOf(this.key(area, key)) : null;
    const path = join(dir, "sources", area, key);
    if (existsSync(path)) return path;
    const body = await this.blobs.get(this.key(area, key));
    if (!body) return null;
    mkdirSync(dirname(path), { recursive: true });
    const part = `${path}.${randomToken(6)}.part`;
    await Bun.write(part, new Response(body));
    renameSync(part, path);
    return path;
  }

  /** Local path of an upload part (`uploads/<id>.part`). */
  private partPath(key: string): string {
    return this.blobs.kind === "local" ? this.local("media", key) : this.local("tmp", key);
  }

  /** Size of an upload part, or null when there is none. */
  partSize(key: string): number | null {
    try {
      return statSync(this.partPath(key)).size;
    } catch {
      return null;
    }
  }

  /** When an upload part last grew (its file's modification time, ms since the epoch), or null when there is none. */
  partModifiedAt(key: string): number | null {
    try {
      return statSync(this.partPath(key)).mtimeMs;
    } catch {
      return null;
    }
  }

  /** Appends a chunk to an upload part. */
  appendPart(key: string, chunk: Uint8Array): void {
    const path = this.partPath(key);
    mkdirSync(dirname(path), { recursive: true });
    appendFileSync(path, chunk);
  }

  /** The first `n` bytes of an upload part. */
  readPartHead(key: string, n: number): Uint8Array {
    const fd = openSync(this.partPath(key), "r");
    try {
      const buf = Buffer.alloc(n);
      return buf.subarray(0, readSync(fd, buf, 0, n, 0));
    } finally {
      closeSync(fd);
    }
  }

  /** Deletes an upload part; missing is fine. */
  removePart(key: string): void {
    rmSync(this.partPath(key), { force: true });
  }

  /** Moves a finished upload part into place; false when there is no part. */
  async adoptPart(key: string, area: Area, dest: string): Promise<boolean> {
    if (this.partSize(key) === null) return false;
    await this.adopt(this.partPath(key), area, dest);
    return true;
  }

  /** Data directory only (tests, CLI): absolute path of `key` inside `area`; refuses keys that climb out of it. */
  path(area: Area, key: string): string {
    this.mustBeLocal("path");
    return this.local(area, key);
  }

  /** Data directory only (tests, CLI): true when a file or folder exists. Domain code uses `has`. */
  exists(area: Area, key: string): boolean {
    this.mustBeLocal("exists");
    return existsSync(this.local(area, key));
  }

  /** Data directory only (tests, CLI): names directly inside a folder of an area (empty when missing). */
  list(area: Area, key: string): string[] {
    this.mustBeLocal("list");
    try {
      return readdirSync(this.local(area, key));
    } catch {
      return [];
    }
  }

  private mustBeLocal(what: string) {
    if (this.blobs.kind !== "local")
      throw new Error(`storage.${what}() reads the data directory, but files are in ${this.blobs.kind} storage`);
  }

  /** Absolute local path of `key` under a folder of the data directory; refuses keys that climb out of it. */
  private local(folder: string, key: string): string {
    const base = join(this.root, folder);
    const full = normalize(join(base, key));
    if (!full.startsWith(base + sep)) throw new Error(`storage key escapes its area: ${key}`);
    return full;
  }
}
