/**
 * One-step publishing: `POST /v1/submissions/{id}/approve` with the optional `{"publish": true|false}` sets the
 * public flag in the same transaction (one event, one audit row); without a body it behaves as the contract says
 * (visibility untouched). The bulk route's `approve_and_publish` does the same over many. Also: the attribution
 * default follows the plan (off where the plan may hide it).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { makeLink, writeTestimonial } from "../helpers/testimonials";
import { listEvents } from "../../src/platform/events/emit";

let t: TestApp;
let a: TestOrg;
let link: { id: string; brandId: string };

beforeAll(async () => {
  t = await makeTestApp();
  a = await t.org();
  link = await makeLink(t, a.liveKey);
});
afterAll(() => t.close());

const approvals = (id: string) =>
  listEvents(t.deps.db, a.id, "live", { limit: 200 }).filter(
    (e) => (e.data as any).id === id && e.type === "submission.approved",
  ).length;
const approve = (id: string, body?: unknown) =>
  t.call("POST", `/v1/submissions/${id}/approve`, { auth: a.liveKey, body });

describe("approve with publish", () => {
  test("without a body, approve leaves visibility as it is (the contract's behaviour)", async () => {
    const id = await writeTestimonial(t, link.id, "Plain approval keeps the testimonial private.");
    const r = await approve(id);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ is_approved: true, is_public: false });
    const empty = await approve(await writeTestimonial(t, link.id, "An empty object is the same as no body."), {});
    expect(empty.body).toMatchObject({ is_approved: true, is_public: false });
  });

  test("publish: true approves and makes public in one step, with one approval event; again changes nothing", async () => {
    const id = await writeTestimonial(t, link.id, "Approve and publish in one step, please.");
    const r = await approve(id, { publish: true });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ is_approved: true, is_public: true, rejected_at: null });
    expect(approvals(id)).toBe(1);
    const again = await approve(id, { publish: true });
    expect(again.body).toMatchObject({ is_approved: true, is_public: true });
    expect(approvals(id)).toBe(1);
    // The public list now shows it: the one visibility rule holds.
    const listed = await t.call("GET", `/v1/submissions?is_approved=true&is_public=true&brand_id=${link.brandId}`, {
      auth: a.liveKey,
    });
    expect(listed.body.data.map((s: any) => s.id)).toContain(id);
  });

  test("publish: true on an approved, private testimonial only publishes it (no second approval event)", async () => {
    const id = await writeTestimonial(t, link.id, "Approved first, published later.");
    await approve(id);
    const r = await approve(id, { publish: true });
    expect(r.body).toMatchObject({ is_approved: true, is_public: true });
    expect(approvals(id)).toBe(1);
  });

  test("publish: false approves and keeps (or makes) it private", async () => {
    const id = await writeTestimonial(t, link.id, "Public before approval, then approved privately.");
    await t.call("POST", `/v1/submissions/${id}/visibility`, { auth: a.liveKey, body: { is_public: true } });
    const r = await approve(id, { publish: false });
    expect(r.body).toMatchObject({ is_approved: true, is_public: false });
  });

  test("a rejected testimonial approved with publish comes back approved and public", async () => {
    const id = await writeTestimonial(t, link.id, "Rejected by mistake, then approved and published.");
    await t.call("POST", `/v1/submissions/${id}/reject`, { auth: a.liveKey, body: { reason: "Oops" } });
    const r = await approve(id, { publish: true });
    expect(r.body).toMatchObject({ is_approved: true, is_public: true, rejected_at: null, rejection_reason: null });
  });

  for (const [name, body] of [
    ["a string publish", { publish: "yes" }],
    ["an unknown field", { publish: true, notify: true }],
  ] as const) {
    test(`refuses ${name}`, async () => {
      const id = await writeTestimonial(t, link.id, "Bad input never changes anything.");
      const r = await approve(id, body);
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe("validation_failed");
      const got = await t.call("GET", `/v1/submissions/${id}`, { auth: a.liveKey });
      expect(got.body).toMatchObject({ is_approved: false, is_public: false });
    });
  }

  test("bulk approve_and_publish approves and publishes each; plain bulk approve keeps them private", async () => {
    const ids = [
      await writeTestimonial(t, link.id, "Bulk one: approve and publish."),
      await writeTestimonial(t, link.id, "Bulk two: approve and publish."),
    ];
    const r = await t.call("POST", "/v1/submissions/bulk", {
      auth: a.liveKey,
      body: { action: "approve_and_publish", ids },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ action: "approve_and_publish", succeeded: 2, failed: 0 });
    for (const res of r.body.results) expect(res.submission).toMatchObject({ is_approved: true, is_public: true });
    const other = await writeTestimonial(t, link.id, "Bulk three: approve only.");
    const plain = await t.call("POST", "/v1/submissions/bulk", {
      auth: a.liveKey,
      body: { action: "approve", ids: [other] },
    });
    expect(plain.body.results[0].submission).toMatchObject({ is_approved: true, is_public: false });
  });
});

describe("attribution default follows the plan", () => {
  const brandOf = async (o: TestOrg) =>
    (await t.call("GET", "/v1/brands", { auth: o.owner })).body.data[0].id as string;

  test('a new widget on Free shows "Powered by Plaudit"; on Starter and Plus it is off; an explicit value wins', async () => {
    const free = await t.org({ plan: "free" });
    const starter = await t.org({ plan: "starter" });
    const plus = await t.org({ plan: "plus" });
    const onFree = await t.call("POST", "/v1/widgets", { auth: free.owner, body: { brand_id: await brandOf(free) } });
    expect(onFree.status).toBe(201);
    expect(onFree.body.show_attribution).toBe(true);
    for (const o of [starter, plus]) {
      const w = await t.call("POST", "/v1/widgets", { auth: o.owner, body: { brand_id: await brandOf(o) } });
      expect(w.status).toBe(201);
      expect(w.body.show_attribution).toBe(false);
      const preview = await t.call("POST", "/v1/widgets/preview", {
        auth: o.owner,
        body: { brand_id: await brandOf(o) },
      });
      expect(preview.body.attribution).toBe(false);
    }
    const kept = await t.call("POST", "/v1/widgets", {
      auth: plus.owner,
      body: { brand_id: await brandOf(plus), show_attribution: true },
    });
    expect(kept.body.show_attribution).toBe(true);
  });
});
