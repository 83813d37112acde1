/**
 * The data-directory BlobStore: key `media/a/b.mp4` is the file `{dataDir}/media/a/b.mp4`. Writes go to a hidden
 * temporary name beside the target and are renamed into place. Deletes, and writes of strings and bytes, finish
 * before the returned promise is first awaited (plain synchronous file calls), so callers inside a synchronous
 * transaction may start them without waiting and still find them done. Content types and cache lifetimes are not
 * kept: the box's CDN routes answer each file by its name (src/platform/public-files.ts).
 */
import {
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { randomToken } from "./crypto";
import {
  checkKey,
  checkPrefix,
  type BlobBody,
  type BlobData,
  type BlobHead,
  type BlobStat,
  type BlobStore,
  type ByteRange,
} from "./blob-store";

/** BlobStore on the data directory. */
export class LocalBlobStore implements BlobStore {
  readonly kind = "local" as const;
  constructor(readonly root: string) {}

  /** Absolute path of a key (checked). */
  pathOf(key: string): string {
    return join(this.root, checkKey(key));
  }

  private partFor(full: string) {
    mkdirSync(dirname(full), { recursive: true });
    return join(dirname(full), `.${randomToken(6)}.part`);
  }

  async put(key: string, data: BlobData): Promise<void> {
    const full = this.pathOf(key);
    const tmp = this.partFor(full);
    try {
      if (typeof data === "string" || data instanceof Uint8Array) writeFileSync(tmp, data);
      else if (data instanceof ArrayBuffer) writeFileSync(tmp, new Uint8Array(data));
      else if (
        data instanceof Blob &&
        typeof (data as { name?: unknown }).name === "string" &&
        this.tryLink((data as unknown as { name: string }).name, tmp)
      ) {
        // A whole local file (Bun.file): hard-linked, no bytes copied.
      } else if (data instanceof ReadableStream) await Bun.write(tmp, new Response(data));
      else await Bun.write(tmp, data);
      renameSync(tmp, full);
    } catch (e) {
      rmSync(tmp, { force: true });
      throw e;
    }
  }

  async adoptFile(localPath: string, key: string): Promise<void> {
    const full = this.pathOf(key);
    mkdirSync(dirname(full), { recursive: true });
    try {
      renameSync(localPath, full);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EXDEV") throw e;
      // The work folder on another file system: copy beside the target, then rename.
      const tmp = this.partFor(full);
      copyFileSync(localPath, tmp);
      renameSync(tmp, full);
      rmSync(localPath, { force: true });
    }
  }

  async copy(from: string, to: string): Promise<void> {
    const src = this.pathOf(from);
    const tmp = this.partFor(this.pathOf(to));
    try {
      linkSync(src, tmp);
    } catch {
      copyFileSync(src, tmp);
    }
    renameSync(tmp, this.pathOf(to));
  }

  async get(key: string, range?: ByteRange): Promise<BlobBody | null> {
    const full = this.pathOf(key);
    if (!this.isFile(full)) return null;
    const file = Bun.file(full);
    return range ? file.slice(range.start, range.end) : file;
  }

  async bytes(key: string): Promise<Uint8Array | null> {
    const full = this.pathOf(key);
    return this.isFile(full) ? new Uint8Array(await Bun.file(full).arrayBuffer()) : null;
  }

  async stat(key: string): Promise<BlobStat | null> {
    try {
      const st = statSync(this.pathOf(key));
      return st.isFile() ? { size: st.size, mtimeMs: st.mtimeMs } : null;
    } catch {
      return null;
    }
  }

  /** Size and change time; no stored metadata (the box's CDN routes give a file its headers by name). */
  async head(key: string): Promise<BlobHead | null> {
    const st = await this.stat(key);
    return st && { ...st, etag: null, contentType: null, cacheControl: null };
  }

  async exists(key: string): Promise<boolean> {
    return this.isFile(this.pathOf(key));
  }

  async delete(key: string): Promise<void> {
    const full = this.pathOf(key);
    if (this.isFile(full)) rmSync(full, { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    checkPrefix(prefix);
    if (prefix.endsWith("/")) return void rmSync(join(this.root, prefix), { recursive: true, force: true });
    for (const key of this.listSync(prefix)) rmSync(join(this.root, key), { force: true });
    // A folder named exactly like the prefix goes with its files.
    rmSync(join(this.root, prefix), { recursive: true, force: true });
  }

  async list(prefix: string): Promise<string[]> {
    return this.listSync(prefix);
  }

  signedUrl(): null {
    return null;
  }

  async withLocalCopy<T>(key: string, fn: (path: string) => Promise<T>): Promise<T> {
    const full = this.pathOf(key);
    if (!this.isFile(full)) throw new Error(`no such file in storage: ${key}`);
    return fn(full);
  }

  private tryLink(src: string, dest: string): boolean {
    try {
      linkSync(src, dest);
      return true;
    } catch {
      return false;
    }
  }

  private isFile(full: string): boolean {
    try {
      return statSync(full).isFile();
    } catch {
      return false;
    }
  }

  private listSync(prefix: string): string[] {
    checkPrefix(prefix);
    const cut = prefix.lastIndexOf("/");
    const base = prefix.slice(0, cut);
    const out: string[] = [];
    const walk = (rel: string) => {
      let names: string[];
      try {
        names = readdirSync(join(this.root, rel));
      } catch {
        return;
      }
      for (const name of names) {
        if (name.startsWith(".") && name.endsWith(".part")) continue;
        const key = `${rel}/${name}`;
        if (!key.startsWith(prefix) && !prefix.startsWith(`${key}/`)) continue;
        const st = statSync(join(this.root, key), { throwIfNoEntry: false });
        if (st?.isDirectory()) walk(key);
        else if (st?.isFile() && key.startsWith(prefix)) out.push(key);
      }
    };
    if (existsSync(join(this.root, base))) walk(base);
    return out.sort();
  }
}
