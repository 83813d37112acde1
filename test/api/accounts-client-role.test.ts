/**
 * Client logins (issue 17): a `client` is invited by link for chosen brands and sees and moderates only those
 * brands' testimonials, links, widgets, reels, imports and exports. Another brand's rows answer 404 like an id
 * that does not exist, lists never include them, counts never count them, search never finds them; keys, webhooks,
 * members, billing, tags shared by every brand (the agency's own) and brand settings stay out of reach. A client
 * sees, uses and manages its brands' own tags (issue 29). API keys stay org-wide.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type Session, type TestApp, type TestOrg } from "../helpers/app";
import { fakeProcessedVideo, writeTestimonial } from "../helpers/testimonials";
import { video } from "./reels-helpers";

let t: TestApp;
let org: TestOrg;
let client: Session;
const CSRF = { "x-svc-csrf": "1" };
const consent = {
  consent_text: "I agree that my words and recording may be published.",
  consent_version: "2026-11-01",
};

/** The two brands' objects: `a` is the brand the client may not see, `b` the client's. */
const a = { brand: "", link: "", sub: "", sub2: "", widget: "", video: "", reel: "" };
const b = { brand: "", link: "", sub: "", sub2: "", widget: "", video: "", reel: "" };
let tag = "";
/** A tag of the client's brand. */
let betaTag = "";
let ownerExport = "";

async function ok(r: Promise<{ status: number; body: any }>, status = 200) {
  const got = await r;
  expect(got.status, JSON.stringify(got.body)).toBe(status);
  return got.body;
}

async function objectsOf(brand: string, into: typeof a, word: string) {
  const owner = org.owner;
  into.brand = brand;
  into.link = (
    await ok(
      t.call("POST", `/v1/brands/${brand}/links`, {
        auth: owner,
        body: { title: `Link ${word}`, prompts: [{ text: "How was it?" }], ...consent },
      }),
      201,
    )
  ).id;
  into.sub = await writeTestimonial(t, into.link, `Shared words about ${word}: the onboarding was wonderful.`);
  into.sub2 = await writeTestimonial(t, into.link, `Another note from ${word}, still wonderful.`);
  into.widget = (await ok(t.call("POST", "/v1/widgets", { auth: owner, body: { brand_id: brand } }), 201)).id;
  into.video = await fakeProcessedVideo(t, org, into.link);
  into.reel = (
    await ok(
      t.call("POST", "/v1/reels", {
        auth: owner,
        body: { brand_id: brand, submission_ids: [into.video], mode: "manual" },
      }),
      201,
    )
  ).id;
  await ok(
    t.call("POST", "/v1/imports", {
      auth: owner,
      body: {
        brand_id: brand,
        source: { name: "Reviews" },
        attested: true,
        rows: [{ text: `Imported ${word} review.` }],
      },
    }),
    201,
  );
  await ok(t.call("POST", `/v1/submissions/${into.sub}/tags`, { auth: owner, body: { tag_id: tag } }));
}

/** Invites `email` as a client of `brandIds` and accepts with a new password; returns the client's session. */
async function inviteClient(
  email: string,
  brandIds: string[],
  of: TestOrg = org,
): Promise<{ session: Session; invitation: any }> {
  const invitation = await ok(
    t.call("POST", "/v1/members", { auth: of.owner, body: { email, role: "client", brand_ids: brandIds } }),
    201,
  );
  const token = new URL(invitation.url).hash.slice(1);
  const accepted = await t.call("POST", "/v1/invitations/accept", {
    body: { token, password: "client-password-1", name: "Cleo Client" },
    headers: CSRF,
  });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  return {
    session: { cookie: accepted.headers.get("set-cookie")!.split(";")[0]!, orgId: of.id },
    invitation,
  };
}

