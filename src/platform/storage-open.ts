/**
 * Opens the file storage a config asks for: the data directory by default, or the S3-compatible bucket of
 * `PLAUDIT_STORAGE_URL=s3://bucket/prefix` (work files stay in the data directory's `tmp/` either way).
 */
import { join } from "node:path";
import type { Config } from "../config";
import { Storage } from "./storage";
import { S3BlobStore, parseS3Url } from "./blob-store-s3";

/** The Storage of a config. */
export function openStorage(config: Pick<Config, "dataDir" | "s3">): Storage {
  const loc = config.s3 && parseS3Url(config.s3.url);
  if (!config.s3 || !loc) return new Storage(config.dataDir);
  return new Storage(
    config.dataDir,
    new S3BlobStore(
      {
        ...loc,
        endpoint: config.s3.endpoint,
        region: config.s3.region,
        accessKeyId: config.s3.accessKeyId,
        secretAccessKey: config.s3.secretAccessKey,
      },
      join(config.dataDir, "tmp"),
    ),
  );
}
