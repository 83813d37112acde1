/**
 * A member's own new-testimonial email settings (`GET/PATCH /v1/me/notifications`, issue 25): the role's default until
 * a choice is saved (owners and admins each, members and clients none), strict input (unknown fields, bad values,
 * hours out of range even as strings, unknown time zones, brands the member cannot see, an empty brand list), one
 * setting per organisation and mode, people only (API keys refused), and no one reads or changes another's.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { person, recordMail, type Person } from "./alerts-helpers";

let t: TestApp;
let a: TestOrg;
let b: TestOrg;
let liveBrand = "";
let otherBrand = "";
let testBrand = "";
let bBrand = "";
let admin: Person;
let member: Person;
let client: Person;

const get = (auth: TestOrg["owner"], mode?: "live" | "test") => t.call("GET", "/v1/me/notifications", { auth, mode });
const patch = (auth: TestOrg["owner"], body: unknown, mode?: "live" | "test") =>
  t.call("PATCH", "/v1/me/notifications", { auth, body, mode });

beforeAll(async () => {
  t = await makeTestApp();
  recordMail(t);
  a = await t.org({ name: "Bright Agency" });
  b = await t.org({ name: "Other Agency" });
  liveBrand = (await t.call("GET", "/v1/brands", { auth: a.liveKey })).body.data[0].id;
  testBrand = (await t.call("GET", "/v1/brands", { auth: a.testKey })).body.data[0].id;
  otherBrand = (await t.call("POST", "/v1/brands", { auth: a.liveKey, body: { name: "Second Brand" } })).body.id;
  bBrand = (await t.call("GET", "/v1/brands", { auth: b.liveKey })).body.data[0].id;
  admin = person(t, a, "admin");
  member = person(t, a, "member");
  client = person(t, a, "client", [liveBrand]);
}, 60_000);
afterAll(() => t?.close());

describe("defaults", () => {
  test("owners and admins get each new testimonial, members and clients nothing, until they choose", async () => {
    const cases: [TestOrg["owner"], string][] = [
      [a.owner, "each"],
      [admin.session, "each"],
      [member.session, "off"],
      [client.session, "off"],
    ];
    for (const [auth, want] of cases) {
      const r = await get(auth);
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({
        mode: "live",
        new_testimonials: want,
        brand_ids: null,
        digest_hour: 8,
        time_zone: "UTC",
        is_default: true,
        delivered: true,
      });
      expect(r.headers.get("cache-control")).toBe("no-store");
    }
    expect((await get(admin.session)).body.email).toBe(admin.email);
  });

  test("test mode has its own settings, and says its emails are never delivered", async () => {
    const r = await get(a.owner, "test");
    expect(r.body).toMatchObject({ mode: "test", new_testimonials: "each", delivered: false });
  });
});

describe("saving", () => {
  test("a choice is saved for this organisation and mode only; what is left out stays", async () => {
    const saved = await patch(member.session, {
      new_testimonials: "daily",
      digest_hour: 17,
      time_zone: "Europe/London",
      brand_ids: [otherBrand],
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      new_testimonials: "daily",
      digest_hour: 17,
      time_zone: "Europe/London",
      brand_ids: [otherBrand],
      is_default: false,
    });
    expect((await get(member.session)).body).toEqual(saved.body);
    const hour = await patch(member.session, { digest_hour: 6 });
    expect(hour.body).toMatchObject({ new_testimonials: "daily", digest_hour: 6, brand_ids: [otherBrand] });
    expect((await get(member.session, "test")).body).toMatchObject({ new_testimonials: "off", is_default: true });
    const all = await patch(member.session, { brand_ids: null });
    expect(all.body.brand_ids).toBeNull();
    // Another member's settings did not move.
    expect((await get(admin.session)).body).toMatchObject({ new_testimonials: "each", is_default: true });
  });

  test("a time zone is kept as the runtime spells it", async () => {
    const r = await patch(admin.session, { time_zone: "america/new_york" });
    expect([r.status, r.body.time_zone]).toEqual([200, "America/New_York"]);
  });
});

describe("strict input", () => {
  const bad: [string, unknown, string][] = [
    ["an unknown field", { new_testimonials: "each", sms: true }, "sms"],
    ["an unknown frequency", { new_testimonials: "weekly" }, "new_testimonials"],
    ["an hour past 23", { digest_hour: 24 }, "digest_hour"],
    ["an hour as a string", { digest_hour: "7" }, "digest_hour"],
    ["an hour past 23", { digest_hour: 25 }, "digest_hour"],
    ["a negative hour", { digest_hour: -1 }, "digest_hour"],
    ["a fractional hour", { digest_hour: 7.5 }, "digest_hour"],
    ["an unknown time zone", { time_zone: "Mars/Olympus" }, "time_zone"],
    ["an empty brand list", { brand_ids: [] }, "brand_ids"],
    ["brands as a string", { brand_ids: "brd_x" }, "brand_ids"],
  ];
  for (const [what, body, field] of bad)
    test(`${what} is refused with 400`, async () => {
      const r = await patch(a.owner, body);
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe("validation_failed");
      expect(JSON.stringify(r.body.error)).toContain(field);
    });

  test("brands of another organisation, of the other mode, or out of a client's reach are refused", async () => {
    for (const [auth, ids, mode] of [
      [a.owner, [bBrand], "live"],
      [a.owner, [testBrand], "live"],
      [a.owner, [liveBrand], "test"],
      [client.session, [otherBrand], "live"],
      [a.owner, ["brd_made_up"], "live"],
    ] as const) {
      const r = await patch(auth, { brand_ids: ids }, mode);
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.error.details.field).toBe("brand_ids");
    }
    const mine = await patch(client.session, { new_testimonials: "each", brand_ids: [liveBrand] });
    expect(mine.status).toBe(200);
  });

  test("nothing was saved by a refused request", async () => {
    expect((await get(a.owner)).body).toMatchObject({ is_default: true, new_testimonials: "each" });
  });
});

describe("who may", () => {
  test("API keys act for the organisation, not a person: 403", async () => {
    expect((await t.call("GET", "/v1/me/notifications", { auth: a.liveKey })).status).toBe(403);
    const r = await t.call("PATCH", "/v1/me/notifications", { auth: a.liveKey, body: { new_testimonials: "off" } });
    expect(r.status).toBe(403);
  });

  test("without a session: 401; a change without the CSRF header: 403", async () => {
    expect((await t.call("GET", "/v1/me/notifications")).status).toBe(401);
    const r = await t.call("PATCH", "/v1/me/notifications", {
      body: { new_testimonials: "off" },
      headers: { cookie: a.owner.cookie, "x-svc-org": a.id },
    });
    expect(r.status).toBe(403);
  });

  test("a person's settings follow the organisation the request names; another organisation is not theirs", async () => {
    await patch(b.owner, { new_testimonials: "daily" });
    expect((await get(b.owner)).body.new_testimonials).toBe("daily");
    expect((await get(a.owner)).body.new_testimonials).toBe("each");
    const wrongOrg = await t.call("GET", "/v1/me/notifications", { auth: { cookie: a.owner.cookie, orgId: b.id } });
    expect(wrongOrg.status).toBe(404);
  });
});
