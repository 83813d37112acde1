/**
 * A bucket can be the CDN address (issue 14, "Scale-out"), checked against a real S3-protocol server (s3rver) with
 * the CORS rule of docs/scaling.md, reading the bucket anonymously at its own address as a browser would:
 * - every object of the public area carries the Content-Type and Cache-Control the box's CDN routes send for its
 *   name, however it is written (a string, a stream, a copy of a private file, an adopted work file), and private
 *   objects keep what their writer gave; `head` reports the stored metadata (and none for the data directory);
 * - at start the box copies the files it answers from its build (widget script, default logo, music previews) into
 *   the public area with the very bytes and headers it sends, once: an unchanged release writes nothing, a changed
 *   object (bytes or metadata) is rewritten; the data directory gets the same copies; an unreachable bucket is
 *   reported and logged, never thrown.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startS3, S3_KEYS, type S3Server } from "../helpers/s3";
import { LocalBlobStore } from "../../src/platform/blob-store-local";
import { S3BlobStore } from "../../src/platform/blob-store-s3";
import { loadConfig } from "../../src/config";
import { createDeps } from "../../src/bootstrap";
import { assemble } from "../../src/composition";
import { MODULES } from "../../src/modules";
import { createLogger } from "../../src/platform/log";
import type { Deps } from "../../src/platform/deps";
import type { App } from "../../src/app";
import { cdnFilesOf, publishStaticFiles } from "../../src/platform/publish-static";
import { freePort } from "../helpers/ports";

const root = mkdtempSync(join(tmpdir(), "plaudit-bucket-cdn-"));
let s3: S3Server;

beforeAll(async () => {
  s3 = await startS3("plaudit-cdn", { cors: true });
}, 20_000);

afterAll(async () => {
  await s3?.stop();
  rmSync(root, { recursive: true, force: true });
});

/** An S3 store on the test bucket under `prefix`. */
const s3Store = (prefix: string, endpoint = s3.endpoint) =>
  new S3BlobStore(
    { bucket: s3.bucket, prefix, endpoint, region: "us-east-1", ...S3_KEYS },
    join(root, `tmp-${prefix}`),
  );

/** A GET of a public file straight from the bucket, from a page on another origin. */
const fromBucket = (prefix: string, path: string, headers: Record<string, string> = {}) =>
  fetch(`${s3.publicUrl(prefix)}/${path}`, { headers: { origin: "https://customer.example", ...headers } });

const md5 = (b: Uint8Array | string) => createHash("md5").update(b).digest("hex");

