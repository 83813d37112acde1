/** Moderation: approve, un-approve, reject, visibility, delete, bulk; events in order; published copies. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { makeLink, writeTestimonial, fakeProcessedVideo } from "../helpers/testimonials";
import { listEvents } from "../../src/platform/events/emit";
import { runDueJobs } from "../../src/platform/jobs/worker";
import { buildRegistry } from "../../src/composition";

let t: TestApp;
let a: TestOrg;
let b: TestOrg;
let link: { id: string; brandId: string };
const registry = buildRegistry();

beforeAll(async () => {
  t = await makeTestApp();
  a = await t.org();
  b = await t.org();
  link = await makeLink(t, a.liveKey);
});
afterAll(() => t.close());

const eventsFor = (id: string) =>
  listEvents(t.deps.db, a.id, "live", { limit: 200 })
    .filter((e) => (e.data as any).id === id)
    .map((e) => e.type)
    .reverse();

describe("decisions", () => {
  test("approve, make public, reject, approve again: flags, fields and events in order, each once", async () => {
    const id = await writeTestimonial(t, link.id, "The best onboarding experience we have had in years.");
    const ap = await t.call("POST", `/v1/submissions/${id}/approve`, { auth: a.liveKey });
    expect(ap.status).toBe(200);
    expect(ap.body).toMatchObject({ is_approved: true, rejected_at: null });
    expect(ap.body.approved_at).toBeString();
    await t.call("POST", `/v1/submissions/${id}/approve`, { auth: a.liveKey });
    const vis = await t.call("POST", `/v1/submissions/${id}/visibility`, {
      auth: a.liveKey,
      body: { is_public: true },
    });
    expect(vis.body.is_public).toBe(true);
    const rej = await t.call("POST", `/v1/submissions/${id}/reject`, {
      auth: a.liveKey,
      body: { reason: "Mentions a competitor" },
    });
    expect(rej.body).toMatchObject({ is_approved: false, rejection_reason: "Mentions a competitor" });
    expect(rej.body.rejected_at).toBeString();
    const again = await t.call("POST", `/v1/submissions/${id}/approve`, { auth: a.liveKey });
    expect(again.body).toMatchObject({ is_approved: true, rejected_at: null, rejection_reason: null });
    expect(eventsFor(id)).toEqual([
      "submission.created",
      "submission.ready",
      "submission.approved",
      "submission.rejected",
      "submission.approved",
    ]);
    const un = await t.call("POST", `/v1/submissions/${id}/unapprove`, { auth: a.liveKey });
    expect(un.body.is_approved).toBe(false);
  });

  const bad: [string, string, unknown, number][] = [
    ["reject without a reason", "reject", {}, 400],
    ["reject with an empty reason", "reject", { reason: "" }, 400],
    ["visibility without the flag", "visibility", {}, 400],
    ["visibility with a string", "visibility", { is_public: "yes" }, 400],
  ];
  for (const [name, action, body, status] of bad) {
    test(`refuses ${name}`, async () => {
      const id = await writeTestimonial(t, link.id, "Another perfectly fine testimonial text.");
      const r = await t.call("POST", `/v1/submissions/${id}/${action}`, { auth: a.liveKey, body });
      expect(r.status).toBe(status);
      expect(r.body.error.code).toBe("validation_failed");
    });
  }

  test("another org's, another mode's and unknown testimonials are 404; scopes and roles are checked", async () => {
    const id = await writeTestimonial(t, link.id, "Scoped testimonial text for access checks.");
    expect((await t.call("POST", `/v1/submissions/${id}/approve`, { auth: b.liveKey })).status).toBe(404);
    expect((await t.call("POST", `/v1/submissions/${id}/approve`, { auth: a.testKey })).status).toBe(404);
    expect((await t.call("POST", `/v1/submissions/sub_nothing/approve`, { auth: a.liveKey })).status).toBe(404);
    expect(
      (await t.call("POST", `/v1/submissions/${id}/approve`, { auth: a.key("live", ["submissions:read"]) })).status,
    ).toBe(403);
    const member = await a.member("member");
    expect((await t.call("POST", `/v1/submissions/${id}/approve`, { auth: member })).status).toBe(200);
    expect((await t.call("POST", `/v1/submissions/${id}/approve`)).status).toBe(401);
  });
});

describe("filters", () => {
  test("is_approved, is_public, origin and status filter the list", async () => {
    const id = await writeTestimonial(t, link.id, "Filter me in, please, thank you very much.");
    await t.call("POST", `/v1/submissions/${id}/approve`, { auth: a.liveKey });
    await t.call("POST", `/v1/submissions/${id}/visibility`, { auth: a.liveKey, body: { is_public: true } });
    const pub = await t.call(
      "GET",
      "/v1/submissions?is_approved=true&is_public=true&origin=collected&status=ready&limit=100",
      { auth: a.liveKey },
    );
    expect(pub.body.data.map((s: any) => s.id)).toContain(id);
    expect(pub.body.data.every((s: any) => s.is_approved && s.is_public)).toBe(true);
    const imp = await t.call("GET", "/v1/submissions?origin=imported", { auth: a.liveKey });
    expect(imp.body.data.map((s: any) => s.id)).not.toContain(id);
    expect((await t.call("GET", "/v1/submissions?is_public=maybe", { auth: a.liveKey })).status).toBe(400);
    expect((await t.call("GET", "/v1/submissions?status=done", { auth: a.liveKey })).status).toBe(400);
  });
});

describe("deletion", () => {
  test("hides at once, leaves search, then erases the details; a second delete is 404", async () => {
    const id = await writeTestimonial(t, link.id, "Quokkas are the happiest testimonial animals.", {
      name: "Delia Deleted",
      email: "delia@example.com",
    });
    expect((await t.call("GET", "/v1/submissions?q=quokkas", { auth: a.liveKey })).body.data).toHaveLength(1);
    const r = await t.call("DELETE", `/v1/submissions/${id}`, { auth: a.liveKey });
    expect(r.body).toEqual({ id, deleted: true });
    expect((await t.call("GET", `/v1/submissions/${id}`, { auth: a.liveKey })).status).toBe(404);
    expect((await t.call("GET", "/v1/submissions?q=quokkas", { auth: a.liveKey })).body.data).toHaveLength(0);
    expect((await t.call("DELETE", `/v1/submissions/${id}`, { auth: a.liveKey })).status).toBe(404);
    await runDueJobs(t.deps, registry);
    const row = t.deps.db.$client
      .query("SELECT status, respondent_name, respondent_email, text_input, consent FROM submissions WHERE id = ?")
      .get(id) as any;
    expect(row).toEqual({
      status: "erased",
      respondent_name: "",
      respondent_email: null,
      text_input: null,
      consent: null,
    });
  });
});

describe("bulk", () => {
  test("approves many, reports each, and one unknown id does not stop the rest", async () => {
    const ids = [
      await writeTestimonial(t, link.id, "Bulk one is a fine testimonial."),
      await writeTestimonial(t, link.id, "Bulk two is a fine testimonial."),
    ];
    const r = await t.call("POST", "/v1/submissions/bulk", {
      auth: a.liveKey,
      body: { action: "approve", ids: [...ids, "sub_missing"] },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ succeeded: 2, failed: 1 });
    expect(r.body.results[2]).toMatchObject({ id: "sub_missing", ok: false, error: { code: "not_found" } });
    expect(
      (await t.call("POST", "/v1/submissions/bulk", { auth: a.liveKey, body: { action: "reject", ids } })).status,
    ).toBe(400);
    expect(
      (await t.call("POST", "/v1/submissions/bulk", { auth: a.liveKey, body: { action: "explode", ids } })).status,
    ).toBe(400);
    expect(
      (await t.call("POST", "/v1/submissions/bulk", { auth: a.liveKey, body: { action: "approve", ids: [] } })).status,
    ).toBe(400);
  });
});

describe("published copies", () => {
  test("a shown recording gets public CDN copies; hiding it removes them at once", async () => {
    const id = await fakeProcessedVideo(t, a, link.id);
    await t.call("POST", `/v1/submissions/${id}/approve`, { auth: a.liveKey });
    await t.call("POST", `/v1/submissions/${id}/visibility`, { auth: a.liveKey, body: { is_public: true } });
    await runDueJobs(t.deps, registry);
    const shown = (await t.call("GET", `/v1/submissions/${id}`, { auth: a.liveKey })).body;
    expect(shown.public_media.video_url).toMatch(/^http:\/\/plaudit\.test\/cdn\/m\/[\w-]{24}\/video\.mp4$/);
    expect(shown.public_media.captions_url).toEndWith("/captions.vtt");
    const file = await t.app.handle(new Request(shown.public_media.video_url));
    expect(file.status).toBe(200);
    expect(await file.text()).toBe(`fake mp4 of ${id}`);
    const vtt = await (await t.app.handle(new Request(shown.public_media.captions_url))).text();
    expect(vtt).toStartWith("WEBVTT");
    expect(vtt).toContain("Plaudit changed everything for us");
    await t.call("POST", `/v1/submissions/${id}/visibility`, { auth: a.liveKey, body: { is_public: false } });
    expect((await t.app.handle(new Request(shown.public_media.video_url))).status).toBe(404);
    expect((await t.call("GET", `/v1/submissions/${id}`, { auth: a.liveKey })).body.public_media).toBeNull();
  });

  test("private media URLs are signed and expire", async () => {
    const id = await fakeProcessedVideo(t, a, link.id);
    const m = await t.call("GET", `/v1/submissions/${id}/media/poster`, { auth: a.liveKey });
    expect(m.status).toBe(200);
    const res = await t.app.handle(new Request(m.body.url, { headers: { range: "bytes=0-3" } }));
    expect(res.status).toBe(206);
    expect(await res.text()).toBe("fake");
    expect((await t.call("GET", `/v1/submissions/${id}/media/sparkles`, { auth: a.liveKey })).status).toBe(400);
    expect((await t.call("GET", `/v1/submissions/${id}/media/audio`, { auth: a.liveKey })).status).toBe(404);
    t.clock.advance(2 * 3600_000);
    expect((await t.app.handle(new Request(m.body.url))).status).toBe(410);
    expect((await t.app.handle(new Request(m.body.url.slice(0, -3) + "abc"))).status).toBe(404);
  });
});
