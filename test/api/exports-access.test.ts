/**
 * Scenario tables for every export route: credentials, scopes, roles, plans, another organisation's and another
 * mode's exports, and bad input, each answered in the one error shape (never a 500).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type CallOpts, type TestApp, type TestOrg } from "../helpers/app";
import { makeLink, writeTestimonial } from "../helpers/testimonials";
import { runDueJobs } from "../../src/platform/jobs/worker";
import { buildRegistry } from "../../src/composition";

let t: TestApp;
let a: TestOrg;
let b: TestOrg;
let free: TestOrg;
const ex: Record<"live" | "test" | "other", string> = { live: "", test: "", other: "" };
let brandB = "";
const registry = buildRegistry();

beforeAll(async () => {
  t = await makeTestApp();
  a = await t.org();
  b = await t.org();
  free = await t.org({ plan: "free" });
  const link = await makeLink(t, a.liveKey);
  await writeTestimonial(t, link.id, "A testimonial so that exports have something to hold.", { name: "Ann Access" });
  ex.live = (await t.call("POST", "/v1/exports", { auth: a.liveKey, body: { format: "csv" } })).body.id;
  ex.test = (await t.call("POST", "/v1/exports", { auth: a.testKey, body: { format: "csv" } })).body.id;
  ex.other = (await t.call("POST", "/v1/exports", { auth: b.liveKey, body: { format: "csv" } })).body.id;
  brandB = (await t.call("GET", "/v1/brands", { auth: b.liveKey })).body.data[0].id;
  await runDueJobs(t.deps, registry);
});
afterAll(() => t.close());

type Who =
  | "none"
  | "owner"
  | "member"
  | "key"
  | "testKey"
  | "readKey"
  | "writeKey"
  | "brandsKey"
  | "freeKey"
  | "freeOwner"
  | "testSession";

async function auth(who: Who): Promise<CallOpts> {
  switch (who) {
    case "none":
      return {};
    case "owner":
      return { auth: a.owner };
    case "member":
      return { auth: await a.member("member") };
    case "key":
      return { auth: a.liveKey };
    case "testKey":
      return { auth: a.testKey };
    case "readKey":
      return { auth: a.key("live", ["submissions:read"]) };
    case "writeKey":
      return { auth: a.key("live", ["submissions:write"]) };
    case "brandsKey":
      return { auth: a.key("live", ["brands:read"]) };
    case "freeKey":
      return { auth: free.liveKey };
    case "freeOwner":
      return { auth: free.owner };
    case "testSession":
      return { auth: a.owner, mode: "test" };
  }
}

/** [what, method, path, body, who, status, error code]. `:live`, `:test`, `:other` stand for export ids. */
const scenarios: [string, string, string, unknown, Who, number, string?][] = [
  ["create without credentials", "POST", "/v1/exports", { format: "csv" }, "none", 401, "unauthorized"],
  ["create with a read-only key", "POST", "/v1/exports", { format: "csv" }, "readKey", 403, "forbidden"],
  ["create with a submissions:write key", "POST", "/v1/exports", { format: "json" }, "writeKey", 201],
  ["create as a member", "POST", "/v1/exports", { format: "csv", is_public: true }, "member", 201],
  [
    "create on the free plan with a key",
    "POST",
    "/v1/exports",
    { format: "csv" },
    "freeKey",
    402,
    "plan_limit_exceeded",
  ],
  ["create on the free plan signed in", "POST", "/v1/exports", { format: "csv" }, "freeOwner", 201],
  ["create without a format", "POST", "/v1/exports", {}, "key", 400, "validation_failed"],
  ["create as xml", "POST", "/v1/exports", { format: "xml" }, "key", 400, "validation_failed"],
  [
    "create with a string for a boolean",
    "POST",
    "/v1/exports",
    { format: "csv", is_approved: "yes" },
    "key",
    400,
    "validation_failed",
  ],
  [
    "create with an unknown status",
    "POST",
    "/v1/exports",
    { format: "csv", status: "done" },
    "key",
    400,
    "validation_failed",
  ],
  [
    "create with an unknown origin",
    "POST",
    "/v1/exports",
    { format: "csv", origin: "scraped" },
    "key",
    400,
    "validation_failed",
  ],
  [
    "create with an unknown field",
    "POST",
    "/v1/exports",
    { format: "csv", columns: ["id"] },
    "key",
    400,
    "validation_failed",
  ],
  ["create with an empty search", "POST", "/v1/exports", { format: "csv", q: "" }, "key", 400, "validation_failed"],
  [
    "create with a search of no words",
    "POST",
    "/v1/exports",
    { format: "csv", q: "!!!" },
    "key",
    400,
    "validation_failed",
  ],
  [
    "create with another org's brand",
    "POST",
    "/v1/exports",
    { format: "csv", brand_id: "BRAND_B" },
    "key",
    404,
    "not_found",
  ],
  [
    "create with an unknown tag",
    "POST",
    "/v1/exports",
    { format: "csv", tag_id: "tag_nothing" },
    "key",
    404,
    "not_found",
  ],
  ["create with a body that is not JSON", "POST", "/v1/exports", "{format:", "key", 400, "invalid_body"],
  ["preview without credentials", "POST", "/v1/exports/preview", {}, "none", 401, "unauthorized"],
  ["preview with a brands key", "POST", "/v1/exports/preview", {}, "brandsKey", 403, "forbidden"],
  ["preview with a read key", "POST", "/v1/exports/preview", { is_approved: false }, "readKey", 200],
  ["preview as a member", "POST", "/v1/exports/preview", {}, "member", 200],
  ["preview with limit 0", "POST", "/v1/exports/preview", { limit: 0 }, "key", 400, "validation_failed"],
  ["preview with limit 26", "POST", "/v1/exports/preview", { limit: 26 }, "key", 400, "validation_failed"],
  ["preview with an unknown field", "POST", "/v1/exports/preview", { sort: "name" }, "key", 400, "validation_failed"],
  ["list without credentials", "GET", "/v1/exports", undefined, "none", 401, "unauthorized"],
  ["list with a brands key", "GET", "/v1/exports", undefined, "brandsKey", 403, "forbidden"],
  ["list with a read key", "GET", "/v1/exports", undefined, "readKey", 200],
  ["list with limit 0", "GET", "/v1/exports?limit=0", undefined, "key", 400, "validation_failed"],
  ["list with a forged cursor", "GET", "/v1/exports?cursor=abc.def", undefined, "key", 400, "invalid_cursor"],
  ["get without credentials", "GET", "/v1/exports/:live", undefined, "none", 401, "unauthorized"],
  ["get with a brands key", "GET", "/v1/exports/:live", undefined, "brandsKey", 403, "forbidden"],
  ["get with a read key", "GET", "/v1/exports/:live", undefined, "readKey", 200],
  ["get as a member", "GET", "/v1/exports/:live", undefined, "member", 200],
  ["get another org's", "GET", "/v1/exports/:other", undefined, "key", 404, "not_found"],
  ["get a test export with a live key", "GET", "/v1/exports/:test", undefined, "key", 404, "not_found"],
  ["get a live export with a test key", "GET", "/v1/exports/:live", undefined, "testKey", 404, "not_found"],
  ["get a test export in a test session", "GET", "/v1/exports/:test", undefined, "testSession", 200],
  ["get an unknown id", "GET", "/v1/exports/exp_nothing", undefined, "key", 404, "not_found"],
  ["get an overlong id", "GET", `/v1/exports/${"x".repeat(65)}`, undefined, "key", 400, "validation_failed"],
  ["delete without credentials", "DELETE", "/v1/exports/:live", undefined, "none", 401, "unauthorized"],
  ["delete with a read key", "DELETE", "/v1/exports/:live", undefined, "readKey", 403, "forbidden"],
  ["delete another org's", "DELETE", "/v1/exports/:other", undefined, "key", 404, "not_found"],
  ["delete another mode's", "DELETE", "/v1/exports/:test", undefined, "key", 404, "not_found"],
  ["download with a forged token", "GET", "/public/exports/abc.def", undefined, "none", 404, "not_found"],
  [
    "download with an overlong token",
    "GET",
    `/public/exports/${"a".repeat(301)}`,
    undefined,
    "none",
    400,
    "validation_failed",
  ],
];

describe("export routes", () => {
  for (const [what, method, path, body, who, status, code] of scenarios) {
    test(`${what} → ${status}`, async () => {
      const url = path.replace(/:(live|test|other)$/, (_, k: "live" | "test" | "other") => ex[k]);
      const payload =
        body && typeof body === "object" && (body as { brand_id?: string }).brand_id === "BRAND_B"
          ? { ...body, brand_id: brandB }
          : body;
      const r = await t.call(method, url, { ...(await auth(who)), body: payload });
      expect(r.status).toBe(status);
      if (code) expect(r.body.error).toMatchObject({ code, request_id: expect.any(String) });
      await runDueJobs(t.deps, registry);
    });
  }

  test("a member may delete an export; the owner's export list no longer has it", async () => {
    const member = await a.member("member");
    const id = (await t.call("POST", "/v1/exports", { auth: member, body: { format: "csv" } })).body.id;
    expect((await t.call("DELETE", `/v1/exports/${id}`, { auth: member })).status).toBe(200);
    const list = await t.call("GET", "/v1/exports?limit=100", { auth: a.owner });
    expect(list.body.data.map((e: { id: string }) => e.id)).not.toContain(id);
    await runDueJobs(t.deps, registry);
  });
});
