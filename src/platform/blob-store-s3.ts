/**
 * The S3-compatible BlobStore, through Bun's built-in client: key `media/a.mp4` is the object `{prefix}/media/a.mp4`
 * in the bucket. Objects are written whole by S3 itself (a reader sees the old or the new object, never half), so
 * no temporary names are needed. Ranges are ranged GETs; `withLocalCopy` downloads to `tmp/` for ffmpeg.
 */
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { randomToken } from "./crypto";
import {
  checkKey,
  checkPrefix,
  type BlobBody,
  type BlobData,
  type BlobStat,
  type BlobStore,
  type ByteRange,
} from "./blob-store";

/** Where the bucket is and how to reach it. */
export interface S3Location {
  bucket: string;
  /** Folder inside the bucket ("" for the bucket's root). */
  prefix: string;
  endpoint: string | null;
  region: string | null;
  accessKeyId: string | null;
  secretAccessKey: string | null;
}

/** Parses `s3://bucket/some/prefix` into bucket and prefix; null when it is not an s3 URL. */
export function parseS3Url(url: string): { bucket: string; prefix: string } | null {
  const m = /^s3:\/\/([^/]+)\/?(.*)$/.exec(url.trim());
  if (!m) return null;
  return { bucket: m[1]!, prefix: m[2]!.replace(/^\/+|\/+$/g, "") };
}

const notFound = (e: unknown) =>
  (e as { code?: string }).code === "NoSuchKey" || (e as { code?: string }).code === "NotFound";

/** BlobStore on an S3-compatible bucket. */
export class S3BlobStore implements BlobStore {
  readonly kind = "s3" as const;
  private readonly client: Bun.S3Client;
  private readonly prefix: string;

  /** `tmpDir` is where `withLocalCopy` puts its copies (the data directory's `tmp/`). */
  constructor(
    loc: S3Location,
    private readonly tmpDir: string,
  ) {
    this.client = new Bun.S3Client({
      bucket: loc.bucket,
      ...(loc.endpoint ? { endpoint: loc.endpoint } : {}),
      ...(loc.region ? { region: loc.region } : {}),
      ...(loc.accessKeyId ? { accessKeyId: loc.accessKeyId } : {}),
      ...(loc.secretAccessKey ? { secretAccessKey: loc.secretAccessKey } : {}),
    });
    this.prefix = loc.prefix ? `${loc.prefix}/` : "";
  }

  private file(key: string) {
    return this.client.file(this.prefix + checkKey(key));
  }

  async put(key: string, data: BlobData, opts: { contentType?: string } = {}): Promise<void> {
    const body = data instanceof ReadableStream ? new Response(data) : data;
    await this.file(key).write(body, opts.contentType ? { type: opts.contentType } : {});
  }

  async adoptFile(localPath: string, key: string, opts: { contentType?: string } = {}): Promise<void> {
    await this.file(key).write(Bun.file(localPath), opts.contentType ? { type: opts.contentType } : {});
    rmSync(localPath, { force: true });
  }

  async copy(from: string, to: string): Promise<void> {
    const src = this.file(from);
    if (!(await src.exists())) throw new Error(`no such file in storage: ${from}`);
    await this.file(to).write(src);
  }

  async get(key: string, range?: ByteRange): Promise<BlobBody | null> {
    if (!(await this.exists(key))) return null;
    const f = this.file(key);
    return (range ? f.slice(range.start, range.end) : f).stream();
  }

  async bytes(key: string): Promise<Uint8Array | null> {
    try {
      return new Uint8Array(await this.file(key).arrayBuffer());
    } catch (e) {
      if (notFound(e)) return null;
      throw e;
    }
  }

  async stat(key: string): Promise<BlobStat | null> {
    try {
      const st = await this.file(key).stat();
      return { size: st.size, mtimeMs: new Date(st.lastModified).getTime() };
    } catch (e) {
      if (notFound(e)) return null;
      throw e;
    }
  }

  async exists(key: string): Promise<boolean> {
    return this.file(key).exists();
  }

  async delete(key: string): Promise<void> {
    await this.file(key).delete();
  }

  async deletePrefix(prefix: string): Promise<void> {
    for (const key of await this.list(prefix)) await this.client.file(this.prefix + key).delete();
  }

  async list(prefix: string): Promise<string[]> {
    return (await this.listStat(prefix)).map((o) => o.key);
  }

  /** Keys starting with `prefix` with their size and change time, sorted by key (one listing, no per-key HEAD). */
  async listStat(prefix: string): Promise<(BlobStat & { key: string })[]> {
    checkPrefix(prefix);
    const out: (BlobStat & { key: string })[] = [];
    let continuationToken: string | undefined;
    for (;;) {
      const page = await this.client.list({
        prefix: this.prefix + prefix,
        ...(continuationToken ? { continuationToken } : {}),
      });
      for (const o of page.contents ?? [])
        out.push({
          key: o.key.slice(this.prefix.length),
          size: o.size ?? 0,
          mtimeMs: o.lastModified ? new Date(o.lastModified).getTime() : 0,
        });
      if (!page.isTruncated || !page.nextContinuationToken) break;
      continuationToken = page.nextContinuationToken;
    }
    return out.sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0));
  }

  signedUrl(key: string, ttlSeconds: number): string {
    return this.file(key).presign({ expiresIn: ttlSeconds });
  }

  async withLocalCopy<T>(key: string, fn: (path: string) => Promise<T>): Promise<T> {
    mkdirSync(this.tmpDir, { recursive: true });
    const path = join(this.tmpDir, `${randomToken(9)}-${key.split("/").pop()}`);
    try {
      const f = this.file(key);
      if (!(await f.exists())) throw new Error(`no such file in storage: ${key}`);
      await Bun.write(path, f);
      return await fn(path);
    } finally {
      rmSync(path, { force: true });
    }
  }
}
