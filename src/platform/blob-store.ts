/**
 * The seam between the app and where its files live. Keys are `media/…` (private originals, processed files,
 * exports, reels) or `public/…` (what the CDN address serves); a key never climbs out of its area. Two
 * implementations: the data directory (blob-store-local.ts, the default) and S3-compatible object storage
 * (blob-store-s3.ts). Work files ffmpeg needs stay on local disk under `tmp/`: `withLocalCopy` hands a tool a
 * real path to read, `adoptFile` moves a finished work file into the store.
 */
import { normalize } from "node:path/posix";

/** What a blob can be written from. */
export type BlobData = string | Uint8Array | ArrayBuffer | Blob | ReadableStream<Uint8Array>;

/** A body to stream: hand it to a `Response`, or read it with `new Response(body).bytes()`. */
export type BlobBody = Blob | ReadableStream<Uint8Array>;

/** Size and change time of a blob. */
export interface BlobStat {
  size: number;
  mtimeMs: number;
}

/** What a store knows of a blob beyond its size: the metadata an HTTP answer for it carries (null when not kept). */
export interface BlobHead extends BlobStat {
  /** The store's entity tag (S3: the quoted MD5 of a blob written in one part); null for the data directory. */
  etag: string | null;
  /** Stored Content-Type (S3 object metadata); null for the data directory, which serves by file name. */
  contentType: string | null;
  /** Stored Cache-Control (S3 object metadata); null when none or for the data directory. */
  cacheControl: string | null;
}

/**
 * How a blob is answered when read straight from the store (a public bucket): kept as object metadata by S3 and
 * ignored by the data directory (the box's CDN routes decide its headers there). Files of the `public/` area get
 * their Content-Type and Cache-Control from src/platform/public-files.ts when these are not given.
 */
export interface BlobMeta {
  contentType?: string;
  cacheControl?: string;
}

/** A byte range: `start` inclusive, `end` exclusive. */
export interface ByteRange {
  start: number;
  end: number;
}

/** Where files live. Every method takes a full key (`media/…` or `public/…`). */
export interface BlobStore {
  /** `local` (the data directory) or `s3`. */
  readonly kind: "local" | "s3";
  /** Writes a blob whole; readers never see half of it. */
  put(key: string, data: BlobData, opts?: BlobMeta): Promise<void>;
  /** Moves a finished local work file into the store under `key` (the local file is gone afterwards). */
  adoptFile(localPath: string, key: string, opts?: BlobMeta): Promise<void>;
  /** Copies one blob to another key (replacing it whole). */
  copy(from: string, to: string): Promise<void>;
  /** The blob's bytes (or a range of them) as a body; null when missing. */
  get(key: string, range?: ByteRange): Promise<BlobBody | null>;
  /** The whole blob in memory; null when missing. */
  bytes(key: string): Promise<Uint8Array | null>;
  /** Size and change time; null when missing. */
  stat(key: string): Promise<BlobStat | null>;
  /** Size, change time and the stored metadata (one HEAD request on S3); null when missing. */
  head(key: string): Promise<BlobHead | null>;
  /** True when the blob exists. */
  exists(key: string): Promise<boolean>;
  /** Deletes one blob; missing is fine. */
  delete(key: string): Promise<void>;
  /** Deletes every blob whose key starts with `prefix`; missing is fine. */
  deletePrefix(prefix: string): Promise<void>;
  /** Keys starting with `prefix`, sorted. */
  list(prefix: string): Promise<string[]>;
  /** An address that serves the blob directly for `ttlSeconds` (S3 presigned URL); null for the data directory. */
  signedUrl(key: string, ttlSeconds: number): string | null;
  /** Runs `fn` with a local path holding the blob (the real file for the data directory; a temp copy otherwise). */
  withLocalCopy<T>(key: string, fn: (path: string) => Promise<T>): Promise<T>;
}

/** The top folders a key may start with. */
export const BLOB_AREAS = ["media", "public"] as const;

/** Checks a key: relative, inside one of the areas, no `..`, no empty part; returns it. */
export function checkKey(key: string): string {
  const n = normalize(key);
  const area = n.split("/")[0];
  if (
    n !== key ||
    key.startsWith("/") ||
    key.endsWith("/") ||
    key.split("/").some((p) => p === ".." || p === "." || p === "") ||
    !(BLOB_AREAS as readonly string[]).includes(area!) ||
    !key.includes("/")
  ) {
    throw new Error(`storage key escapes its area: ${key}`);
  }
  return key;
}

/** Checks a prefix for list/delete: it must lie inside an area (`media/x/` or `public/widgets/a`). */
export function checkPrefix(prefix: string): string {
  const parts = prefix.split("/");
  if (
    parts.length < 2 ||
    !(BLOB_AREAS as readonly string[]).includes(parts[0]!) ||
    parts.some((p, i) => p === ".." || p === "." || (p === "" && i < parts.length - 1))
  ) {
    throw new Error(`storage prefix escapes its area: ${prefix}`);
  }
  return prefix;
}

/** Parses one `Range: bytes=a-b` header against a size: the range, "unsatisfiable", or null (whole file). */
export function parseRange(header: string | null, size: number): ByteRange | "unsatisfiable" | null {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header ?? "");
  if (!m || (!m[1] && !m[2])) return null;
  let start = m[1] ? Number(m[1]) : size - Number(m[2]);
  let end = m[1] && m[2] ? Number(m[2]) : size - 1;
  start = Math.max(0, start);
  end = Math.min(end, size - 1);
  if (start > end || start >= size) return "unsatisfiable";
  return { start, end: end + 1 };
}
