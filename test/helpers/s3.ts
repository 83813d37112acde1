/**
 * A real S3-protocol server for tests: npm `s3rver` on a random loopback port with a fresh directory and one
 * bucket. `startS3()` returns the endpoint, the `PLAUDIT_*` environment that puts Plaudit's files in the bucket,
 * a way to list the bucket's keys (through the S3 API, as any client sees them) and `stop()`. With `{ cors: true }`
 * the bucket has the CORS rule docs/scaling.md asks for, so it can be the CDN address itself (`publicUrl`): s3rver
 * answers anonymous GETs, as a bucket whose `public/` prefix is public does.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";

/** s3rver accepts any key pair; these are its documented defaults. */
export const S3_KEYS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } as const;

/**
 * The bucket CORS rule of docs/scaling.md ("Step 1"), in the XML form S3's PutBucketCors takes: any origin may GET
 * and HEAD, send `Range` and `If-None-Match`, and read the ETag and range headers.
 */
export const BUCKET_CORS_XML = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>Range</AllowedHeader>
    <AllowedHeader>If-None-Match</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <ExposeHeader>Content-Length</ExposeHeader>
    <ExposeHeader>Content-Range</ExposeHeader>
    <ExposeHeader>Accept-Ranges</ExposeHeader>
    <MaxAgeSeconds>86400</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

/** A running S3-protocol server with one bucket. */
export interface S3Server {
  /** `http://127.0.0.1:<port>`. */
  endpoint: string;
  bucket: string;
  /** Where s3rver keeps the objects on disk (for scanning what the bucket holds). */
  directory: string;
  /** The settings that put Plaudit's files under `s3://{bucket}/{prefix}`. */
  env(prefix?: string): Record<string, string>;
  /** The bucket's own address of Plaudit's public area under `prefix` (path style): a CDN address. */
  publicUrl(prefix?: string): string;
  /** A Bun S3 client on the bucket. */
  client(): Bun.S3Client;
  /** Every key in the bucket starting with `prefix` (full object keys, sorted). */
  keys(prefix?: string): Promise<string[]>;
  /** Every object starting with `prefix`: key → size in bytes. */
  sizes(prefix?: string): Promise<Map<string, number>>;
  stop(): Promise<void>;
}

/** Starts s3rver on a free loopback port with a fresh directory and the bucket `bucket` (with the CORS rule when asked). */
export async function startS3(bucket = "plaudit", opts: { cors?: boolean } = {}): Promise<S3Server> {
  const root = mkdtempSync(join(tmpdir(), "plaudit-s3rver-"));
  const directory = join(root, "objects");
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    directory,
    silent: true,
    configureBuckets: [{ name: bucket, configs: opts.cors ? [BUCKET_CORS_XML] : [] }],
  });
  const addr = await server.run();
  const endpoint = `http://127.0.0.1:${addr.port}`;
  const client = () => new Bun.S3Client({ bucket, endpoint, region: "us-east-1", ...S3_KEYS });
  const sizes = async (prefix = "") => {
    const c = client();
    const out = new Map<string, number>();
    let continuationToken: string | undefined;
    for (;;) {
      const page = await c.list({ prefix, ...(continuationToken ? { continuationToken } : {}) });
      for (const o of page.contents ?? []) out.set(o.key, o.size ?? 0);
      if (!page.isTruncated || !page.nextContinuationToken) break;
      continuationToken = page.nextContinuationToken;
    }
    return out;
  };
  return {
    endpoint,
    bucket,
    directory,
    env: (prefix = "") => ({
      PLAUDIT_STORAGE_URL: `s3://${bucket}${prefix ? `/${prefix}` : ""}`,
      PLAUDIT_S3_ENDPOINT: endpoint,
      PLAUDIT_S3_REGION: "us-east-1",
      PLAUDIT_S3_ACCESS_KEY_ID: S3_KEYS.accessKeyId,
      PLAUDIT_S3_SECRET_ACCESS_KEY: S3_KEYS.secretAccessKey,
    }),
    publicUrl: (prefix = "") => `${endpoint}/${bucket}${prefix ? `/${prefix}` : ""}/public`,
    client,
    async keys(prefix = "") {
      return [...(await sizes(prefix)).keys()].sort();
    },
    sizes,
    async stop() {
      await server.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