describe("the S3 store writes public objects as the CDN answers them", () => {
  test("widget documents, captions, copies of private media, adopted files: type, cache lifetime, CORS", async () => {
    const store = s3Store("site");
    const doc = JSON.stringify({ widget_id: "w_1", items: [{ name: "Ada" }] });
    await store.put("public/widgets/w_1.json", doc);
    await store.put(
      "public/m/tok/captions.vtt",
      new Response("WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n").body as ReadableStream<Uint8Array>,
    );
    const mp4 = new Uint8Array([0, 0, 0, 24, 102, 116, 121, 112, 105, 115, 111, 109, 1, 2, 3, 4]);
    await store.put("media/submissions/s_1/video.mp4", mp4, { contentType: "video/mp4" });
    await store.copy("media/submissions/s_1/video.mp4", "public/m/tok/video.mp4");
    const work = join(root, "logo-work.png");
    writeFileSync(work, new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]));
    await store.adoptFile(work, "public/logos/b_1-abc.png");
    expect(existsSync(work)).toBe(false);
    await store.put("public/reels/r_1/poster.jpg", new Uint8Array([255, 216, 255, 224]));
    await store.put("public/exports/unknown.bin", "%PDF-1.7", { contentType: "application/pdf" });

    const want: [string, string, string][] = [
      ["widgets/w_1.json", "application/json; charset=utf-8", "public, max-age=60"],
      ["m/tok/captions.vtt", "text/vtt; charset=utf-8", "public, max-age=86400"],
      ["m/tok/video.mp4", "video/mp4", "public, max-age=86400"],
      ["logos/b_1-abc.png", "image/png", "public, max-age=86400"],
      ["reels/r_1/poster.jpg", "image/jpeg", "public, max-age=60"],
      ["exports/unknown.bin", "application/pdf", "public, max-age=86400"],
    ];
    for (const [path, type, cache] of want) {
      const res = await fromBucket("site", path);
      expect([path, res.status, res.headers.get("content-type"), res.headers.get("cache-control")]).toEqual([
        path,
        200,
        type,
        cache,
      ]);
      // The bucket's CORS rule lets a customer's page read it (the widget fetches its document).
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      await res.arrayBuffer();
    }
    expect(await (await fromBucket("site", "widgets/w_1.json")).text()).toBe(doc);
    expect(new Uint8Array(await (await fromBucket("site", "m/tok/video.mp4")).arrayBuffer())).toEqual(mp4);
    // A player's range request, answered by the bucket.
    const range = await fromBucket("site", "m/tok/video.mp4", { range: "bytes=4-7" });
    expect(range.status).toBe(206);
    expect(Buffer.from(await range.arrayBuffer()).toString("latin1")).toBe("ftyp");
    // A revalidation with the ETag the bucket gave: 304, so browsers and CDNs keep their copy.
    const etag = (await fromBucket("site", "widgets/w_1.json")).headers.get("etag")!;
    expect((await fromBucket("site", "widgets/w_1.json", { "if-none-match": etag })).status).toBe(304);
  }, 30_000);

  test("head reports the stored metadata; private objects keep their writer's type and no public lifetime", async () => {
    const store = s3Store("heads");
    await store.put("public/widgets/w_2.json", '{"a":1}');
    expect(await store.head("public/widgets/w_2.json")).toMatchObject({
      size: 7,
      etag: `"${md5('{"a":1}')}"`,
      contentType: "application/json; charset=utf-8",
      cacheControl: "public, max-age=60",
    });
    await store.put("media/submissions/s_2/original.webm", "webm bytes", { contentType: "video/webm" });
    const priv = await store.head("media/submissions/s_2/original.webm");
    expect(priv).toMatchObject({ size: 10, contentType: "video/webm", cacheControl: null });
    expect(priv!.mtimeMs).toBeGreaterThan(Date.now() - 3600_000);
    expect(await store.head("public/widgets/none.json")).toBeNull();

    const local = new LocalBlobStore(mkdtempSync(join(root, "local-")));
    await local.put("public/widgets/w_2.json", '{"a":1}');
    expect(await local.head("public/widgets/w_2.json")).toMatchObject({
      size: 7,
      etag: null,
      contentType: null,
      cacheControl: null,
    });
    expect(await local.head("public/widgets/none.json")).toBeNull();
  }, 30_000);
});

