/**
 * Issue 30, "optional-body routes accept an array, string or number as body": a JSON body is an object or nothing.
 * The sweep sends `[]`, `"x"`, `1`, `null` and `true` to every route the app registers that can take a body (POST,
 * PUT, PATCH, DELETE: routes with a declared body, with an optional one, and with none), with real ids and valid
 * credentials so nothing but the body can refuse it: each answer is 400 `validation_failed` in the error shape,
 * never 2xx and never 500, and nothing is written. An empty body and `{}` still work where the body is optional.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type CallOpts, type TestApp, type TestOrg } from "../helpers/app";
import { tableResolver } from "../integration/webhooks-receiver";

let t: TestApp;
let a: TestOrg;
const ids: Record<string, string> = {};

const CONSENT = "I agree that Acme may publish my words on its website.";

/** Every row count of the database, to show a refused request wrote nothing. */
function rowCounts(): string {
  const db = t.deps.db.$client;
  const tables = db
    .query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .all() as { name: string }[];
  return JSON.stringify(
    tables.map(({ name }) => [name, (db.query(`SELECT count(*) AS n FROM "${name}"`).get() as { n: number }).n]),
  );
}

beforeAll(async () => {
  t = await makeTestApp();
  t.deps.webhooks = {
    ...t.deps.webhooks,
    resolve: tableResolver({ "hooks.example": ["93.184.216.34"] }),
    fetch: () => Promise.reject(new Error("nothing is sent in API tests")),
  };
  a = await t.org({ plan: "core" });
  const post = async (path: string, body: unknown, auth: CallOpts["auth"] = a.liveKey) => {
    const r = await t.call("POST", path, { auth, body });
    expect([path, r.status < 300]).toEqual([path, true]);
    return r.body;
  };
  ids.brand = (await t.call("GET", "/v1/brands", { auth: a.liveKey })).body.data[0].id;
  ids.link = (
    await post(`/v1/brands/${ids.brand}/links`, {
      title: "Hi",
      prompts: [{ text: "How was it?" }],
      consent_text: CONSENT,
      consent_version: "v1",
    })
  ).id;
  const started = await post(
    `/public/links/${ids.link}/submissions`,
    {
      kind: "audio",
      respondent: { name: "Dana" },
      consent: { agreed: true, text: CONSENT, version: "v1" },
      upload: { size: 1000, type: "audio/webm" },
    },
    "",
  );
  ids.submission = started.submission_id;
  ids.upload = new URL(started.upload.url).pathname.split("/").pop()!;
  ids.uploadQuery = new URL(started.upload.url).search;
  ids.tag = (await post("/v1/tags", { name: "fuzz" })).id;
  ids.widget = (await post("/v1/widgets", { brand_id: ids.brand })).id;
  ids.webhook = (await post("/v1/webhooks", { url: "https://hooks.example/in", events: ["submission.created"] })).id;
  ids.key = (await post("/v1/api-keys", { name: "spare" }, a.owner)).id;
  ids.invitation = (await post("/v1/members", { email: "invitee@example.com", role: "member" }, a.owner)).id;
  ids.export = (await post("/v1/exports", { format: "json" })).id;
  expect(Object.values(ids).every(Boolean)).toBe(true);
});
afterAll(() => t.close());

/** A real id for a path parameter: by its name, or by the collection before it. */
function fill(path: string): string {
  const byCollection: Record<string, string> = {
    submissions: ids.submission!,
    widgets: ids.widget!,
    webhooks: ids.webhook!,
    "api-keys": ids.key!,
    invitations: ids.invitation!,
    exports: ids.export!,
    uploads: ids.upload!,
    brands: ids.brand!,
    links: ids.link!,
    tags: ids.tag!,
  };
  const byName: Record<string, string> = {
    brand_id: ids.brand!,
    link_id: ids.link!,
    tag_id: ids.tag!,
    submission_id: ids.submission!,
    upload_id: ids.upload!,
  };
  const filled = path.replace(/:([a-z_]+)/g, (_m, name: string, offset: number) => {
    const before = path.slice(0, offset).split("/").filter(Boolean).pop() ?? "";
    return byName[name] ?? byCollection[before] ?? "zz_unknown";
  });
  return path.includes(":upload_id") ? `${filled}${ids.uploadQuery}` : filled;
}

const NOT_OBJECTS: [string, string][] = [
  ["an array", "[]"],
  ["a string", '"x"'],
  ["a number", "1"],
  ["null", "null"],
  ["a boolean", "true"],
];

describe("a JSON body must be an object", () => {
  test("every route that can take a body refuses an array, a string, a number, null and true with 400", async () => {
    const routes = t.app.routes.filter((r) => ["POST", "PUT", "PATCH", "DELETE"].includes(r.method));
    const withBody = routes.filter((r) => (r.hooks as { body?: unknown } | undefined)?.body).length;
    const before = rowCounts();
    const wrong: string[] = [];
    for (const route of routes) {
      const path = fill(route.path);
      for (const [what, body] of NOT_OBJECTS) {
        const r = await t.call(route.method, path, {
          auth: path.startsWith("/v1/") ? a.liveKey : undefined,
          body,
          headers: { "tus-resumable": "1.0.0" },
        });
        const e = r.body?.error;
        const ok =
          r.status === 400 &&
          e?.code === "validation_failed" &&
          e.details?.field === "body" &&
          typeof e.message === "string" &&
          e.message.includes(what) &&
          r.headers.get("x-request-id") === e.request_id;
        if (!ok) wrong.push(`${route.method} ${route.path} with ${what}: ${r.status} ${JSON.stringify(r.body)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(rowCounts()).toBe(before);
    expect(routes.length).toBeGreaterThan(60);
    expect(withBody).toBeGreaterThan(30);
  });

  test("with a session too (the dashboard's way), and without credentials a /v1 route still answers 401 first", async () => {
    const r = await t.call("PATCH", "/v1/me", { auth: a.owner, body: "[]" });
    expect([r.status, r.body.error.code, r.body.error.details.reason]).toEqual([
      400,
      "validation_failed",
      "not_an_object",
    ]);
    const anonymous = await t.call("POST", `/v1/webhooks/${ids.webhook}/test`, { body: "[]" });
    expect(anonymous.status).toBe(401);
  });

  test("an optional body may still be left out, or be an empty object", async () => {
    const none = await t.call("POST", `/v1/webhooks/${ids.webhook}/test`, { auth: a.liveKey });
    const empty = await t.call("POST", `/v1/webhooks/${ids.webhook}/test`, { auth: a.liveKey, body: {} });
    const typed = await t.call("POST", `/v1/webhooks/${ids.webhook}/test`, {
      auth: a.liveKey,
      body: { type: "submission.created" },
    });
    for (const r of [none, empty, typed]) expect([r.status, r.body?.error?.code]).toEqual([202, undefined]);
  });

  test("a text body is refused as a content type (415), never read as an empty object", async () => {
    const r = await t.call("POST", `/v1/webhooks/${ids.webhook}/test`, {
      auth: a.liveKey,
      body: '{"type":"submission.created"}',
      headers: { "content-type": "text/plain" },
    });
    expect([r.status, r.body.error.code]).toEqual([415, "unsupported_media_type"]);
  });
});
