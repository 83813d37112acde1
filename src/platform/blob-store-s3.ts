/**
 * The S3-compatible BlobStore, through Bun's built-in client: key `media/a.mp4` is the object `{prefix}/media/a.mp4`
 * in the bucket. Objects are written whole by S3 itself (a reader sees the old or the new object, never half), so
 * no temporary names are needed. Ranges are ranged GETs; `withLocalCopy` downloads to `tmp/` for ffmpeg.
 *
 * Objects of the `public/` area carry the Content-Type and Cache-Control the box's CDN routes would send
 * (src/platform/public-files.ts), so the bucket, or a CDN in front of it, can be the CDN address itself. Bun's
 * client sets a Content-Type but no Cache-Control, so public objects are written with a presigned PUT sent by
 * `fetch` (one request, any size up to S3's 5 GB), which carries both headers.
 */
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { randomToken } from "./crypto";
import {
  checkKey,
  checkPrefix,
  type BlobBody,
  type BlobData,
  type BlobHead,
  type BlobMeta,
  type BlobStat,
  type BlobStore,
  type ByteRange,
} from "./blob-store";
import { publicCacheControl, publicContentType } from "./public-files";

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

/** Bun's S3 client on the location's bucket (the prefix is the caller's to add); unset settings use Bun's defaults. */
export function s3Client(loc: Omit<S3Location, "prefix">): Bun.S3Client {
  return new Bun.S3Client({
    bucket: loc.bucket,
    ...(loc.endpoint ? { endpoint: loc.endpoint } : {}),
    ...(loc.region ? { region: loc.region } : {}),
    ...(loc.accessKeyId ? { accessKeyId: loc.accessKeyId } : {}),
    ...(loc.secretAccessKey ? { secretAccessKey: loc.secretAccessKey } : {}),
  });
}

/** How long a presigned request the store sends itself stays valid (seconds). */
const SELF_SIGNED_TTL = 900;

/** Attempts of a public write before its error is thrown (a 5xx or a network error is retried). */
const PUT_ATTEMPTS = 3;

/** What a body sent by `fetch` may be: its length is known, so S3 gets a Content-Length. */
type SizedBody = string | Uint8Array | ArrayBuffer | Blob;

/** The key inside the public area (`public/widgets/a.json` → `widgets/a.json`), or null for another area. */
const publicPart = (key: string) => (key.startsWith("public/") ? key.slice("public/".length) : null);

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
    this.client = s3Client(loc);
    this.prefix = loc.prefix ? `${loc.prefix}/` : "";
  }

  private file(key: string) {
    return this.client.file(this.prefix + checkKey(key));
  }

  async put(key: string, data: BlobData, opts: BlobMeta = {}): Promise<void> {
    if (publicPart(checkKey(key)) !== null) {
      if (!(data instanceof ReadableStream)) return this.putPublic(key, data, opts);
      // A stream's length is unknown: spooled to a work file first, so the PUT carries a Content-Length.
      const spool = this.workPath(key);
      try {
        await Bun.write(spool, new Response(data));
        return await this.putPublic(key, Bun.file(spool), opts);
      } finally {
        rmSync(spool, { force: true });
      }
    }
    const body = data instanceof ReadableStream ? new Response(data) : data;
    await this.file(key).write(body, opts.contentType ? { type: opts.contentType } : {});
  }

  async adoptFile(localPath: string, key: string, opts: BlobMeta = {}): Promise<void> {
    if (publicPart(checkKey(key)) !== null) await this.putPublic(key, Bun.file(localPath), opts);
    else await this.file(key).write(Bun.file(localPath), opts.contentType ? { type: opts.contentType } : {});
    rmSync(localPath, { force: true });
  }

  async copy(from: string, to: string): Promise<void> {
    const src = this.file(from);
    if (!(await src.exists())) throw new Error(`no such file in storage: ${from}`);
    // Into the public area through a local copy, so the new object gets its public metadata.
    if (publicPart(checkKey(to)) !== null)
      return this.withLocalCopy(from, (path) => this.putPublic(to, Bun.file(path), {}));
    await this.file(to).write(src);
  }

  /**
   * Writes an object of the public area with the Content-Type and Cache-Control the box's CDN routes send for its
   * name (or those given), by a presigned PUT: Bun's client cannot set Cache-Control.
   */
  private async putPublic(key: string, body: SizedBody, opts: BlobMeta): Promise<void> {
    const rel = publicPart(key)!;
    const headers = {
      "content-type": publicContentType(rel, opts.contentType),
      "cache-control": opts.cacheControl ?? publicCacheControl(rel),
    };
    const url = this.file(key).presign({ method: "PUT", expiresIn: SELF_SIGNED_TTL });
    for (let attempt = 1; ; attempt++) {
      let res: Response | null = null;
      let failure: unknown = null;
      try {
        res = await fetch(url, { method: "PUT", body: body as BodyInit, headers });
      } catch (e) {
        failure = e;
      }
      if (res?.ok) {
        await res.arrayBuffer();
        return;
      }
      const detail = res ? `${res.status} ${(await res.text()).slice(0, 300)}` : String(failure);
      if (attempt >= PUT_ATTEMPTS || (res && res.status < 500))
        throw new Error(`writing ${key} to the bucket failed: ${detail}`);
      await Bun.sleep(250 * attempt);
    }
  }

  /** A fresh path in the work folder for a copy of `key`. */
  private workPath(key: string): string {
    mkdirSync(this.tmpDir, { recursive: true });
    return join(this.tmpDir, `${randomToken(9)}-${key.split("/").pop()}`);
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

  async head(key: string): Promise<BlobHead | null> {
    // A presigned HEAD: Bun's `stat()` gives the type and ETag but not Cache-Control.
    const res = await fetch(this.file(key).presign({ method: "HEAD", expiresIn: SELF_SIGNED_TTL }), {
      method: "HEAD",
    });
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`reading the metadata of ${key} in the bucket failed: ${res.status}`);
    const h = res.headers;
    return {
      size: Number(h.get("content-length") ?? 0),
      mtimeMs: Date.parse(h.get("last-modified") ?? "") || 0,
      etag: h.get("etag"),
      contentType: h.get("content-type"),
      cacheControl: h.get("cache-control"),
    };
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
    const path = this.workPath(key);
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
