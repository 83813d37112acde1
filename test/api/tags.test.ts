/** Tags: create, rename, delete, tag and untag, the tag_id filter, and access. */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { makeLink, writeTestimonial } from "../helpers/testimonials";

let t: TestApp;
let a: TestOrg;
let b: TestOrg;
let linkId: string;

beforeAll(async () => {
  t = await makeTestApp();
  a = await t.org();
  b = await t.org();
  linkId = (await makeLink(t, a.testKey)).id;
});
afterAll(() => t.close());

test("create, list with counts, rename; names are unique ignoring case", async () => {
  const r = await t.call("POST", "/v1/tags", { auth: a.testKey, body: { name: "Enterprise", color: "#ff0000" } });
  expect(r.status).toBe(201);
  expect(r.body.id).toMatch(/^tag_/);
  expect((await t.call("POST", "/v1/tags", { auth: a.testKey, body: { name: "  enterprise " } })).status).toBe(409);
  const renamed = await t.call("PATCH", `/v1/tags/${r.body.id}`, {
    auth: a.testKey,
    body: { name: "Enterprise customers" },
  });
  expect(renamed.body.name).toBe("Enterprise customers");
  const list = await t.call("GET", "/v1/tags", { auth: a.testKey });
  expect(list.body.data[0]).toMatchObject({ name: "Enterprise customers", submission_count: 0 });
});

test("tagging, the tag_id filter, untagging and deleting a tag", async () => {
  const tag = (await t.call("POST", "/v1/tags", { auth: a.testKey, body: { name: "Video" } })).body;
  const s1 = await writeTestimonial(t, linkId, "Tagged testimonial number one here.");
  const s2 = await writeTestimonial(t, linkId, "Untagged testimonial number two here.");
  const tagged = await t.call("POST", `/v1/submissions/${s1}/tags`, { auth: a.testKey, body: { tag_id: tag.id } });
  expect(tagged.body.data.map((x: any) => x.id)).toEqual([tag.id]);
  await t.call("POST", `/v1/submissions/${s1}/tags`, { auth: a.testKey, body: { tag_id: tag.id } });
  const filtered = await t.call("GET", `/v1/submissions?tag_id=${tag.id}`, { auth: a.testKey });
  expect(filtered.body.data.map((x: any) => x.id)).toEqual([s1]);
  expect((await t.call("GET", `/v1/submissions/${s1}`, { auth: a.testKey })).body.tags.map((x: any) => x.name)).toEqual(
    ["Video"],
  );
  expect(
    (await t.call("GET", "/v1/tags", { auth: a.testKey })).body.data.find((x: any) => x.id === tag.id).submission_count,
  ).toBe(1);
  await t.call("DELETE", `/v1/submissions/${s1}/tags/${tag.id}`, { auth: a.testKey });
  expect((await t.call("GET", `/v1/submissions?tag_id=${tag.id}`, { auth: a.testKey })).body.data).toHaveLength(0);
  await t.call("POST", `/v1/submissions/${s2}/tags`, { auth: a.testKey, body: { tag_id: tag.id } });
  expect((await t.call("DELETE", `/v1/tags/${tag.id}`, { auth: a.testKey })).body).toEqual({
    id: tag.id,
    deleted: true,
  });
  expect((await t.call("GET", `/v1/submissions/${s2}/tags`, { auth: a.testKey })).body.data).toEqual([]);
});

const bad: [string, unknown][] = [
  ["an empty name", { name: "" }],
  ["a long name", { name: "x".repeat(41) }],
  ["a bad colour", { name: "ok", color: "blue" }],
  ["an unknown field", { name: "ok", weight: 3 }],
];
for (const [name, body] of bad) {
  test(`refuses ${name} with 400`, async () => {
    expect((await t.call("POST", "/v1/tags", { auth: a.testKey, body })).status).toBe(400);
  });
}

test("other orgs and modes cannot see or use the tag; read-only keys cannot create", async () => {
  const tag = (await t.call("POST", "/v1/tags", { auth: a.testKey, body: { name: "Private" } })).body;
  expect((await t.call("GET", `/v1/tags/${tag.id}`, { auth: b.testKey })).status).toBe(404);
  expect((await t.call("GET", `/v1/tags/${tag.id}`, { auth: a.liveKey })).status).toBe(404);
  const s = await writeTestimonial(t, linkId, "A testimonial for cross-org checks.");
  expect(
    (await t.call("POST", `/v1/submissions/${s}/tags`, { auth: b.testKey, body: { tag_id: tag.id } })).status,
  ).toBe(404);
  expect(
    (await t.call("POST", "/v1/tags", { auth: a.key("test", ["submissions:read"]), body: { name: "Nope" } })).status,
  ).toBe(403);
});
