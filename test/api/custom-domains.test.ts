/**
 * A brand's custom domain through the API (issue 24): the name is checked and normalised, held by one brand of the
 * whole server (409), refused for test-mode brands and for the box's own names; the brand says which DNS record to
 * create; once active, the wall, links and removal pages answer on that name (and nothing else does), link addresses
 * and the wall address name it, and the public routes answer its pages' calls (CORS). The certificate side and the
 * real DNS are in test/e2e/https.test.ts (pebble).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { writeTestimonial } from "../helpers/testimonials";
import { brands, domainProof } from "../../src/domains/brands";
import { requestHandler } from "../../src/app";
import { runDueJobs } from "../../src/platform/jobs/worker";
import { buildRegistry } from "../../src/composition";

let t: TestApp;
let a: TestOrg;
let b: TestOrg;
let brandId = "";
const registry = buildRegistry();

const patch = (auth: string, id: string, body: Record<string, unknown>) =>
  t.call("PATCH", `/v1/brands/${id}`, { auth, body });
/** A request as the server receives it (through its request handler, where custom domains are routed). */
const onHost = async (host: string, path: string, init: { method?: string; headers?: Record<string, string> } = {}) => {
  const res = await requestHandler(
    t.app,
    t.deps,
  )(new Request(`http://${host}${path}`, { method: init.method ?? "GET", headers: { host, ...init.headers } }));
  return { status: res.status, headers: res.headers, text: await res.text() };
};

beforeAll(async () => {
  t = await makeTestApp({ PLAUDIT_BASE_URL: "https://box.example", PLAUDIT_SITE_URL: "https://box.example" });
  a = await t.org({ name: "Agency A" });
  b = await t.org({ name: "Agency B" });
  brandId = (await t.call("POST", "/v1/brands", { auth: a.liveKey, body: { name: "Client Bakery" } })).body.id;
}, 60_000);
afterAll(() => t?.close());

describe("setting a custom domain", () => {
  test("bad names are refused with a clear 400; the box's own name too; a sandbox brand gets 422", async () => {
    for (const bad of [
      "https://reviews.client.com",
      "reviews.client.com/wall",
      "localhost",
      "10.0.0.1",
      "a b.com",
      "-x.com",
    ]) {
      const r = await patch(a.liveKey, brandId, { custom_domain: bad });
      expect(r.status, bad).toBe(400);
      expect(r.body.error.details.field).toBe("custom_domain");
    }
    const own = await patch(a.liveKey, brandId, { custom_domain: "box.example" });
    expect(own.status).toBe(400);
    expect(own.body.error.message).toContain("this server's own address");
    const testBrand = (await t.call("GET", "/v1/brands", { auth: a.testKey })).body.data[0].id;
    const sandbox = await patch(a.testKey, testBrand, { custom_domain: "sandbox.client.com" });
    expect(sandbox.status).toBe(422);
    expect(sandbox.body.error.code).toBe("custom_domain_live_only");
    const stored = t.deps.db.select().from(brands).where(eq(brands.id, brandId)).get()!;
    expect(stored.customDomain).toBeNull();
  }, 30_000);

  test("a name is normalised, pending, and says which DNS record to create; another brand anywhere gets 409", async () => {
    const r = await patch(a.liveKey, brandId, { custom_domain: " Reviews.Client.COM. " });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      custom_domain: "reviews.client.com",
      custom_domain_status: "pending",
      custom_domain_error: null,
      custom_domain_dns: { type: "CNAME", name: "reviews.client.com", value: "box.example" },
    });
    // Still pending: addresses stay on the box's own site.
    expect(r.body.public_wall_url).toStartWith("https://box.example/b/");
    const other = await patch(b.liveKey, (await t.call("GET", "/v1/brands", { auth: b.liveKey })).body.data[0].id, {
      custom_domain: "reviews.client.com",
    });
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe("domain_taken");
    const sameOrg = (await t.call("POST", "/v1/brands", { auth: a.liveKey, body: { name: "Second" } })).body.id;
    expect((await patch(a.liveKey, sameOrg, { custom_domain: "REVIEWS.client.com" })).status).toBe(409);
    // An internationalised name is kept in its ASCII form.
    expect((await patch(a.liveKey, sameOrg, { custom_domain: "bäckerei.example" })).body.custom_domain).toBe(
      "xn--bckerei-5wa.example",
    );
    expect((await patch(a.liveKey, sameOrg, { custom_domain: null })).body.custom_domain).toBeNull();
  }, 30_000);
});

