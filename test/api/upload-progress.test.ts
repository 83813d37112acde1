/**
 * An unfinished upload in the submission API: while a recording is `uploading`, the list and the detail say how
 * many bytes arrived of how many, when the last ones came, whether it has stalled (nothing for ten minutes) and
 * when it expires and is removed, and the time left at the pace so far; a finished or written testimonial says
 * `upload: null`; the expiry job then
 * removes the stalled one. The part file's modification time is when bytes last arrived: the test sets it to the
 * manual clock's time, as a real append would on a real clock.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { utimesSync } from "node:fs";
import { eq } from "drizzle-orm";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { uploads } from "../../src/domains/submissions";
import { expireUploads } from "../../src/domains/capture/expiry";

let t: TestApp;
let a: TestOrg;
let linkId = "";
const consent = { agreed: true, text: "I agree.", version: "v1" };

const call = (method: string, path: string, body?: unknown) => t.call(method, path, { auth: a.liveKey, body });

/** Starts a 1000-byte video upload and sends `sent` bytes of it; the part file's time follows the manual clock. */
async function startUpload(name: string, sent: number) {
  const r = await t.call("POST", `/public/links/${linkId}/submissions`, {
    body: { kind: "video", respondent: { name }, consent, upload: { size: 1000, type: "video/webm" } },
  });
  expect(r.status).toBe(201);
  const id = r.body.submission_id as string;
  const upload = t.deps.db.select().from(uploads).where(eq(uploads.submissionId, id)).get()!;
  if (sent > 0) {
    const res = await t.app.handle(
      new Request(r.body.upload.url, {
        method: "PATCH",
        headers: {
          "tus-resumable": "1.0.0",
          "content-type": "application/offset+octet-stream",
          "upload-offset": "0",
        },
        body: new Uint8Array(sent).fill(7),
      }),
    );
    expect(res.status).toBe(204);
    const at = t.clock.now() / 1000;
    utimesSync(t.deps.storage.path("media", `uploads/${upload.id}.part`), at, at);
  }
  return { id, upload };
}

beforeAll(async () => {
  t = await makeTestApp();
  a = await t.org();
  const brand = (await call("GET", "/v1/brands")).body.data[0].id;
  const link = await call("POST", `/v1/brands/${brand}/links`, {
    title: "Stories",
    prompts: [{ text: "How was it?" }],
    consent_text: "I agree.",
    consent_version: "v1",
  });
  linkId = link.body.id;
});
afterAll(() => t.close());

describe("an unfinished upload", () => {
  test("shows its progress in the detail and the list, then stalls after ten quiet minutes", async () => {
    const { id, upload } = await startUpload("Una Unfinished", 400);
    const fresh = (await call("GET", `/v1/submissions/${id}`)).body;
    expect(fresh.status).toBe("uploading");
    expect(fresh.upload).toEqual({
      received_bytes: 400,
      total_bytes: 1000,
      last_received_at: new Date(t.clock.now()).toISOString(),
      stalled: false,
      expires_at: new Date(upload.expiresAt).toISOString(),
      removed_by: new Date(upload.expiresAt + 3600_000).toISOString(),
      // Everything arrived the moment it began: no pace to estimate from yet.
      estimated_ms_left: null,
    });
    t.clock.advance(9 * 60_000);
    expect((await call("GET", `/v1/submissions/${id}`)).body.upload.stalled).toBe(false);
    t.clock.advance(60_000);
    const stalled = (await call("GET", `/v1/submissions/${id}`)).body.upload;
    expect(stalled).toMatchObject({ received_bytes: 400, stalled: true });
    const listed = (await call("GET", "/v1/submissions")).body.data.find((s: any) => s.id === id);
    expect(listed.upload).toEqual(stalled);
  }, 30_000);

  test("the time left follows the pace so far: 400 of 1000 bytes in 4 s leaves 6 s", async () => {
    const { id, upload } = await startUpload("Pia Pace", 0);
    expect((await call("GET", `/v1/submissions/${id}`)).body.upload.estimated_ms_left).toBeNull();
    t.clock.advance(4000);
    expect(t.deps.db.select().from(uploads).where(eq(uploads.id, upload.id)).get()!.status).toBe("open");
    t.deps.storage.appendPart(`uploads/${upload.id}.part`, new Uint8Array(400).fill(7));
    const at = t.clock.now() / 1000;
    utimesSync(t.deps.storage.path("media", `uploads/${upload.id}.part`), at, at);
    expect((await call("GET", `/v1/submissions/${id}`)).body.upload).toMatchObject({
      received_bytes: 400,
      estimated_ms_left: 6000,
    });
    // Stalled: no estimate (the respondent most likely left).
    t.clock.advance(11 * 60_000);
    expect((await call("GET", `/v1/submissions/${id}`)).body.upload).toMatchObject({
      stalled: true,
      estimated_ms_left: null,
    });
  }, 30_000);

  test("an upload that never sent a byte counts from when it started", async () => {
    const { id } = await startUpload("Nel Nothing", 0);
    expect((await call("GET", `/v1/submissions/${id}`)).body.upload).toMatchObject({
      received_bytes: 0,
      stalled: false,
    });
    t.clock.advance(11 * 60_000);
    expect((await call("GET", `/v1/submissions/${id}`)).body.upload).toMatchObject({ stalled: true });
  }, 30_000);

  test("a written testimonial has upload null; another organisation sees nothing", async () => {
    const r = await t.call("POST", `/public/links/${linkId}/submissions`, {
      body: { kind: "text", respondent: { name: "Wren Written" }, consent, text: "Lovely people, lovely work." },
    });
    expect((await call("GET", `/v1/submissions/${r.body.submission_id}`)).body.upload).toBeNull();
    const b = await t.org();
    const { id } = await startUpload("Ola Other", 10);
    expect((await t.call("GET", `/v1/submissions/${id}`, { auth: b.liveKey })).status).toBe(404);
  }, 30_000);

  test("after it expires the hourly job removes it, as the inbox said", async () => {
    const { id, upload } = await startUpload("Eve Expiring", 100);
    t.clock.set(upload.expiresAt + 1);
    expect(expireUploads(t.deps)).toBeGreaterThanOrEqual(1);
    expect((await call("GET", `/v1/submissions/${id}`)).status).toBe(404);
  }, 30_000);
});