beforeAll(async () => {
  t = await makeTestApp();
  org = await t.org({ plan: "plus" });
  const brands = await ok(t.call("GET", "/v1/brands", { auth: org.owner }));
  const beta = await ok(t.call("POST", "/v1/brands", { auth: org.owner, body: { name: "Beta Bakery" } }), 201);
  tag = (await ok(t.call("POST", "/v1/tags", { auth: org.owner, body: { name: "favourite" } }), 201)).id;
  await objectsOf(brands.data[0].id, a, "alpha");
  await objectsOf(beta.id, b, "beta");
  betaTag = (
    await ok(t.call("POST", "/v1/tags", { auth: org.owner, body: { name: "beta-regulars", brand_id: beta.id } }), 201)
  ).id;
  await ok(t.call("POST", `/v1/submissions/${b.sub}/tags`, { auth: org.owner, body: { tag_id: betaTag } }));
  ownerExport = (await ok(t.call("POST", "/v1/exports", { auth: org.owner, body: { format: "csv" } }), 201)).id;
  client = (await inviteClient("cleo@client.test", [b.brand])).session;
}, 60_000);
afterAll(() => t.close());

describe("inviting a client", () => {
  test("a client invitation must name brands of this organisation; other roles may not name any", async () => {
    const none = await t.call("POST", "/v1/members", { auth: org.owner, body: { email: "x@c.test", role: "client" } });
    expect(none.status).toBe(400);
    expect(none.body.error.details.field).toBe("brand_ids");
    const stranger = await t.org();
    const strangerBrand = (await t.call("GET", "/v1/brands", { auth: stranger.owner })).body.data[0].id;
    const foreign = await t.call("POST", "/v1/members", {
      auth: org.owner,
      body: { email: "x@c.test", role: "client", brand_ids: [strangerBrand] },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.details.field).toBe("brand_ids");
    const member = await t.call("POST", "/v1/members", {
      auth: org.owner,
      body: { email: "x@c.test", role: "member", brand_ids: [b.brand] },
    });
    expect(member.status).toBe(400);
    expect(member.body.error.message).toContain("Only a client");
  });

  test("the link names the brands; after accepting, /v1/me shows the client role and its brands", async () => {
    const inv = await ok(
      t.call("POST", "/v1/members", {
        auth: org.owner,
        body: { email: "dana@client.test", role: "client", brand_ids: [b.brand] },
      }),
      201,
    );
    expect(inv.role).toBe("client");
    expect(inv.brand_ids).toEqual([b.brand]);
    const lookup = await ok(
      t.call("POST", "/v1/invitations/lookup", { body: { token: new URL(inv.url).hash.slice(1) } }),
    );
    expect(lookup.brands).toEqual([{ id: b.brand, name: "Beta Bakery" }]);
    const me = await ok(t.call("GET", "/v1/me", { auth: client }));
    expect(me.memberships).toEqual([
      expect.objectContaining({ org_id: org.id, role: "client", brand_ids: [b.brand], operator: false }),
    ]);
    const members = await ok(t.call("GET", "/v1/members", { auth: org.owner }));
    expect(members.data.find((m: any) => m.email === "cleo@client.test")).toMatchObject({
      role: "client",
      brand_ids: [b.brand],
    });
  });
});

describe("a client sees only its brands", () => {
  test("brands, links and testimonials of another brand are 404 and never listed", async () => {
    const brands = await ok(t.call("GET", "/v1/brands", { auth: client }));
    expect(brands.data.map((x: any) => x.id)).toEqual([b.brand]);
    for (const path of [
      `/v1/brands/${a.brand}`,
      `/v1/brands/${a.brand}/links`,
      `/v1/links/${a.link}`,
      `/v1/submissions/${a.sub}`,
      `/v1/submissions/${a.sub}/tags`,
      `/v1/submissions/${a.video}/transcript`,
      `/v1/submissions/${a.video}/media/poster`,
      `/v1/widgets/${a.widget}`,
      `/v1/reels/${a.reel}`,
      `/v1/widgets?brand_id=${a.brand}`,
    ]) {
      const r = await t.call("GET", path, { auth: client });
      expect([path, r.status, r.body.error?.code]).toEqual([path, 404, "not_found"]);
    }
    expect((await ok(t.call("GET", `/v1/brands/${b.brand}`, { auth: client }))).id).toBe(b.brand);
    expect((await ok(t.call("GET", `/v1/links/${b.link}`, { auth: client }))).id).toBe(b.link);
    expect((await ok(t.call("GET", `/v1/submissions/${b.sub}`, { auth: client }))).id).toBe(b.sub);
  });

  test("lists, search and counts hold only the client's brand", async () => {
    const subs = await ok(t.call("GET", "/v1/submissions?limit=100", { auth: client }));
    const ids = subs.data.map((s: any) => s.id);
    expect(ids).toEqual(expect.arrayContaining([b.sub, b.sub2, b.video]));
    expect(subs.data.every((s: any) => s.brand_id === b.brand)).toBe(true);
    const found = await ok(t.call("GET", "/v1/submissions?q=wonderful", { auth: client }));
    expect(found.data.map((s: any) => s.id).sort()).toEqual([b.sub, b.sub2].sort());
    const ownerFound = await ok(t.call("GET", "/v1/submissions?q=wonderful", { auth: org.owner }));
    expect(ownerFound.data).toHaveLength(4);
    const named = await ok(t.call("GET", "/v1/submissions?q=alpha", { auth: client }));
    expect(named.data).toEqual([]);
    const byOtherBrand = await ok(t.call("GET", `/v1/submissions?brand_id=${a.brand}`, { auth: client }));
    expect(byOtherBrand.data).toEqual([]);

    const ownerBrands = await ok(t.call("GET", "/v1/brands", { auth: org.owner }));
    const brand = (await ok(t.call("GET", "/v1/brands", { auth: client }))).data[0];
    expect(brand.submission_count).toBe(ownerBrands.data.find((x: any) => x.id === b.brand).submission_count);

    const countOf = (page: any, id: string) => page.data.find((x: any) => x.id === id)?.submission_count;
    const ownerTags = await ok(t.call("GET", "/v1/tags", { auth: org.owner }));
    expect([countOf(ownerTags, tag), countOf(ownerTags, betaTag)]).toEqual([2, 1]);
    // The shared tag is the agency's: a client's list holds only its brand's tags.
    const clientTags = await ok(t.call("GET", "/v1/tags", { auth: client }));
    expect(clientTags.data.map((x: any) => [x.id, x.brand_id, x.submission_count])).toEqual([[betaTag, b.brand, 1]]);

    const widgets = await ok(t.call("GET", "/v1/widgets", { auth: client }));
    expect(widgets.data.map((w: any) => w.id)).toEqual([b.widget]);
    const reels = await ok(t.call("GET", "/v1/reels", { auth: client }));
    expect(reels.data.map((r: any) => r.id)).toEqual([b.reel]);
    const imports = await ok(t.call("GET", "/v1/imports", { auth: client }));
    expect(imports.data.length).toBe(1);
    expect(imports.data[0].brand_id).toBe(b.brand);
  });

  test("moderation and tagging work on the client's testimonials and are 404 on another brand's", async () => {
    const approved = await ok(
      t.call("POST", `/v1/submissions/${b.sub2}/approve`, { auth: client, body: { publish: true } }),
    );
    expect(approved.is_approved).toBe(true);
    expect(approved.is_public).toBe(true);
    const other = await t.call("POST", `/v1/submissions/${a.sub2}/approve`, { auth: client, body: {} });
    expect([other.status, other.body.error.code]).toEqual([404, "not_found"]);
    const rejected = await t.call("POST", `/v1/submissions/${a.sub2}/reject`, { auth: client, body: { reason: "No" } });
    expect(rejected.status).toBe(404);
    expect((await ok(t.call("GET", `/v1/submissions/${a.sub2}`, { auth: org.owner }))).is_approved).toBe(false);

    const tagged = await ok(
      t.call("POST", `/v1/submissions/${b.sub2}/tags`, { auth: client, body: { tag_id: betaTag } }),
    );
    expect(tagged.data.map((x: any) => x.id)).toEqual([betaTag]);
    // The shared tag on b.sub (put there by the owner) is not named to the client.
    expect((await ok(t.call("GET", `/v1/submissions/${b.sub}`, { auth: client }))).tags.map((x: any) => x.id)).toEqual([
      betaTag,
    ]);
    const shared = await t.call("POST", `/v1/submissions/${b.sub2}/tags`, { auth: client, body: { tag_id: tag } });
    expect(shared.status).toBe(404);
    const otherTag = await t.call("POST", `/v1/submissions/${a.sub2}/tags`, {
      auth: client,
      body: { tag_id: betaTag },
    });
    expect(otherTag.status).toBe(404);

    const bulk = await ok(
      t.call("POST", "/v1/submissions/bulk", {
        auth: client,
        body: { action: "approve", ids: [a.sub, b.sub] },
      }),
    );
    expect(bulk.succeeded).toBe(1);
    expect(bulk.results.find((r: any) => r.id === a.sub).error.code).toBe("not_found");
    expect((await ok(t.call("GET", `/v1/submissions/${a.sub}`, { auth: org.owner }))).is_approved).toBe(false);
  });

  test("widgets and reels are built for the client's brand only", async () => {
    const mine = await ok(t.call("POST", "/v1/widgets", { auth: client, body: { brand_id: b.brand } }), 201);
    expect(mine.brand_id).toBe(b.brand);
    const theirs = await t.call("POST", "/v1/widgets", { auth: client, body: { brand_id: a.brand } });
    expect([theirs.status, theirs.body.error.code]).toEqual([404, "not_found"]);
    const patch = await t.call("PATCH", `/v1/widgets/${a.widget}`, { auth: client, body: { name: "Mine now" } });
    expect(patch.status).toBe(404);
    const del = await t.call("DELETE", `/v1/widgets/${a.widget}`, { auth: client });
    expect(del.status).toBe(404);
    const reel = await t.call("POST", "/v1/reels", {
      auth: client,
      body: { brand_id: b.brand, submission_ids: [a.video], mode: "manual" },
    });
    // Another brand's testimonial reads as one that does not exist, not as "of another brand".
    expect(reel.status).toBe(422);
    expect(reel.body.error.details.reason).toBe((await madeUpReason()).reason);
    const mineReel = await ok(
      t.call("POST", "/v1/reels", {
        auth: client,
        body: { brand_id: b.brand, submission_ids: [b.video], mode: "manual" },
      }),
      201,
    );
    expect(mineReel.brand_id).toBe(b.brand);
  });

  test("exports: a client's export holds only its brands; the organisation's exports are not the client's", async () => {
    const list = await ok(t.call("GET", "/v1/exports", { auth: client }));
    expect(list.data.map((e: any) => e.id)).not.toContain(ownerExport);
    expect((await t.call("GET", `/v1/exports/${ownerExport}`, { auth: client })).status).toBe(404);
    const preview = await ok(t.call("POST", "/v1/exports/preview", { auth: client, body: {} }));
    const ownerPreview = await ok(t.call("POST", "/v1/exports/preview", { auth: org.owner, body: {} }));
    expect(preview.count).toBeLessThan(ownerPreview.count);
    expect(preview.data.length).toBeGreaterThan(0);
    expect(preview.data.every((r: any) => r.brand_id === b.brand)).toBe(true);
    expect(ownerPreview.data.some((r: any) => r.brand_id === a.brand)).toBe(true);
    const previewOther = await t.call("POST", "/v1/exports/preview", { auth: client, body: { brand_id: a.brand } });
    expect(previewOther.status).toBe(404);
    const mine = await ok(t.call("POST", "/v1/exports", { auth: client, body: { format: "json" } }), 201);
    expect(mine.filters.brand_ids).toEqual([b.brand]);
    const again = await ok(t.call("GET", "/v1/exports", { auth: client }));
    expect(again.data.map((e: any) => e.id)).toEqual([mine.id]);
    expect((await ok(t.call("GET", `/v1/exports/${mine.id}`, { auth: org.owner }))).id).toBe(mine.id);
    const count = await ok(t.call("POST", "/v1/exports/preview", { auth: client, body: { format: "json" } }));
    expect(count.count).toBe(preview.count);
  });
});

describe("a client cannot reach the organisation's settings", () => {
  test("keys, webhooks, members, billing, brands and links answer 403", async () => {
    const refused: [string, string, unknown?][] = [
      ["GET", "/v1/api-keys"],
      ["POST", "/v1/api-keys", { name: "mine" }],
      ["GET", "/v1/webhooks"],
      ["POST", "/v1/webhooks", { url: "https://example.com/hook", events: ["submission.created"] }],
      ["GET", "/v1/members"],
      ["POST", "/v1/members", { email: "friend@client.test", role: "client", brand_ids: [b.brand] }],
      ["GET", "/v1/invitations"],
      ["GET", "/v1/billing"],
      ["GET", "/v1/billing/usage"],
      ["GET", "/v1/audit-log"],
      ["GET", "/v1/outbox"],
      ["POST", "/v1/brands", { name: "Client Brand" }],
      ["PATCH", `/v1/brands/${b.brand}`, { name: "Renamed" }],
      ["POST", `/v1/brands/${b.brand}/links`, { title: "x", prompts: [{ text: "Hi?" }], ...consent }],
      ["PATCH", `/v1/links/${b.link}`, { title: "Renamed" }],
      ["POST", "/v1/imports", { brand_id: b.brand, source: { name: "x" }, attested: true, rows: [{ text: "x y z" }] }],
    ];
    for (const [method, path, body] of refused) {
      const r = await t.call(method, path, { auth: client, body });
      expect([method, path, r.status, r.body.error?.code]).toEqual([method, path, 403, "forbidden"]);
    }
  });

  test("the owner changes a client's brands and role; an API key still sees every brand", async () => {
    const members = await ok(t.call("GET", "/v1/members", { auth: org.owner }));
    const cleo = members.data.find((m: any) => m.email === "cleo@client.test");
    const widened = await ok(
      t.call("PATCH", `/v1/members/${cleo.id}`, {
        auth: org.owner,
        body: { role: "client", brand_ids: [a.brand, b.brand] },
      }),
    );
    expect(widened.brand_ids).toEqual([a.brand, b.brand]);
    expect((await ok(t.call("GET", "/v1/brands", { auth: client }))).data).toHaveLength(2);
    const kept = await ok(t.call("PATCH", `/v1/members/${cleo.id}`, { auth: org.owner, body: { role: "client" } }));
    expect(kept.brand_ids).toEqual([a.brand, b.brand]);
    const narrowed = await ok(
      t.call("PATCH", `/v1/members/${cleo.id}`, { auth: org.owner, body: { role: "client", brand_ids: [b.brand] } }),
    );
    expect(narrowed.brand_ids).toEqual([b.brand]);
    expect((await t.call("GET", `/v1/submissions/${a.sub}`, { auth: client })).status).toBe(404);
    const empty = await t.call("PATCH", `/v1/members/${cleo.id}`, {
      auth: org.owner,
      body: { role: "client", brand_ids: [] },
    });
    expect(empty.status).toBe(400);
    const member = await ok(t.call("PATCH", `/v1/members/${cleo.id}`, { auth: org.owner, body: { role: "member" } }));
    expect(member.brand_ids).toBeNull();
    expect((await ok(t.call("GET", `/v1/submissions/${a.sub}`, { auth: client }))).id).toBe(a.sub);
    await ok(
      t.call("PATCH", `/v1/members/${cleo.id}`, { auth: org.owner, body: { role: "client", brand_ids: [b.brand] } }),
    );
    expect((await t.call("GET", `/v1/submissions/${a.sub}`, { auth: client })).status).toBe(404);

    const keyBrands = await ok(t.call("GET", "/v1/brands", { auth: org.liveKey }));
    expect(keyBrands.data).toHaveLength(2);
  });
});

describe("a client at a plan limit", () => {
  test("is told to ask the agency, without the organisation's usage, limit or the plan that would fit it", async () => {
    // A free plan (300 render seconds a month); one 29.95 s clip seven times in three sizes costs 630.
    const small = await t.org({ plan: "free" });
    const brand = (await ok(t.call("GET", "/v1/brands", { auth: small.owner }))).data[0].id;
    const link = (
      await ok(
        t.call("POST", `/v1/brands/${brand}/links`, {
          auth: small.owner,
          body: { title: "Small link", prompts: [{ text: "How was it?" }], ...consent },
        }),
        201,
      )
    ).id;
    const tv = await video(t, small, link, Array.from({ length: 75 }, (_, i) => `word${i}.`).join(" "));
    const { session } = await inviteClient("carla@client.test", [brand], small);
    const reel = await ok(
      t.call("POST", "/v1/reels", { auth: session, body: { brand_id: brand, submission_ids: [tv.id] } }),
      201,
    );
    const clip = { submission_id: tv.id, start_ms: tv.words[0]!.start_ms, end_ms: tv.words[74]!.end_ms };
    const put = await ok(
      t.call("PUT", `/v1/reels/${reel.id}/clips`, {
        auth: session,
        body: { clips: Array.from({ length: 7 }, () => clip) },
      }),
    );
    // The client learns what the render costs and that it does not fit, not the organisation's figures.
    expect(put.estimate).toMatchObject({
      render_seconds: 630,
      used_seconds_this_month: null,
      allowance_seconds: null,
      remaining_seconds: null,
      can_start: false,
      blocked_reason: "plan_limit",
    });
    const refused = await t.call("POST", `/v1/reels/${reel.id}/render`, { auth: session });
    expect(refused.status, JSON.stringify(refused.body)).toBe(402);
    const error = refused.body.error;
    expect(error.code).toBe("plan_limit_exceeded");
    expect(error.message).toContain("Ask the agency");
    expect(error.message).not.toMatch(/\d/);
    expect(error.details).toBeUndefined();
    // The next plan with a higher limit (starter), not the one that would fit the usage.
    expect(error.limit).toEqual({
      name: "render_seconds_per_month",
      plan: "free",
      upgrade_plan: "starter",
      upgrade_url: expect.stringContaining("/billing?upgrade=starter"),
    });

    // The owner, on the same reel, sees the figures and the plan that fits.
    const owned = await ok(t.call("GET", `/v1/reels/${reel.id}`, { auth: small.owner }));
    expect(owned.estimate).toMatchObject({
      used_seconds_this_month: 0,
      allowance_seconds: 300,
      remaining_seconds: 300,
    });
    const owner = await t.call("POST", `/v1/reels/${reel.id}/render`, { auth: small.owner });
    expect(owner.status).toBe(402);
    expect(owner.body.error.limit).toMatchObject({ limit: 300, used: 0, upgrade_plan: "starter" });
    expect(owner.body.error.message).toContain("allows 300");
  });
});

/** What a reel asks of a testimonial id that does not exist. */
async function madeUpReason() {
  const r = await t.call("POST", "/v1/reels", {
    auth: client,
    body: { brand_id: b.brand, submission_ids: [`${a.video.slice(0, -6)}ZZZZZZ`], mode: "manual" },
  });
  return r.body.error.details as { reason: string };
}
