/**
 * Tags per brand (issue 29): a tag belongs to one brand or is shared by every brand (`brand_id` null). `GET /v1/tags`
 * says which; a client login lists, reads, uses and manages only its brands' own tags (shared ones are the
 * agency's and answer 404 like made-up ids); a brand's tag goes only on that brand's testimonials, a shared one on
 * any; names are unique within a brand and among the shared tags; a widget selects by its brand's tags or shared
 * ones; a client's export never names a shared tag.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type Session, type TestApp, type TestOrg } from "../helpers/app";
import { writeTestimonial } from "../helpers/testimonials";
import { runDueJobs } from "../../src/platform/jobs/worker";
import { buildRegistry } from "../../src/composition";

let t: TestApp;
let org: TestOrg;
let client: Session;
const CONSENT = {
  consent_text: "I agree that my words and recording may be published.",
  consent_version: "2026-11-01",
};
/** Harbour Dental (`h`, the client's brand) and Acme (`a`, the agency's other client). */
const h = { brand: "", link: "", sub: "" };
const a = { brand: "", link: "", sub: "" };
const tags = { harbour: "", acme: "", shared: "" };

async function ok(r: Promise<{ status: number; body: any }>, status = 200) {
  const got = await r;
  expect(got.status, JSON.stringify(got.body)).toBe(status);
  return got.body;
}
const call = (auth: string | Session, method: string, path: string, body?: unknown) =>
  t.call(method, path, { auth, body });
const tagWith = (auth: string | Session, sub: string, tag: string) =>
  call(auth, "POST", `/v1/submissions/${sub}/tags`, { tag_id: tag });

beforeAll(async () => {
  t = await makeTestApp();
  org = await t.org({ plan: "plus" });
  a.brand = (await ok(call(org.owner, "GET", "/v1/brands"))).data[0].id;
  h.brand = (await ok(call(org.owner, "POST", "/v1/brands", { name: "Harbour Dental" }), 201)).id;
  for (const x of [a, h]) {
    x.link = (
      await ok(
        call(org.owner, "POST", `/v1/brands/${x.brand}/links`, {
          title: "Tell us",
          prompts: [{ text: "How was it?" }],
          ...CONSENT,
        }),
        201,
      )
    ).id;
    x.sub = await writeTestimonial(t, x.link, `A testimonial for brand ${x.brand}, kind words all round.`);
  }
  const invitation = await ok(
    call(org.owner, "POST", "/v1/members", { email: "cleo@harbour.test", role: "client", brand_ids: [h.brand] }),
    201,
  );
  const accepted = await t.call("POST", "/v1/invitations/accept", {
    body: { token: new URL(invitation.url).hash.slice(1), password: "client-password-1", name: "Cleo Client" },
    headers: { "x-svc-csrf": "1" },
  });
  client = { cookie: accepted.headers.get("set-cookie")!.split(";")[0]!, orgId: org.id };
}, 60_000);
afterAll(() => t.close());

describe("the agency's members", () => {
  test("create a brand's tag or a shared one; the list says which brand, and brand_id narrows to what is usable", async () => {
    const harbour = await ok(
      call(org.owner, "POST", "/v1/tags", { name: "harbour-dental-complaint", brand_id: h.brand }),
      201,
    );
    expect(harbour).toMatchObject({ name: "harbour-dental-complaint", brand_id: h.brand, submission_count: 0 });
    tags.harbour = harbour.id;
    tags.acme = (await ok(call(org.owner, "POST", "/v1/tags", { name: "pricing", brand_id: a.brand }), 201)).id;
    const shared = await ok(call(org.owner, "POST", "/v1/tags", { name: "video-ready", brand_id: null }), 201);
    expect(shared.brand_id).toBeNull();
    tags.shared = shared.id;

    const all = await ok(call(org.owner, "GET", "/v1/tags"));
    expect(Object.fromEntries(all.data.map((x: any) => [x.name, x.brand_id]))).toEqual({
      "harbour-dental-complaint": h.brand,
      pricing: a.brand,
      "video-ready": null,
    });
    const usable = await ok(call(org.owner, "GET", `/v1/tags?brand_id=${h.brand}`));
    expect(usable.data.map((x: any) => x.name).sort()).toEqual(["harbour-dental-complaint", "video-ready"]);
    expect((await call(org.owner, "GET", "/v1/tags?brand_id=brd_nothing")).status).toBe(404);
  });

  test("names are unique within a brand and among shared tags, not across brands", async () => {
    expect((await call(org.owner, "POST", "/v1/tags", { name: "Pricing", brand_id: h.brand })).status).toBe(201);
    expect((await call(org.owner, "POST", "/v1/tags", { name: "Pricing" })).status).toBe(201);
    const twice = await call(org.owner, "POST", "/v1/tags", { name: "PRICING", brand_id: a.brand });
    expect([twice.status, twice.body.error.code]).toEqual([409, "tag_exists"]);
    expect(twice.body.error.message).toContain("for this brand");
    const sharedTwice = await call(org.owner, "POST", "/v1/tags", { name: "video-ready" });
    expect(sharedTwice.body.error.message).toContain("among the shared tags");
    const other = await call(org.owner, "POST", "/v1/tags", { name: "x", brand_id: "brd_nothing" });
    expect(other.status).toBe(404);
  });

  test("a brand's tag goes only on that brand's testimonials; a shared one on any", async () => {
    const wrong = await tagWith(org.owner, a.sub, tags.harbour);
    expect([wrong.status, wrong.body.error.code]).toEqual([409, "tag_other_brand"]);
    expect((await ok(tagWith(org.owner, h.sub, tags.harbour))).data.map((x: any) => x.id)).toEqual([tags.harbour]);
    await ok(tagWith(org.owner, h.sub, tags.shared));
    await ok(tagWith(org.owner, a.sub, tags.shared));
    await ok(tagWith(org.owner, a.sub, tags.acme));
    const counts = await ok(call(org.owner, "GET", "/v1/tags"));
    expect(counts.data.find((x: any) => x.id === tags.shared).submission_count).toBe(2);
  });

  test("a widget selects by its brand's tags or shared ones, not another brand's", async () => {
    const bad = await call(org.owner, "POST", "/v1/widgets", { brand_id: h.brand, tag_ids: [tags.acme] });
    expect([bad.status, bad.body.error.details.field]).toEqual([400, "tag_ids[0]"]);
    expect(bad.body.error.message).toContain("another brand");
    await ok(call(org.owner, "POST", "/v1/widgets", { brand_id: h.brand, tag_ids: [tags.harbour, tags.shared] }), 201);
  });
});

