/** Public capture routes: link view, written testimonials, closed links, consent, and the resumable upload. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { listEvents } from "../../src/platform/events/emit";
import { listJobs } from "../../src/platform/jobs/queue";

let t: TestApp;
let a: TestOrg;
let link: any;

const consent = "I agree that Acme may publish my words, name and recording on its website.";
const linkBody = {
  title: "How was Acme?",
  prompts: [{ text: "What changed?", max_seconds: 60 }],
  consent_text: consent,
  consent_version: "2026-11-01",
};
const respondent = { name: "Dana Buyer", email: "dana@example.com", title: "CTO", company: "Buyer Inc" };
const agreed = { agreed: true, text: consent, version: "2026-11-01" };

beforeAll(async () => {
  t = await makeTestApp();
  a = await t.org();
  const brand = (await t.call("GET", "/v1/brands", { auth: a.testKey })).body.data[0].id;
  link = (await t.call("POST", `/v1/brands/${brand}/links`, { auth: a.testKey, body: linkBody })).body;
});
afterAll(() => t.close());

describe("GET /public/links/{id}", () => {
  test("shows the brand, prompts and the consent text word for word", async () => {
    const r = await t.call("GET", `/public/links/${link.id}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      title: linkBody.title,
      consent_text: consent,
      consent_version: "2026-11-01",
      is_active: true,
      mode: "test",
    });
    expect(r.body.brand.logo_url).toContain("/cdn/");
    expect(r.body.limits.min_text_chars).toBe(20);
  });
  test("an unknown link is 404 with CORS so the page can read it", async () => {
    const r = await t.call("GET", "/public/links/lnk_nope");
    expect(r.status).toBe(404);
    expect(r.headers.get("access-control-allow-origin")).toBe("*");
  });
});

describe("written testimonials", () => {
  test("are ready at once with created then ready events, consent stored as shown", async () => {
    const text = "Acme cut our onboarding time in half. Brilliant support team!";
    const r = await t.call("POST", `/public/links/${link.id}/submissions`, {
      body: { kind: "text", respondent, rating: 5, consent: agreed, text },
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ status: "ready", kind: "text", upload: null });
    const detail = await t.call("GET", `/v1/submissions/${r.body.submission_id}`, { auth: a.testKey });
    expect(detail.body).toMatchObject({
      kind: "text",
      status: "ready",
      origin: "collected",
      collect_link_id: link.id,
      respondent_name: "Dana Buyer",
      respondent_email: "dana@example.com",
      rating: 5,
      text_input: text,
      text_source: "typed",
      original_text: text,
      is_approved: false,
      is_public: false,
    });
    expect(detail.body.consent).toMatchObject({ text: consent, version: "2026-11-01" });
    expect(detail.body.consent.agreed_at).toMatch(/Z$/);
    expect(detail.body.sentiment.label).toBe("positive");
    const events = listEvents(t.deps.db, a.id, "test", { limit: 10 }).filter(
      (e) => (e.data as any).id === r.body.submission_id,
    );
    expect(events.map((e) => e.type).sort()).toEqual(["submission.created", "submission.ready"]);
    const found = await t.call("GET", "/v1/submissions?q=onboarding", { auth: a.testKey });
    expect(found.body.data.map((s: any) => s.id)).toContain(r.body.submission_id);
  });

  test("twenty emoji are twenty characters: accepted", async () => {
    const r = await t.call("POST", `/public/links/${link.id}/submissions`, {
      body: { kind: "text", respondent, consent: agreed, text: "🎉".repeat(20) },
    });
    expect(r.status).toBe(201);
  });

  const bad: [string, Record<string, unknown>, number, string][] = [
    ["fewer than 20 characters", { kind: "text", respondent, consent: agreed, text: "Too short." }, 400, "text"],
    [
      "ten emoji (ten characters, though twenty UTF-16 units)",
      { kind: "text", respondent, consent: agreed, text: "😀".repeat(10) },
      400,
      "text",
    ],
    [
      "an unticked box",
      { kind: "text", respondent, consent: { ...agreed, agreed: false }, text: "x".repeat(30) },
      400,
      "consent.agreed",
    ],
    [
      "consent words that differ",
      { kind: "text", respondent, consent: { ...agreed, text: consent + " Also sell my data." }, text: "x".repeat(30) },
      409,
      "consent.text",
    ],
    [
      "a bad email",
      { kind: "text", respondent: { ...respondent, email: "not-an-email" }, consent: agreed, text: "x".repeat(30) },
      400,
      "respondent.email",
    ],
    ["a rating of 6", { kind: "text", respondent, consent: agreed, text: "x".repeat(30), rating: 6 }, 400, "rating"],
    [
      "no name",
      { kind: "text", respondent: { name: "" }, consent: agreed, text: "x".repeat(30) },
      400,
      "respondent.name",
    ],
    ["a recording without its size", { kind: "video", respondent, consent: agreed }, 400, "upload"],
    [
      "a recording that is not media",
      { kind: "video", respondent, consent: agreed, upload: { size: 100, type: "text/html" } },
      415,
      "upload.type",
    ],
    [
      "a huge recording",
      { kind: "audio", respondent, consent: agreed, upload: { size: 5e9, type: "audio/webm" } },
      413,
      "upload.size",
    ],
  ];
  for (const [name, body, status, field] of bad) {
    test(`refuses ${name} (${status}) and stores nothing`, async () => {
      const before = (await t.call("GET", "/v1/submissions?limit=100", { auth: a.testKey })).body.data.length;
      const r = await t.call("POST", `/public/links/${link.id}/submissions`, { body });
      expect(r.status).toBe(status);
      expect(JSON.stringify(r.body.error.details ?? {})).toContain(field);
      expect((await t.call("GET", "/v1/submissions?limit=100", { auth: a.testKey })).body.data.length).toBe(before);
    });
  }

  test("a paused link says why and takes nothing", async () => {
    const brand = (await t.call("GET", "/v1/brands", { auth: a.testKey })).body.data[0].id;
    const l = (await t.call("POST", `/v1/brands/${brand}/links`, { auth: a.testKey, body: linkBody })).body;
    await t.call("PATCH", `/v1/links/${l.id}`, { auth: a.testKey, body: { is_active: false } });
    const view = await t.call("GET", `/public/links/${l.id}`);
    expect(view.body).toMatchObject({ is_active: false, closed_reason: "paused" });
    expect(view.body.closed_message).toContain("paused");
    const r = await t.call("POST", `/public/links/${l.id}/submissions`, {
      body: { kind: "text", respondent, consent: agreed, text: "x".repeat(30) },
    });
    expect(r.status).toBe(409);
    expect(r.body.error).toMatchObject({ code: "link_closed", details: { reason: "paused" } });
  });
});

async function tus(method: string, url: string, headers: Record<string, string> = {}, body?: Uint8Array) {
  return t.app.handle(
    new Request(url, { method, headers: { "tus-resumable": "1.0.0", ...headers }, body: body as BodyInit | undefined }),
  );
}

function fakeWebm(bytes: number): Uint8Array {
  const out = new Uint8Array(bytes);
  // EBML header with DocType "webm": enough for file-type to recognise the container.
  const head = [
    0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04, 0x42, 0xf3,
    0x81, 0x08, 0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d, 0x42, 0x87, 0x81, 0x04, 0x42, 0x85, 0x81, 0x02,
  ];
  out.set(head);
  return out;
}

describe("resumable uploads (tus 1.0)", () => {
  test("resume after a dropped chunk, then the testimonial is received with its event and job", async () => {
    const file = fakeWebm(20_000);
    const start = await t.call("POST", `/public/links/${link.id}/submissions`, {
      body: { kind: "video", respondent, consent: agreed, upload: { size: file.length, type: "video/webm" } },
    });
    expect(start.status).toBe(201);
    expect(start.body.status).toBe("uploading");
    const url = start.body.upload.url;
    expect(url).toContain("sig=");
    const patch = (offset: number, chunk: Uint8Array) =>
      tus("PATCH", url, { "content-type": "application/offset+octet-stream", "upload-offset": String(offset) }, chunk);
    expect((await patch(0, file.subarray(0, 8000))).status).toBe(204);
    // The client lost the answer and retries from a stale offset: refused with the real offset.
    const stale = await patch(0, file.subarray(0, 8000));
    expect(stale.status).toBe(409);
    const head = await tus("HEAD", url);
    expect(head.headers.get("upload-offset")).toBe("8000");
    expect(head.headers.get("upload-length")).toBe("20000");
    const last = await patch(8000, file.subarray(8000));
    expect(last.status).toBe(204);
    expect(last.headers.get("upload-offset")).toBe("20000");
    const detail = await t.call("GET", `/v1/submissions/${start.body.submission_id}`, { auth: a.testKey });
    expect(detail.body.status).toBe("processing");
    expect(
      listJobs(t.deps.db, { kind: "submission.process" }).some(
        (j: any) => j.payload.submissionId === start.body.submission_id,
      ),
    ).toBe(true);
    const created = listEvents(t.deps.db, a.id, "test", { limit: 50 }).filter(
      (e) => e.type === "submission.created" && (e.data as any).id === start.body.submission_id,
    );
    expect(created).toHaveLength(1);
  });

  test("HTML renamed as a video is refused at the first chunk, and leaves no testimonial behind", async () => {
    const html = new TextEncoder().encode(
      "<!doctype html><html><script>alert(1)</script>" + " ".repeat(5000) + "</html>",
    );
    const start = await t.call("POST", `/public/links/${link.id}/submissions`, {
      body: { kind: "video", respondent, consent: agreed, upload: { size: html.length, type: "video/mp4" } },
    });
    const r = await tus(
      "PATCH",
      start.body.upload.url,
      { "content-type": "application/offset+octet-stream", "upload-offset": "0" },
      html,
    );
    expect(r.status).toBe(415);
    expect(((await r.json()) as any).error.message).toContain("not an audio or video recording");
    // The respondent's screen said why; the inbox has no "Failed" row of it, and no bytes are kept.
    const detail = await t.call("GET", `/v1/submissions/${start.body.submission_id}`, { auth: a.testKey });
    expect(detail.status).toBe(404);
    const listed = await t.call("GET", "/v1/submissions?limit=100", { auth: a.testKey });
    expect(listed.body.data.some((s: any) => s.id === start.body.submission_id)).toBe(false);
    expect((await tus("HEAD", start.body.upload.url)).status).toBe(404);
    const left = t.deps.db.$client
      .query("SELECT count(*) AS n FROM uploads WHERE submission_id = ?")
      .get(start.body.submission_id) as { n: number };
    expect(left.n).toBe(0);
  });

  test("a forged or tampered upload URL is 404; a wrong content type is 415; too many bytes 413", async () => {
    const start = await t.call("POST", `/public/links/${link.id}/submissions`, {
      body: { kind: "audio", respondent, consent: agreed, upload: { size: 10, type: "audio/webm" } },
    });
    const url: string = start.body.upload.url;
    expect((await tus("HEAD", url.replace(/sig=[^&]+/, "sig=AAAA"))).status).toBe(404);
    expect(
      (await tus("PATCH", url, { "content-type": "text/plain", "upload-offset": "0" }, new Uint8Array(5))).status,
    ).toBe(415);
    expect(
      (
        await tus(
          "PATCH",
          url,
          { "content-type": "application/offset+octet-stream", "upload-offset": "0" },
          new Uint8Array(50),
        )
      ).status,
    ).toBe(413);
  });

  test("an expired upload URL is 410", async () => {
    const start = await t.call("POST", `/public/links/${link.id}/submissions`, {
      body: { kind: "audio", respondent, consent: agreed, upload: { size: 10, type: "audio/webm" } },
    });
    t.clock.advance(25 * 3600_000);
    try {
      expect((await tus("HEAD", start.body.upload.url)).status).toBe(410);
    } finally {
      t.clock.advance(-25 * 3600_000);
    }
  });
});

describe("sending twice and abandoned uploads", () => {
  test("the same Idempotency-Key gives one testimonial and the same upload URL", async () => {
    const body = { kind: "video", respondent, consent: agreed, upload: { size: 5000, type: "video/webm" } };
    const headers = { "idempotency-key": crypto.randomUUID() };
    const [r1, r2] = await Promise.all(
      [1, 2].map(() => t.call("POST", `/public/links/${link.id}/submissions`, { body, headers })),
    );
    expect(r1!.body.submission_id).toBe(r2!.body.submission_id);
    expect(r1!.body.upload.url).toBe(r2!.body.upload.url);
  });

  test("an upload that expires unfinished is removed with its file and row", async () => {
    const { expireUploads } = await import("../../src/domains/capture/expiry");
    const start = await t.call("POST", `/public/links/${link.id}/submissions`, {
      body: { kind: "video", respondent, consent: agreed, upload: { size: 20_000, type: "video/webm" } },
    });
    await tus(
      "PATCH",
      start.body.upload.url,
      { "content-type": "application/offset+octet-stream", "upload-offset": "0" },
      fakeWebm(20_000).subarray(0, 6000),
    );
    const part = `${t.dir}/media/uploads/${start.body.upload.url.split("/uploads/")[1].split("?")[0]}.part`;
    expect(await Bun.file(part).exists()).toBe(true);
    t.clock.advance(25 * 3600_000);
    try {
      expect(expireUploads(t.deps)).toBeGreaterThanOrEqual(1);
    } finally {
      t.clock.advance(-25 * 3600_000);
    }
    expect(await Bun.file(part).exists()).toBe(false);
    expect((await t.call("GET", `/v1/submissions/${start.body.submission_id}`, { auth: a.testKey })).status).toBe(404);
  });
});
