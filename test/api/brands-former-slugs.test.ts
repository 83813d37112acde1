/**
 * A brand's former slug stays with its organisation (security review, issue 30): after a rename, no other
 * organisation can take the old slug for 365 days (the same 409 `slug_taken`, in the same words, as a slug in use,
 * on create and on change), the old wall address still leads to the brand (301), the organisation may reuse its own
 * former slug or release it, and after the year anyone may take it.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";

const DAY = 86_400_000;

let t: TestApp;
let a: TestOrg;
let b: TestOrg;
let brandB: string;

const get = async (url: string) => {
  const res = await t.app.handle(new Request(url));
  return { status: res.status, location: res.headers.get("location"), text: await res.text() };
};

/** A public live brand of org A with `slug`, then renamed to `renamed`; answers the renamed brand. */
async function renamedBrand(slug: string, renamed: string) {
  const made = await t.call("POST", "/v1/brands", { auth: a.liveKey, body: { name: `Brand ${slug}`, slug } });
  expect(made.status).toBe(201);
  const r = await t.call("PATCH", `/v1/brands/${made.body.id}`, {
    auth: a.liveKey,
    body: { slug: renamed, is_public: true },
  });
  expect(r.status).toBe(200);
  return r.body;
}

/** What org B gets trying `slug` on create and on change of its own brand. */
async function bTries(slug: string) {
  const create = await t.call("POST", "/v1/brands", { auth: b.liveKey, body: { name: "Bee Brand", slug } });
  const change = await t.call("PATCH", `/v1/brands/${brandB}`, { auth: b.liveKey, body: { slug } });
  return { create, change };
}

const takenWords = (slug: string) => `The slug "${slug}" is taken; choose another.`;

beforeAll(async () => {
  t = await makeTestApp();
  a = await t.org({ name: "Alpha Org", plan: "plus" });
  b = await t.org({ name: "Bravo Org" });
  brandB = (await t.call("GET", "/v1/brands", { auth: b.liveKey })).body.data[0].id;
});
afterAll(() => t.close());

