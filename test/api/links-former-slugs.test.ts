/**
 * A collect link's former slug stays with its organisation (security review, issue 30): after a change or a clear,
 * no other organisation can take the old slug for 365 days (the same 409 `slug_taken`, in the same words, as a slug
 * in use, on create and on change), the old page address redirects to the link's current one (its new slug, or its
 * id once cleared; a test-mode address to the sandbox's), the organisation may reuse its own former slug or release
 * it, and after the year anyone may take it.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { resolveLinkAddress } from "../../src/domains/capture/link-view";

const DAY = 86_400_000;

let t: TestApp;
let a: TestOrg;
let b: TestOrg;
let brandA: string;
let brandB: string;
let linkB: string;

const body = {
  title: "Tell us about the spring",
  prompts: [{ text: "What changed for you?" }],
  consent_text: "I agree that my words may be published.",
  consent_version: "2026-11-01",
};

const create = (brand: string, auth: string, slug?: string) =>
  t.call("POST", `/v1/brands/${brand}/links`, { auth, body: slug === undefined ? body : { ...body, slug } });
const patch = (id: string, auth: string, change: Record<string, unknown>) =>
  t.call("PATCH", `/v1/links/${id}`, { auth, body: change });

/** The capture page's answer for a page address (the redirect is answered before any page is rendered). */
const page = async (path: string) => {
  const res = await t.app.handle(new Request(`http://plaudit.test${path}`));
  return { status: res.status, location: res.headers.get("location") };
};

/** A live link of org A made with `slug` and then moved to `to` (a slug, or null to clear it). */
async function movedLink(slug: string, to: string | null) {
  const made = await create(brandA, a.liveKey, slug);
  expect(made.status).toBe(201);
  const r = await patch(made.body.id, a.liveKey, { slug: to });
  expect(r.status).toBe(200);
  return r.body;
}

/** What org B gets trying `slug` on create and on change of its own link. */
async function bTries(slug: string) {
  return { create: await create(brandB, b.liveKey, slug), change: await patch(linkB, b.liveKey, { slug }) };
}

const takenWords = (slug: string) => `The address "${slug}" is taken by another link; choose another.`;

beforeAll(async () => {
  t = await makeTestApp();
  a = await t.org({ name: "Alpha Org" });
  b = await t.org({ name: "Bravo Org" });
  brandA = (await t.call("GET", "/v1/brands", { auth: a.liveKey })).body.data[0].id;
  brandB = (await t.call("GET", "/v1/brands", { auth: b.liveKey })).body.data[0].id;
  linkB = (await create(brandB, b.liveKey)).body.id;
});
afterAll(() => t.close());