describe("an active custom domain", () => {
  let linkId = "";
  beforeAll(async () => {
    await patch(a.liveKey, brandId, { is_public: true });
    const link = await t.call("POST", `/v1/brands/${brandId}/links`, {
      auth: a.liveKey,
      body: { title: "Cake?", prompts: [{ text: "How was it?" }], consent_text: "I agree.", consent_version: "1" },
    });
    linkId = link.body.id;
    await t.call("PATCH", `/v1/links/${linkId}`, { auth: a.liveKey, body: { slug: "cake" } });
    // Without built-in HTTPS (behind a proxy) the box checks the name itself: here no DNS knows it.
    await runDueJobs(t.deps, registry);
    const checked = (await t.call("GET", `/v1/brands/${brandId}`, { auth: a.liveKey })).body;
    expect(checked.custom_domain_status).toBe("failed");
    expect(checked.custom_domain_error).toContain("reviews.client.com has no DNS record yet");
    // As if it pointed here (the real DNS and certificate path: test/e2e/https.test.ts).
    t.deps.db.update(brands).set({ customDomainStatus: "active" }).where(eq(brands.id, brandId)).run();
  });

  test("the brand's addresses name it: the wall, its links and their QR codes", async () => {
    const brand = (await t.call("GET", `/v1/brands/${brandId}`, { auth: a.liveKey })).body;
    expect(brand.public_wall_url).toBe("https://reviews.client.com");
    const link = (await t.call("GET", `/v1/links/${linkId}`, { auth: a.liveKey })).body;
    expect(link.url).toBe("https://reviews.client.com/c/cake");
    // The id address stays on the box (it always works).
    expect(link.id_url).toBe(`https://box.example/c/${linkId}`);
  }, 30_000);

  test("on that name: the wall, permalinks, the proof; the API and dashboard are not there", async () => {
    const wall = await onHost("reviews.client.com", "/");
    expect(wall.status).toBe(200);
    expect(wall.text).toContain("Client Bakery");
    expect(wall.text).toContain('rel="canonical" href="https://reviews.client.com"');
    expect((await onHost("reviews.client.com", "/v1/brands")).status).toBe(404);
    expect((await onHost("reviews.client.com", "/app/")).status).toBe(404);
    const proof = await onHost("reviews.client.com", "/.well-known/plaudit-domain");
    expect(proof.text).toBe(domainProof(t.deps, "reviews.client.com"));
    // A name no brand holds is the box itself, as before.
    expect((await onHost("box.example", "/healthz")).status).toBe(200);
  }, 30_000);

  test("its pages' calls are answered for its origin; a made-up origin is not", async () => {
    const pre = await onHost("box.example", "/public/removals", {
      method: "OPTIONS",
      headers: { origin: "https://reviews.client.com", "access-control-request-method": "POST" },
    });
    expect(pre.headers.get("access-control-allow-origin")).toBe("https://reviews.client.com");
    const stranger = await onHost("box.example", "/public/removals", {
      method: "OPTIONS",
      headers: { origin: "https://evil.example", "access-control-request-method": "POST" },
    });
    expect(stranger.headers.get("access-control-allow-origin")).toBe("https://box.example");
    const capture = await onHost("box.example", `/public/links/${linkId}`, {
      headers: { origin: "https://reviews.client.com" },
    });
    expect(capture.headers.get("access-control-allow-origin")).toBe("https://reviews.client.com");
  }, 30_000);

  test("a removal email of this brand's testimonial links to the removal page on its name", async () => {
    const delivered: { text: string }[] = [];
    t.deps.mailer = { delivers: true, send: async (m) => (delivered.push(m), { messageId: "<x>" }), close() {} };
    await writeTestimonial(t, (await makeLinkOf(brandId)).id, "Lovely cakes, friendly people, fast delivery.", {
      name: "Rae",
      email: "rae@example.com",
    });
    await runDueJobs(t.deps, registry);
    // The respondent's thank-you (the team's alert about the new testimonial goes elsewhere).
    const thanks = delivered.filter((m) => (m as { to?: string }).to === "rae@example.com");
    expect(thanks.at(-1)!.text).toMatch(/https:\/\/reviews\.client\.com\/remove\/[A-Za-z0-9_-]{20,}/);
  }, 30_000);
});

/** A link of the brand with the consent `writeTestimonial` sends. */
async function makeLinkOf(id: string) {
  const link = await t.call("POST", `/v1/brands/${id}/links`, {
    auth: a.liveKey,
    body: {
      title: "Tell us",
      prompts: [{ text: "How was it?" }],
      consent_text: "I agree that my words and recording may be published.",
      consent_version: "2026-11-01",
    },
  });
  return { id: link.body.id as string };
}