describe("a renamed brand's former slug", () => {
  test("is listed on the brand with the time it is held until: 365 days from the change", async () => {
    const brand = await renamedBrand("alpha-shop", "alpha-store");
    expect(brand.slug).toBe("alpha-store");
    expect(brand.former_slugs).toEqual([
      { slug: "alpha-shop", held_until: new Date(t.clock.now() + 365 * DAY).toISOString() },
    ]);
    const one = await t.call("GET", `/v1/brands/${brand.id}`, { auth: a.liveKey });
    expect(one.body.former_slugs).toEqual(brand.former_slugs);
    const list = await t.call("GET", "/v1/brands", { auth: a.liveKey });
    expect(list.body.data.find((x: any) => x.id === brand.id).former_slugs).toEqual(brand.former_slugs);
  });

  test("another organisation cannot take it, on create or on change: the same 409 as a slug in use", async () => {
    await renamedBrand("alpha-old", "alpha-new");
    const held = await bTries("alpha-old");
    const inUse = await bTries("alpha-new");
    for (const r of [held.create, held.change, inUse.create, inUse.change]) {
      expect(r.status).toBe(409);
      expect(r.body.error).toMatchObject({ code: "slug_taken", details: { field: "slug" } });
    }
    // Word for word what a slug in use gets, slug aside: nothing tells B that it is somebody's former address.
    expect(held.create.body.error.message).toBe(takenWords("alpha-old"));
    expect(held.change.body.error.message).toBe(takenWords("alpha-old"));
    expect(inUse.create.body.error.message).toBe(takenWords("alpha-new"));
    expect(Object.keys(held.create.body.error).sort()).toEqual(Object.keys(inUse.create.body.error).sort());
    expect((await t.call("GET", `/v1/brands/${brandB}`, { auth: b.liveKey })).body.slug).not.toBe("alpha-old");
  });

  test("a slug made up from another organisation's brand name passes over it", async () => {
    await renamedBrand("charlie-cafe", "charlie-coffee");
    const r = await t.call("POST", "/v1/brands", { auth: b.liveKey, body: { name: "Charlie Cafe" } });
    expect(r.status).toBe(201);
    expect(r.body.slug).toBe("charlie-cafe-2");
  });

  test("the old wall address still leads to the owner's brand (301), after another organisation tried to take it", async () => {
    await renamedBrand("delta-wall", "delta-wall-new");
    expect((await bTries("delta-wall")).change.status).toBe(409);
    const page = await get("http://plaudit.test/b/delta-wall?page=1");
    expect(page.status).toBe(301);
    expect(page.location).toBe("http://plaudit.test/b/delta-wall-new?page=1");
    const json = await get("http://plaudit.test/public/walls/delta-wall");
    expect(json.status).toBe(301);
    expect(json.location).toBe("http://plaudit.test/public/walls/delta-wall-new");
    expect((await get("http://plaudit.test/b/delta-wall-new")).status).toBe(200);
  });

  test("the same organisation may reuse it for another brand: the hold ends and the address is that brand's", async () => {
    const first = await renamedBrand("echo-mart", "echo-market");
    const reuse = await t.call("POST", "/v1/brands", {
      auth: a.liveKey,
      body: { name: "Echo Two", slug: "echo-mart" },
    });
    expect(reuse.status).toBe(201);
    expect(reuse.body.slug).toBe("echo-mart");
    expect((await t.call("GET", `/v1/brands/${first.id}`, { auth: a.liveKey })).body.former_slugs).toEqual([]);
    await t.call("PATCH", `/v1/brands/${reuse.body.id}`, { auth: a.liveKey, body: { is_public: true } });
    expect((await get("http://plaudit.test/b/echo-mart")).status).toBe(200);
    // The same brand may also go back to its own former slug.
    const back = await renamedBrand("echo-back", "echo-forth");
    const again = await t.call("PATCH", `/v1/brands/${back.id}`, { auth: a.liveKey, body: { slug: "echo-back" } });
    expect(again.status).toBe(200);
    expect(again.body.former_slugs.map((f: any) => f.slug)).toEqual(["echo-forth"]);
  });

  test("once released, the old address stops leading to the brand and another organisation may take the slug", async () => {
    const brand = await renamedBrand("foxtrot-old", "foxtrot-new");
    expect((await bTries("foxtrot-old")).create.status).toBe(409);
    const released = await t.call("DELETE", `/v1/brands/${brand.id}/former-slugs/foxtrot-old`, { auth: a.liveKey });
    expect(released.status).toBe(200);
    expect(released.body).toMatchObject({ id: brand.id, slug: "foxtrot-new", former_slugs: [] });
    expect((await get("http://plaudit.test/b/foxtrot-old")).status).toBe(404);
    const taken = await t.call("PATCH", `/v1/brands/${brandB}`, { auth: b.liveKey, body: { slug: "foxtrot-old" } });
    expect(taken.status).toBe(200);
    expect(taken.body.public_wall_url).toBe("http://plaudit.test/b/foxtrot-old");
  });

  test("release: only the owner organisation, only its own former slugs, as brand changes are (brands:write, admin)", async () => {
    const brand = await renamedBrand("golf-old", "golf-new");
    const path = `/v1/brands/${brand.id}/former-slugs/golf-old`;
    const stranger = await t.call("DELETE", path, { auth: b.liveKey });
    expect(stranger.status).toBe(404);
    expect(stranger.body.error.code).toBe("not_found");
    expect((await t.call("DELETE", path, { auth: a.key("live", ["brands:read"]) })).status).toBe(403);
    expect((await t.call("DELETE", path, { auth: a.testKey })).status).toBe(404);
    const notFormer = await t.call("DELETE", `/v1/brands/${brand.id}/former-slugs/golf-new`, { auth: a.liveKey });
    expect(notFormer.status).toBe(404);
    // Nothing of that changed the hold.
    expect((await t.call("GET", `/v1/brands/${brand.id}`, { auth: a.liveKey })).body.former_slugs).toHaveLength(1);
    expect((await bTries("golf-old")).create.status).toBe(409);
    // Who may change the brand may release its slugs: an admin, not a member.
    expect((await t.call("DELETE", path, { auth: await a.member("member") })).status).toBe(403);
    expect((await t.call("DELETE", path, { auth: await a.member("admin") })).status).toBe(200);
  });
});

describe("after a year", () => {
  test("the hold lapses: at 364 days still refused, at 366 another organisation may take it", async () => {
    const brand = await renamedBrand("hotel-old", "hotel-new");
    t.clock.advance(364 * DAY);
    expect((await bTries("hotel-old")).change.status).toBe(409);
    // Until someone takes it, the old address still leads to its owner.
    expect((await get("http://plaudit.test/b/hotel-old")).location).toBe("http://plaudit.test/b/hotel-new");
    t.clock.advance(2 * DAY);
    const taken = await t.call("PATCH", `/v1/brands/${brandB}`, {
      auth: b.liveKey,
      body: { slug: "hotel-old", is_public: true },
    });
    expect(taken.status).toBe(200);
    expect(taken.body.slug).toBe("hotel-old");
    // The address is now B's wall, and A's brand no longer lists it.
    const page = await get("http://plaudit.test/b/hotel-old");
    expect(page.status).toBe(200);
    expect(page.text).toContain("Bravo Org");
    expect((await t.call("GET", `/v1/brands/${brand.id}`, { auth: a.liveKey })).body.former_slugs).toEqual([]);
  });
});
