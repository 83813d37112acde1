/**
 * The storage switch `plaudit storage migrate` writes (`storage.json` in the data directory) as src/config.ts reads
 * it: used when PLAUDIT_STORAGE_URL is not set, each PLAUDIT_S3_* variable overriding the file, a broken file
 * refused with a message naming it, and no file meaning the data directory.
 */
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig, STORAGE_FILE } from "../../src/config";
import { parseArgs } from "../../src/cli/args";

const dirs: string[] = [];
const dataDir = (json?: string) => {
  const d = mkdtempSync(join(tmpdir(), "plaudit-storagecfg-"));
  dirs.push(d);
  if (json !== undefined) writeFileSync(join(d, STORAGE_FILE), json);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const switched = JSON.stringify({
  url: "s3://bucket/site",
  endpoint: "http://127.0.0.1:9000",
  region: "us-east-1",
  accessKeyId: "AK",
  secretAccessKey: "SK",
});

test("no storage.json: the data directory", () => {
  expect(loadConfig({ PLAUDIT_DATA_DIR: dataDir() }).s3).toBeNull();
});

test("storage.json switches to the bucket it names", () => {
  expect(loadConfig({ PLAUDIT_DATA_DIR: dataDir(switched) }).s3).toEqual({
    url: "s3://bucket/site",
    endpoint: "http://127.0.0.1:9000",
    region: "us-east-1",
    accessKeyId: "AK",
    secretAccessKey: "SK",
  });
});

test("variables win over the file, one by one, and PLAUDIT_STORAGE_URL replaces it whole", () => {
  const d = dataDir(switched);
  expect(loadConfig({ PLAUDIT_DATA_DIR: d, PLAUDIT_S3_SECRET_ACCESS_KEY: "rotated" }).s3).toMatchObject({
    url: "s3://bucket/site",
    accessKeyId: "AK",
    secretAccessKey: "rotated",
  });
  expect(loadConfig({ PLAUDIT_DATA_DIR: d, PLAUDIT_STORAGE_URL: "s3://other" }).s3).toEqual({
    url: "s3://other",
    endpoint: null,
    region: null,
    accessKeyId: null,
    secretAccessKey: null,
  });
  expect(loadConfig({ PLAUDIT_DATA_DIR: d }, { "--s3-region": "eu-west-1" }).s3?.region).toBe("eu-west-1");
});

test("a broken storage.json stops the start with a message naming the file", () => {
  const d = dataDir("{not json");
  expect(() => loadConfig({ PLAUDIT_DATA_DIR: d })).toThrow(new RegExp(`${STORAGE_FILE}.*fix or remove it`));
  expect(() => loadConfig({ PLAUDIT_DATA_DIR: dataDir(JSON.stringify({ url: "https://not-s3" })) })).toThrow(
    /PLAUDIT_STORAGE_URL must be s3:\/\//,
  );
});

test("--dry-run is a switch: it never swallows the next word", () => {
  const a = parseArgs(["storage", "migrate", "--dry-run", "extra", "--to", "s3://b/p"]);
  expect(a.bools.has("--dry-run")).toBe(true);
  expect(a.words).toEqual(["storage", "migrate", "extra"]);
  expect(a.flags["--to"]).toBe("s3://b/p");
});