describe("the built-in CDN files are copied into the storage", () => {
  let deps: Deps;
  let app: App;
  let dataDir = "";

  beforeAll(async () => {
    dataDir = mkdtempSync(join(root, "box-"));
    deps = createDeps(
      loadConfig({
        PLAUDIT_DATA_DIR: dataDir,
        PLAUDIT_BASE_URL: "http://box.test",
        PLAUDIT_WORKERS: "0",
        ...s3.env("boot"),
      }),
      { log: createLogger("silent") },
    );
    ({ app } = await assemble(deps, MODULES));
  }, 120_000);

  afterAll(() => deps?.db.$client.close());

  const boxAnswer = async (path: string) => {
    const res = await app.handle(new Request(`http://box.test/cdn/${path}`));
    return {
      bytes: new Uint8Array(await res.arrayBuffer()),
      type: res.headers.get("content-type"),
      cache: res.headers.get("cache-control"),
    };
  };

  test("into the bucket with the box's bytes and headers; a second start writes nothing", async () => {
    const paths = cdnFilesOf(MODULES);
    expect(paths).toEqual(
      expect.arrayContaining([
        "widget.js",
        "assets/default-logo.png",
        "music/sunrise.m4a",
        "music/drift.m4a",
        "music/momentum.m4a",
      ]),
    );
    const first = await publishStaticFiles(deps, app, paths);
    expect(first.failed).toEqual([]);
    expect(first.written.sort()).toEqual([...paths].sort());
    for (const path of paths) {
      const box = await boxAnswer(path);
      const res = await fromBucket("boot", path);
      expect([path, res.status]).toEqual([path, 200]);
      expect([path, res.headers.get("content-type"), res.headers.get("cache-control")]).toEqual([
        path,
        box.type,
        box.cache,
      ]);
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(box.bytes);
    }
    expect((await boxAnswer("widget.js")).type).toBe("text/javascript; charset=utf-8");
    expect((await boxAnswer("widget.js")).cache).toBe("public, max-age=300");
    expect((await boxAnswer("assets/default-logo.png")).type).toBe("image/png");
    // Nothing on the box's disk: the copies are in the bucket.
    expect(existsSync(join(dataDir, "public"))).toBe(false);

    const second = await publishStaticFiles(deps, app, paths);
    expect(second).toEqual({ written: [], unchanged: paths, failed: [] });
  }, 60_000);

  test("an object whose bytes or metadata differ is rewritten", async () => {
    const client = s3.client();
    await client.file("boot/public/widget.js").write("/* an older release */", { type: "text/javascript" });
    // Same bytes as the box's, but without the box's Cache-Control (as another tool might upload it).
    const logo = await boxAnswer("assets/default-logo.png");
    await client.file("boot/public/assets/default-logo.png").write(logo.bytes, { type: "image/png" });
    const report = await publishStaticFiles(deps, app, ["widget.js", "assets/default-logo.png", "music/drift.m4a"]);
    expect(report).toEqual({
      written: ["widget.js", "assets/default-logo.png"],
      unchanged: ["music/drift.m4a"],
      failed: [],
    });
    const script = await fromBucket("boot", "widget.js");
    expect(new Uint8Array(await script.arrayBuffer())).toEqual((await boxAnswer("widget.js")).bytes);
    expect((await fromBucket("boot", "assets/default-logo.png")).headers.get("cache-control")).toBe(
      "public, max-age=86400",
    );
  }, 60_000);

  test("the data directory gets the same copies, once; an unreachable bucket is reported, not thrown", async () => {
    const localDir = mkdtempSync(join(root, "local-box-"));
    const local = createDeps(
      loadConfig({ PLAUDIT_DATA_DIR: localDir, PLAUDIT_BASE_URL: "http://box.test", PLAUDIT_WORKERS: "0" }),
      { log: createLogger("silent") },
    );
    try {
      const paths = ["widget.js", "assets/default-logo.png"];
      expect((await publishStaticFiles(local, app, paths)).written).toEqual(paths);
      expect(new Uint8Array(readFileSync(join(localDir, "public", "widget.js")))).toEqual(
        (await boxAnswer("widget.js")).bytes,
      );
      expect(await publishStaticFiles(local, app, paths)).toEqual({ written: [], unchanged: paths, failed: [] });
    } finally {
      local.db.$client.close();
    }

    // A bucket nobody answers at: each file is reported as failed, the call resolves.
    // Claimed for this process and never listened on: nothing answers there.
    const deadEndpoint = `http://127.0.0.1:${freePort()}`;
    const logged: string[] = [];
    const unreachable = {
      ...deps,
      storage: Object.assign(Object.create(Object.getPrototypeOf(deps.storage)), deps.storage, {
        blobs: s3Store("dead", deadEndpoint),
      }),
      log: { ...deps.log, error: (msg: string) => void logged.push(msg) },
    } as Deps;
    const report = await publishStaticFiles(unreachable, app, ["widget.js"]);
    expect(report.written).toEqual([]);
    expect(report.failed.map((f) => f.path)).toEqual(["widget.js"]);
    expect(logged.join("\n")).toContain("retried at the next start");
  }, 60_000);
});