describe("a changed link slug", () => {
  test("is listed on the link with the time it is held until, in the link and in the brand's list", async () => {
    const link = await movedLink("spring-offer", "spring-sale");
    expect(link).toMatchObject({ slug: "spring-sale", url: "http://plaudit.test/c/spring-sale" });
    expect(link.former_slugs).toEqual([
      { slug: "spring-offer", held_until: new Date(t.clock.now() + 365 * DAY).toISOString() },
    ]);
    expect((await t.call("GET", `/v1/links/${link.id}`, { auth: a.liveKey })).body.former_slugs).toEqual(
      link.former_slugs,
    );
    const list = await t.call("GET", `/v1/brands/${brandA}/links`, { auth: a.liveKey });
    expect(list.body.data.find((l: any) => l.id === link.id).former_slugs).toEqual(link.former_slugs);
  });

  test("another organisation cannot take it, on create or on change: the same 409 as a slug in use", async () => {
    await movedLink("summer-old", "summer-new");
    const held = await bTries("summer-old");
    const inUse = await bTries("summer-new");
    for (const r of [held.create, held.change, inUse.create, inUse.change]) {
      expect(r.status).toBe(409);
      expect(r.body.error).toMatchObject({ code: "slug_taken", details: { field: "slug" } });
    }
    expect(held.create.body.error.message).toBe(takenWords("summer-old"));
    expect(held.change.body.error.message).toBe(takenWords("summer-old"));
    expect(inUse.change.body.error.message).toBe(takenWords("summer-new"));
    expect(Object.keys(held.change.body.error).sort()).toEqual(Object.keys(inUse.change.body.error).sort());
  });

  test("the old page address redirects to the link's new address, query kept, after another organisation tried it", async () => {
    const link = await movedLink("autumn-old", "autumn-new");
    expect((await bTries("autumn-old")).create.status).toBe(409);
    const r = await page("/c/autumn-old?r=personal-token");
    expect(r.status).toBe(301);
    expect(r.location).toBe("http://plaudit.test/c/autumn-new?r=personal-token");
    expect(resolveLinkAddress(t.deps, "autumn-new")).toMatchObject({ id: link.id, movedTo: null });
  });

  test("a cleared slug is held too, and its address redirects to the link's id address", async () => {
    const link = await movedLink("winter-offer", null);
    expect(link).toMatchObject({ slug: null, url: `http://plaudit.test/c/${link.id}` });
    expect(link.former_slugs.map((f: any) => f.slug)).toEqual(["winter-offer"]);
    expect((await bTries("winter-offer")).change.status).toBe(409);
    const r = await page("/c/winter-offer");
    expect(r).toEqual({ status: 301, location: `http://plaudit.test/c/${link.id}` });
    // A slug given again later: every former address leads there.
    await patch(link.id, a.liveKey, { slug: "winter-again" });
    expect((await page("/c/winter-offer")).location).toBe("http://plaudit.test/c/winter-again");
  });

  test("a test-mode link's former address redirects within the organisation's sandbox", async () => {
    const brandTest = (await t.call("GET", "/v1/brands", { auth: a.testKey })).body.data[0].id;
    const made = await create(brandTest, a.testKey, "sandbox-old");
    await patch(made.body.id, a.testKey, { slug: "sandbox-new" });
    const r = await page(`/test/${a.id}/c/sandbox-old`);
    expect(r).toEqual({ status: 301, location: `http://plaudit.test/test/${a.id}/c/sandbox-new` });
    // Another organisation's sandbox is another scope: its own `sandbox-old` is free.
    const brandTestB = (await t.call("GET", "/v1/brands", { auth: b.testKey })).body.data[0].id;
    expect((await create(brandTestB, b.testKey, "sandbox-old")).status).toBe(201);
    expect((await page(`/test/${a.id}/c/sandbox-old`)).location).toBe(`http://plaudit.test/test/${a.id}/c/sandbox-new`);
  });

  test("the same organisation may reuse it for another link: the hold ends and the address is that link's", async () => {
    const first = await movedLink("reuse-me", "reused-elsewhere");
    const second = await create(brandA, a.liveKey, "reuse-me");
    expect(second.status).toBe(201);
    expect((await t.call("GET", `/v1/links/${first.id}`, { auth: a.liveKey })).body.former_slugs).toEqual([]);
    expect(resolveLinkAddress(t.deps, "reuse-me")).toMatchObject({ id: second.body.id, movedTo: null });
  });

  test("once released, the old address leads nowhere and another organisation may take the slug", async () => {
    const link = await movedLink("release-me", "kept-slug");
    const released = await t.call("DELETE", `/v1/links/${link.id}/former-slugs/release-me`, { auth: a.liveKey });
    expect(released.status).toBe(200);
    expect(released.body).toMatchObject({ id: link.id, slug: "kept-slug", former_slugs: [] });
    expect(resolveLinkAddress(t.deps, "release-me")).toBeNull();
    const taken = await bTries("release-me");
    expect(taken.create.status).toBe(201);
    expect(taken.create.body.url).toBe("http://plaudit.test/c/release-me");
    expect(resolveLinkAddress(t.deps, "release-me")).toMatchObject({ id: taken.create.body.id, movedTo: null });
  });

  test("release: only the owner organisation and its own former slugs, as link changes are (members too)", async () => {
    const link = await movedLink("guarded-old", "guarded-new");
    const path = `/v1/links/${link.id}/former-slugs/guarded-old`;
    expect((await t.call("DELETE", path, { auth: b.liveKey })).status).toBe(404);
    expect((await t.call("DELETE", path, { auth: a.testKey })).status).toBe(404);
    expect((await t.call("DELETE", path, { auth: a.key("live", ["brands:read"]) })).status).toBe(403);
    expect((await t.call("DELETE", `/v1/links/${link.id}/former-slugs/guarded-new`, { auth: a.liveKey })).status).toBe(
      404,
    );
    expect((await bTries("guarded-old")).create.status).toBe(409);
    expect((await t.call("DELETE", path, { auth: await a.member("member") })).status).toBe(200);
  });
});

describe("after a year", () => {
  test("the hold lapses: at 364 days still refused, at 366 another organisation may take it", async () => {
    const link = await movedLink("yearly-old", "yearly-new");
    t.clock.advance(364 * DAY);
    expect((await bTries("yearly-old")).change.status).toBe(409);
    expect((await page("/c/yearly-old")).location).toBe("http://plaudit.test/c/yearly-new");
    t.clock.advance(2 * DAY);
    const taken = await patch(linkB, b.liveKey, { slug: "yearly-old" });
    expect(taken.status).toBe(200);
    expect(resolveLinkAddress(t.deps, "yearly-old")).toMatchObject({ id: linkB, movedTo: null });
    expect((await t.call("GET", `/v1/links/${link.id}`, { auth: a.liveKey })).body.former_slugs).toEqual([]);
  });
});
