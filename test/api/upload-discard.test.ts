/**
 * Discarding a recording that did not finish sending (tus termination, `DELETE /public/uploads/{id}`): the partial
 * file and the `uploading` testimonial go at once, and the address answers 404 from then on (the upload went with its
 * testimonial), as it does once the expiry job has removed an abandoned upload: the capture page takes 404 and 410
 * alike as "this recording can no longer be finished". A finished upload cannot be discarded (409); a forged address
 * is 404.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { uploads } from "../../src/domains/submissions";
import { expireUploads } from "../../src/domains/capture/expiry";

let t: TestApp;
let a: TestOrg;
let linkId = "";
const consent = { agreed: true, text: "I agree.", version: "v1" };

/** EBML header with DocType "webm", padded: enough for the server to take it as a recording. */
function fakeWebm(bytes: number): Uint8Array {
  const out = new Uint8Array(bytes);
  out.set([
    0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04, 0x42, 0xf3,
    0x81, 0x08, 0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d, 0x42, 0x87, 0x81, 0x04, 0x42, 0x85, 0x81, 0x02,
  ]);
  return out;
}

const tus = (method: string, url: string, headers: Record<string, string> = {}, body?: Uint8Array) =>
  t.app.handle(
    new Request(url, {
      method,
      headers: { "tus-resumable": "1.0.0", origin: "http://localhost", ...headers },
      body: body as BodyInit | undefined,
    }),
  );
const patch = (url: string, offset: number, chunk: Uint8Array) =>
  tus("PATCH", url, { "content-type": "application/offset+octet-stream", "upload-offset": String(offset) }, chunk);

/** Starts a 20,000-byte video upload and sends its first `sent` bytes. */
async function startUpload(sent: number) {
  const file = fakeWebm(20_000);
  const r = await t.call("POST", `/public/links/${linkId}/submissions`, {
    body: {
      kind: "video",
      respondent: { name: "Dee Discard" },
      consent,
      upload: { size: file.length, type: "video/webm" },
    },
  });
  expect(r.status).toBe(201);
  const url = r.body.upload.url as string;
  if (sent) expect((await patch(url, 0, file.subarray(0, sent))).status).toBe(204);
  const upload = t.deps.db.select().from(uploads).where(eq(uploads.submissionId, r.body.submission_id)).get()!;
  return { id: r.body.submission_id as string, url, file, upload };
}

beforeAll(async () => {
  t = await makeTestApp();
  a = await t.org();
  const brand = (await t.call("GET", "/v1/brands", { auth: a.liveKey })).body.data[0].id;
  const link = await t.call("POST", `/v1/brands/${brand}/links`, {
    auth: a.liveKey,
    body: { title: "Stories", prompts: [{ text: "How was it?" }], consent_text: "I agree.", consent_version: "v1" },
  });
  linkId = link.body.id;
});
afterAll(() => t.close());

describe("discarding an unfinished upload", () => {
  test("removes the partial file and the testimonial at once; the address then answers 404", async () => {
    const { id, url, upload } = await startUpload(6000);
    const part = t.deps.storage.path("media", `uploads/${upload.id}.part`);
    expect(await Bun.file(part).exists()).toBe(true);
    const options = await tus("OPTIONS", url);
    expect(options.headers.get("tus-extension")).toBe("termination");
    expect(options.headers.get("access-control-allow-methods")).toContain("DELETE");

    const gone = await tus("DELETE", url);
    expect(gone.status).toBe(204);
    expect(gone.headers.get("tus-resumable")).toBe("1.0.0");
    expect(await Bun.file(part).exists()).toBe(false);
    expect((await t.call("GET", `/v1/submissions/${id}`, { auth: a.liveKey })).status).toBe(404);
    for (const method of ["HEAD", "DELETE"]) expect((await tus(method, url)).status).toBe(404);
    const late = await patch(url, 0, fakeWebm(100));
    expect(late.status).toBe(404);
    expect((await late.json()).error.code).toBe("not_found");
    expect(t.deps.db.select().from(uploads).where(eq(uploads.id, upload.id)).get()).toBeUndefined();
  });

  test("an upload the expiry job removed cannot be resumed: 404, even before its address's own time is up", async () => {
    const { url, upload } = await startUpload(6000);
    t.deps.db
      .update(uploads)
      .set({ expiresAt: t.clock.now() - 1 })
      .where(eq(uploads.id, upload.id))
      .run();
    expect(expireUploads(t.deps)).toBeGreaterThanOrEqual(1);
    expect((await tus("HEAD", url)).status).toBe(404);
    expect((await patch(url, 0, fakeWebm(6000))).status).toBe(404);
  });

  test("a finished upload is not undone (409); a forged address is 404", async () => {
    const { id, url, file } = await startUpload(0);
    expect((await patch(url, 0, file)).status).toBe(204);
    const refused = await tus("DELETE", url);
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.code).toBe("upload_complete");
    expect((await t.call("GET", `/v1/submissions/${id}`, { auth: a.liveKey })).status).toBe(200);
    expect((await tus("DELETE", url.replace(/sig=[^&]+/, "sig=AAAA"))).status).toBe(404);
  });
});