describe("a client login of Harbour Dental", () => {
  test("lists and reads only its brand's tags; shared and other brands' tags are 404", async () => {
    const listed = await ok(call(client, "GET", "/v1/tags"));
    expect(listed.data.map((x: any) => x.name).sort()).toEqual(["Pricing", "harbour-dental-complaint"]);
    expect(listed.data.every((x: any) => x.brand_id === h.brand)).toBe(true);
    const usable = await ok(call(client, "GET", `/v1/tags?brand_id=${h.brand}`));
    expect(usable.data.map((x: any) => x.name).sort()).toEqual(["Pricing", "harbour-dental-complaint"]);
    expect((await call(client, "GET", `/v1/tags?brand_id=${a.brand}`)).status).toBe(404);
    for (const id of [tags.acme, tags.shared]) {
      expect((await call(client, "GET", `/v1/tags/${id}`)).status).toBe(404);
      expect((await call(client, "PATCH", `/v1/tags/${id}`, { name: "renamed" })).status).toBe(404);
      expect((await call(client, "DELETE", `/v1/tags/${id}`)).status).toBe(404);
    }
    // The shared tag on its testimonial is not named to it.
    const detail = await ok(call(client, "GET", `/v1/submissions/${h.sub}`));
    expect(detail.tags.map((x: any) => x.name)).toEqual(["harbour-dental-complaint"]);
    expect((await ok(call(client, "GET", `/v1/submissions/${h.sub}/tags`))).data).toHaveLength(1);
    // A shared tag's id (a widget's settings show ids) finds nothing in the list filter.
    expect((await ok(call(client, "GET", `/v1/submissions?tag_id=${tags.shared}`))).data).toEqual([]);
    expect(
      (await ok(call(client, "GET", `/v1/submissions?tag_id=${tags.harbour}`))).data.map((s: any) => s.id),
    ).toEqual([h.sub]);
  });

  test("cannot tag with another brand's or a shared tag; creates, renames and deletes its brand's own", async () => {
    const second = await writeTestimonial(t, h.link, "Another Harbour Dental patient, happy with the cleaning.");
    expect((await tagWith(client, second, tags.shared)).status).toBe(404);
    expect((await tagWith(client, second, tags.acme)).status).toBe(404);
    const noBrand = await call(client, "POST", "/v1/tags", { name: "client-made" });
    expect([noBrand.status, noBrand.body.error.details.field]).toEqual([400, "brand_id"]);
    expect((await call(client, "POST", "/v1/tags", { name: "client-made", brand_id: a.brand })).status).toBe(404);
    const mine = await ok(call(client, "POST", "/v1/tags", { name: "client-made", brand_id: h.brand }), 201);
    expect((await ok(tagWith(client, second, mine.id))).data.map((x: any) => x.name)).toEqual(["client-made"]);
    expect((await ok(call(client, "PATCH", `/v1/tags/${mine.id}`, { name: "Client made" }))).name).toBe("Client made");
    // The same name as a tag the client cannot see is not refused (nothing hints that it exists).
    expect((await call(client, "POST", "/v1/tags", { name: "video-ready", brand_id: h.brand })).status).toBe(201);
    expect((await ok(call(client, "DELETE", `/v1/tags/${mine.id}`))).deleted).toBe(true);
  });

  test("keeps a shared tag the agency put on its widget, but cannot add one", async () => {
    const widget = await ok(
      call(org.owner, "POST", "/v1/widgets", { brand_id: h.brand, tag_ids: [tags.shared], selection: "automatic" }),
      201,
    );
    const kept = await call(client, "PATCH", `/v1/widgets/${widget.id}`, { tag_ids: [tags.shared, tags.harbour] });
    expect(kept.status).toBe(200);
    const fresh = await call(client, "POST", "/v1/widgets", { brand_id: h.brand, tag_ids: [tags.shared] });
    expect([fresh.status, fresh.body.error.details.field]).toEqual([400, "tag_ids[0]"]);
  });

  test("its export names its brand's tags only, never a shared one", async () => {
    const created = await ok(call(client, "POST", "/v1/exports", { format: "json" }), 201);
    await runDueJobs(t.deps, buildRegistry());
    const done = await ok(call(client, "GET", `/v1/exports/${created.id}`));
    expect(done.status).toBe("ready");
    const file = await t.app.handle(new Request(done.download_url));
    const text = await file.text();
    expect(text).toContain("harbour-dental-complaint");
    expect(text).not.toContain("video-ready");
    expect(text).not.toContain("pricing");
    const exportFilter = await call(client, "POST", "/v1/exports", { format: "json", tag_id: tags.shared });
    expect(exportFilter.status).toBe(404);
  });
});
