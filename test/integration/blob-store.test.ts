/**
 * The BlobStore contract, run against both implementations: the data directory and S3-compatible object storage
 * (a real S3-protocol server, s3rver, started here on a free port). Same behaviour on both: whole writes, ranges,
 * stat, list and delete by prefix, local copies for ffmpeg, adopting work files, keys that cannot climb out.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startS3, S3_KEYS, type S3Server } from "../helpers/s3";
import type { BlobStore } from "../../src/platform/blob-store";
import { LocalBlobStore } from "../../src/platform/blob-store-local";
import { S3BlobStore, parseS3Url } from "../../src/platform/blob-store-s3";
import { Storage } from "../../src/platform/storage";
import { openStorage } from "../../src/platform/storage-open";
import { loadConfig } from "../../src/config";

const root = mkdtempSync(join(tmpdir(), "plaudit-blobs-"));
let server: S3Server;
let endpoint = "";

beforeAll(async () => {
  server = await startS3("plaudit");
  endpoint = server.endpoint;
}, 20_000);

afterAll(async () => {
  await server?.stop();
  rmSync(root, { recursive: true, force: true });
});

const text = async (body: Blob | ReadableStream<Uint8Array> | null) => (body ? new Response(body).text() : null);

const stores: [string, () => BlobStore][] = [
  ["local data directory", () => new LocalBlobStore(mkdtempSync(join(root, "local-")))],
  [
    "S3 (s3rver)",
    () =>
      new S3BlobStore(
        {
          bucket: "plaudit",
          prefix: `run-${Math.random().toString(36).slice(2)}`,
          endpoint,
          region: "us-east-1",
          ...S3_KEYS,
        },
        join(root, "tmp"),
      ),
  ],
];

for (const [name, make] of stores) {
  describe(`BlobStore contract: ${name}`, () => {
    let store: BlobStore;
    beforeAll(() => {
      store = make();
    });

    test("put, get, bytes, stat, exists; a missing key is null", async () => {
      await store.put("media/a/one.txt", "hello, world");
      expect(await text(await store.get("media/a/one.txt"))).toBe("hello, world");
      expect(new TextDecoder().decode((await store.bytes("media/a/one.txt"))!)).toBe("hello, world");
      const st = await store.stat("media/a/one.txt");
      expect(st?.size).toBe(12);
      expect(st!.mtimeMs).toBeGreaterThan(Date.now() - 3600_000);
      expect(await store.exists("media/a/one.txt")).toBe(true);
      expect(await store.exists("media/a/none.txt")).toBe(false);
      expect(await store.stat("media/a/none.txt")).toBeNull();
      expect(await store.get("media/a/none.txt")).toBeNull();
      expect(await store.bytes("media/a/none.txt")).toBeNull();
    }, 15_000);

    test("byte ranges", async () => {
      await store.put("media/r/bytes.bin", new Uint8Array([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]));
      const part = await new Response((await store.get("media/r/bytes.bin", { start: 3, end: 7 }))!).bytes();
      expect([...part]).toEqual([3, 4, 5, 6]);
      const tail = await new Response((await store.get("media/r/bytes.bin", { start: 8, end: 10 }))!).bytes();
      expect([...tail]).toEqual([8, 9]);
    }, 15_000);

    test("writes from a stream and a Blob replace the whole object", async () => {
      await store.put("public/w/doc.json", new Response("x".repeat(5000)).body!);
      expect((await store.stat("public/w/doc.json"))?.size).toBe(5000);
      await store.put("public/w/doc.json", new Blob(['{"v":2}']));
      expect(await text(await store.get("public/w/doc.json"))).toBe('{"v":2}');
    }, 15_000);

    test("list and delete by prefix; folder-like prefixes only match their own keys", async () => {
      for (const k of ["media/s/1/a.mp4", "media/s/1/b.jpg", "media/s/1/deep/c.vtt", "media/s/10/x.mp4"])
        await store.put(k, k);
      expect(await store.list("media/s/1/")).toEqual(["media/s/1/a.mp4", "media/s/1/b.jpg", "media/s/1/deep/c.vtt"]);
      expect(await store.list("media/s/1")).toEqual([
        "media/s/1/a.mp4",
        "media/s/1/b.jpg",
        "media/s/1/deep/c.vtt",
        "media/s/10/x.mp4",
      ]);
      expect(await store.list("media/nothing/")).toEqual([]);
      await store.delete("media/s/1/b.jpg");
      await store.delete("media/s/1/b.jpg");
      expect(await store.exists("media/s/1/b.jpg")).toBe(false);
      await store.deletePrefix("media/s/1/");
      expect(await store.list("media/s/1/")).toEqual([]);
      expect(await store.list("media/s/")).toEqual(["media/s/10/x.mp4"]);
      await store.deletePrefix("media/missing/");
    }, 20_000);

    test("copy, adopting a work file, and a local copy for tools", async () => {
      await store.put("media/c/src.mp4", "video bytes");
      await store.copy("media/c/src.mp4", "public/m/tok/video.mp4");
      expect(await text(await store.get("public/m/tok/video.mp4"))).toBe("video bytes");
      const work = join(root, `work-${Math.random().toString(36).slice(2)}.m4a`);
      writeFileSync(work, "transcoded");
      await store.adoptFile(work, "media/c/audio.m4a");
      expect(existsSync(work)).toBe(false);
      expect(await text(await store.get("media/c/audio.m4a"))).toBe("transcoded");
      let seen = "";
      const out = await store.withLocalCopy("media/c/audio.m4a", async (path) => {
        seen = path;
        return Bun.file(path).text();
      });
      expect(out).toBe("transcoded");
      if (store.kind === "local") expect(existsSync(seen)).toBe(true);
      else expect(existsSync(seen)).toBe(false);
      await expect(store.withLocalCopy("media/c/none", async () => 1)).rejects.toThrow(/no such file/);
    }, 20_000);

    test("keys cannot climb out of their area", async () => {
      for (const bad of [
        "../x",
        "media/../secret",
        "tmp/a",
        "plaudit.db",
        "media/a/../../b",
        "/media/a",
        "media//a",
        "media/",
      ]) {
        await expect(store.put(bad, "x")).rejects.toThrow(/escapes/);
      }
      await expect(store.list("../")).rejects.toThrow(/escapes/);
      await expect(store.deletePrefix("media/../")).rejects.toThrow(/escapes/);
    }, 15_000);

    test("a signed URL serves the object (S3) or is absent (the CDN serves local files)", async () => {
      await store.put("public/s/file.txt", "signed");
      const url = store.signedUrl("public/s/file.txt", 60);
      if (store.kind === "local") return expect(url).toBeNull();
      const r = await fetch(url!);
      expect(r.status).toBe(200);
      expect(await r.text()).toBe("signed");
    }, 15_000);
  });
}

describe("Storage over S3", () => {
  test("areas, folder removal and upload parts work the same; data-directory helpers refuse", async () => {
    const dataDir = mkdtempSync(join(root, "data-"));
    const config = loadConfig({ PLAUDIT_DATA_DIR: dataDir, ...server.env("deploy-a") });
    const storage = openStorage(config);
    expect(storage.blobs.kind).toBe("s3");
    await storage.write("media", "submissions/s1/video.mp4", "v");
    await storage.write("media", "submissions/s1/poster.jpg", "p");
    expect(await storage.has("media", "submissions/s1/video.mp4")).toBe(true);
    await storage.remove("media", "submissions/s1");
    expect(await storage.blobs.list("media/submissions/")).toEqual([]);
    storage.appendPart("uploads/u1.part", new TextEncoder().encode("abc"));
    storage.appendPart("uploads/u1.part", new TextEncoder().encode("def"));
    expect(storage.partSize("uploads/u1.part")).toBe(6);
    expect(existsSync(join(dataDir, "media"))).toBe(false);
    expect(await storage.adoptPart("uploads/u1.part", "media", "submissions/s2/original.webm")).toBe(true);
    expect(storage.partSize("uploads/u1.part")).toBeNull();
    expect(await new Response((await storage.get("media", "submissions/s2/original.webm"))!).text()).toBe("abcdef");
    expect(() => storage.path("media", "x")).toThrow(/s3 storage/);
  }, 20_000);

  test("the default stays the data directory, and a bad storage URL is refused", () => {
    const dataDir = mkdtempSync(join(root, "data-"));
    expect(openStorage(loadConfig({ PLAUDIT_DATA_DIR: dataDir })).blobs.kind).toBe("local");
    expect(new Storage(dataDir).path("media", "a/b")).toBe(join(dataDir, "media", "a", "b"));
    expect(() => loadConfig({ PLAUDIT_DATA_DIR: dataDir, PLAUDIT_STORAGE_URL: "https://bucket" })).toThrow(
      /PLAUDIT_STORAGE_URL/,
    );
    expect(parseS3Url("s3://b/x/y/")).toEqual({ bucket: "b", prefix: "x/y" });
  });
});
