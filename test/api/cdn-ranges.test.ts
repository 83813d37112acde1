/** The CDN serves public files through the BlobStore: whole, by byte range (video seeking), 304 on a matching ETag. */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { makeTestApp, type TestApp } from "../helpers/app";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

const get = (key: string, headers: Record<string, string> = {}) =>
  t.app.handle(new Request(`http://plaudit.test/cdn/${key}`, { headers }));

test("a public media file is served whole and by range, with the same ETag", async () => {
  await t.deps.storage.write("public", "m/ranges/video.mp4", new Uint8Array([...Array(100).keys()]));
  const whole = await get("m/ranges/video.mp4");
  expect(whole.status).toBe(200);
  expect(whole.headers.get("content-length")).toBe("100");
  expect(whole.headers.get("accept-ranges")).toBe("bytes");
  expect((await whole.bytes()).length).toBe(100);
  const part = await get("m/ranges/video.mp4", { range: "bytes=10-19" });
  expect(part.status).toBe(206);
  expect(part.headers.get("content-range")).toBe("bytes 10-19/100");
  expect([...(await part.bytes())]).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
  const tail = await get("m/ranges/video.mp4", { range: "bytes=-5" });
  expect(tail.headers.get("content-range")).toBe("bytes 95-99/100");
  expect((await get("m/ranges/video.mp4", { range: "bytes=200-" })).status).toBe(416);
  const etag = whole.headers.get("etag")!;
  expect((await get("m/ranges/video.mp4", { "if-none-match": etag })).status).toBe(304);
});

test("missing files, folders and keys that climb out are 404 in the error shape", async () => {
  for (const key of ["m/ranges/none.mp4", "m/ranges", "m//x", "..%2F..%2Fplaudit.db"]) {
    const r = await get(key);
    expect(r.status).toBe(404);
    expect(((await r.json()) as { error: { code: string } }).error.code).toBe("not_found");
  }
});
