/**
 * Issue 30, "Tus-Resumable is not checked": every request to an upload address but OPTIONS must say
 * `Tus-Resumable: 1.0.0` (tus 1.0 core). Without it, or with another version, the answer is 412 Precondition Failed
 * with `Tus-Version: 1.0.0`, in the error shape, before the upload is even looked up, and nothing changes: no byte is
 * appended, nothing is discarded. OPTIONS needs no version and says which one the server speaks.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { makeTestApp, type TestApp } from "../helpers/app";
import { submissions, uploads } from "../../src/domains/submissions";

let t: TestApp;
let url = "";
let submissionId = "";

/** EBML header with DocType "webm", padded: the server takes it as a recording. */
function fakeWebm(bytes: number): Uint8Array {
  const out = new Uint8Array(bytes);
  out.set([
    0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04, 0x42, 0xf3,
    0x81, 0x08, 0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d, 0x42, 0x87, 0x81, 0x04, 0x42, 0x85, 0x81, 0x02,
  ]);
  return out;
}

const send = (method: string, target: string, headers: Record<string, string>, body?: Uint8Array) =>
  t.app.handle(new Request(target, { method, headers, body: body as BodyInit | undefined }));
const chunk = { "content-type": "application/offset+octet-stream", "upload-offset": "0" };
const upload = () => t.deps.db.select().from(uploads).where(eq(uploads.submissionId, submissionId)).get();

beforeAll(async () => {
  t = await makeTestApp();
  const a = await t.org();
  const brand = (await t.call("GET", "/v1/brands", { auth: a.liveKey })).body.data[0].id;
  const link = await t.call("POST", `/v1/brands/${brand}/links`, {
    auth: a.liveKey,
    body: { title: "Stories", prompts: [{ text: "How was it?" }], consent_text: "I agree.", consent_version: "v1" },
  });
  const started = await t.call("POST", `/public/links/${link.body.id}/submissions`, {
    body: {
      kind: "video",
      respondent: { name: "Tess Tus" },
      consent: { agreed: true, text: "I agree.", version: "v1" },
      upload: { size: 20_000, type: "video/webm" },
    },
  });
  expect(started.status).toBe(201);
  url = started.body.upload.url;
  submissionId = started.body.submission_id;
});
afterAll(() => t.close());

/** 412 with Tus-Version (and Tus-Resumable) headers and, where the method has one, the error shape. */
async function expectPreconditionFailed(r: Response, method: string) {
  expect([method, r.status]).toEqual([method, 412]);
  expect(r.headers.get("tus-version")).toBe("1.0.0");
  expect(r.headers.get("tus-resumable")).toBe("1.0.0");
  expect(r.headers.get("x-request-id")).toMatch(/^req_/);
  if (method === "HEAD") return;
  const body = (await r.json()) as any;
  expect(body.error).toMatchObject({ code: "tus_version_unsupported", request_id: r.headers.get("x-request-id") });
  expect(body.error.message).toContain("Tus-Resumable: 1.0.0");
  expect(body.error.details).toEqual({ header: "Tus-Resumable", supported: ["1.0.0"] });
}

describe("Tus-Resumable is required on upload requests", () => {
  test("HEAD, PATCH and DELETE without it are 412 with Tus-Version: 1.0.0; nothing is appended or discarded", async () => {
    const part = t.deps.storage.path("media", `uploads/${upload()!.id}.part`);
    for (const [method, headers, body] of [
      ["HEAD", {}, undefined],
      ["PATCH", chunk, fakeWebm(4000)],
      ["DELETE", {}, undefined],
    ] as const) {
      await expectPreconditionFailed(await send(method, url, headers, body), method);
    }
    expect(upload()?.status).toBe("open");
    expect(await Bun.file(part).exists()).toBe(false);
    expect(t.deps.db.select().from(submissions).where(eq(submissions.id, submissionId)).get()?.status).toBe(
      "uploading",
    );
  });

  test("another version (or a garbled one) is refused the same way", async () => {
    for (const version of ["0.2.2", "1.0", "2.0.0", "1.0.0, 0.2.2", ""]) {
      await expectPreconditionFailed(
        await send("PATCH", url, { ...chunk, "tus-resumable": version }, fakeWebm(100)),
        "PATCH",
      );
      await expectPreconditionFailed(await send("HEAD", url, { "tus-resumable": version }), "HEAD");
    }
  });

  test("the version is checked before the address: a forged address without it is 412, with it 404", async () => {
    const forged = url.replace(/sig=[^&]+/, "sig=AAAA");
    await expectPreconditionFailed(await send("DELETE", forged, {}), "DELETE");
    expect((await send("DELETE", forged, { "tus-resumable": "1.0.0" })).status).toBe(404);
  });

  test("a cross-origin page can read the refusal (CORS on the error too)", async () => {
    const r = await send("PATCH", url, { ...chunk, origin: "http://elsewhere.example" }, fakeWebm(100));
    expect(r.status).toBe(412);
    expect(r.headers.get("access-control-allow-origin")).toBe("*");
  });

  test("OPTIONS needs no version and names the one spoken; with the header the upload works", async () => {
    const options = await send("OPTIONS", url, {});
    expect(options.status).toBe(204);
    expect(options.headers.get("tus-version")).toBe("1.0.0");
    expect(options.headers.get("tus-resumable")).toBe("1.0.0");
    const head = await send("HEAD", url, { "tus-resumable": "1.0.0" });
    expect([head.status, head.headers.get("upload-offset")]).toEqual([200, "0"]);
    const patch = await send("PATCH", url, { ...chunk, "tus-resumable": "1.0.0" }, fakeWebm(4000));
    expect([patch.status, patch.headers.get("upload-offset")]).toEqual([204, "4000"]);
    expect(patch.headers.get("tus-resumable")).toBe("1.0.0");
  });
});
