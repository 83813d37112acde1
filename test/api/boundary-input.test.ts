/**
 * Issue 13, strict input at the boundary: bodies bounded in depth and size before parsing, numbers strict (a JSON
 * number in bodies, plain bounded digits in queries), bad JSON refused on every route with a body (optional bodies
 * too), over-long addresses and headers answered in the error shape, CDN 404s with a request id.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { tableResolver } from "../integration/webhooks-receiver";
import { BODY_LIMITS, jsonDepthExceeds } from "../../src/platform/http/body-limits";

let t: TestApp;
let a: TestOrg;
let brand: string;
let link: string;
let widget: string;
let endpoint: string;

const consent = "I agree that Acme may publish my words on its website.";
const agreed = { agreed: true, text: consent, version: "v1" };
const DEEP = "[".repeat(50_000) + "]".repeat(50_000);

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

function expectErrorShape(r: { status: number; body: any; headers: Headers }, status: number, code: string) {
  expect(r.status).toBe(status);
  expect(r.body.error.code).toBe(code);
  expect(typeof r.body.error.message).toBe("string");
  expect(r.body.error.request_id).toMatch(/^req_/);
  expect(r.headers.get("x-request-id")).toBe(r.body.error.request_id);
}

beforeAll(async () => {
  t = await makeTestApp();
  t.deps.webhooks = {
    ...t.deps.webhooks,
    resolve: tableResolver({ "hooks.example": ["93.184.216.34"] }),
    fetch: () => Promise.reject(new Error("nothing is sent in API tests")),
  };
  a = await t.org({ plan: "core" });
  brand = (await t.call("GET", "/v1/brands", { auth: a.liveKey })).body.data[0].id;
  link = (
    await t.call("POST", `/v1/brands/${brand}/links`, {
      auth: a.liveKey,
      body: { title: "Hi", prompts: [{ text: "How was it?" }], consent_text: consent, consent_version: "v1" },
    })
  ).body.id;
  widget = (await t.call("POST", "/v1/widgets", { auth: a.liveKey, body: { brand_id: brand } })).body.id;
  endpoint = (
    await t.call("POST", "/v1/webhooks", {
      auth: a.liveKey,
      body: { url: "https://hooks.example/in", events: ["submission.created"] },
    })
  ).body.id;
  expect([link, widget, endpoint].every(Boolean)).toBe(true);
});
afterAll(() => t.close());

describe("body depth and size are bounded before parsing (finding 2)", () => {
  test("50,000 levels of nesting to the public removal lookup: 400 invalid_body (too_deep, found before parsing), not a 500", async () => {
    for (const body of [DEEP, '{"a":'.repeat(40_000) + "1" + "}".repeat(40_000)]) {
      const r = await t.call("POST", "/public/removals/lookup", { body });
      expectErrorShape(r, 400, "invalid_body");
      expect(r.body.error.details).toMatchObject({ reason: "too_deep", max_depth: BODY_LIMITS.maxDepth });
    }
  });

  test("the same with an API key, with no Content-Type, and to a route without a body", async () => {
    expectErrorShape(await t.call("POST", "/v1/brands", { auth: a.liveKey, body: DEEP }), 400, "invalid_body");
    const bare = await t.app.handle(
      new Request(`${t.base}/public/removals/lookup`, { method: "POST", body: new Blob([DEEP]) }),
    );
    expect(bare.status).toBe(400);
    expectErrorShape(
      await t.call("POST", `/v1/webhooks/${endpoint}/enable`, { auth: a.liveKey, body: DEEP }),
      400,
      "invalid_body",
    );
  });

  test("brackets inside strings do not count as nesting; 32 levels pass, 33 do not", () => {
    expect(jsonDepthExceeds(JSON.stringify({ text: "[".repeat(1000) + '{"' }), 32)).toBe(false);
    expect(jsonDepthExceeds(JSON.stringify({ text: 'a\\"[[[' }), 1)).toBe(false);
    expect(jsonDepthExceeds("[".repeat(32) + "]".repeat(32), 32)).toBe(false);
    expect(jsonDepthExceeds("[".repeat(33) + "]".repeat(33), 32)).toBe(true);
  });

  test("a body over the route's cap is 413 body_too_large, declared or streamed; imports may carry more", async () => {
    const big = JSON.stringify({ email: "x".repeat(BODY_LIMITS.jsonBytes) });
    const r = await t.call("POST", "/public/removals/lookup", { body: big });
    expectErrorShape(r, 413, "body_too_large");
    expect(r.body.error.details.max_bytes).toBe(BODY_LIMITS.jsonBytes);
    // A chunked body with no Content-Length is cut off as soon as it passes the cap.
    const stream = new ReadableStream({
      start(c) {
        for (let i = 0; i < 64; i++) c.enqueue(new TextEncoder().encode("x".repeat(16 * 1024)));
        c.close();
      },
    });
    const chunked = await t.app.handle(
      new Request(`${t.base}/public/removals/lookup`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: stream,
      }),
    );
    expect(chunked.status).toBe(413);
    // 300 KB of rows is over the ordinary cap but a fine import (refused for its content, not its size).
    const rows = Array.from({ length: 60 }, (_, i) => ({ text: `Review ${i} ` + "w".repeat(4900) }));
    const imp = await t.call("POST", "/v1/imports", {
      auth: a.liveKey,
      body: { brand_id: brand, source: { name: "Fuzz" }, attested: false, rows },
    });
    expect(JSON.stringify({ rows }).length).toBeGreaterThan(BODY_LIMITS.jsonBytes);
    expect(imp.status).toBe(400);
    expect(imp.body.error.code).not.toBe("body_too_large");
  });

  test("a multipart field holding deep JSON is not turned into a value (no 500)", async () => {
    const form = new FormData();
    form.set("token", DEEP);
    const r = await t.call("POST", "/public/removals/lookup", { body: form });
    expect(r.status).toBe(400);
    expect(r.body.error.request_id).toBeTruthy();
  });
});

describe("numbers are strict (finding 3)", () => {
  const submit = (rating: unknown) =>
    t.call("POST", `/public/links/${link}/submissions`, {
      body: {
        kind: "text",
        respondent: { name: "Dana" },
        rating,
        consent: agreed,
        text: "A long enough written testimonial.",
      },
    });

  test("an anonymous rating sent as text is refused and nothing is stored, in range or not", async () => {
    const before = rowCounts();
    for (const rating of ["-7", "999", "0", "3", "5", 3.5, 0, 6, -7]) {
      const r = await submit(rating);
      expectErrorShape(r, 400, "validation_failed");
      expect(r.body.error.details.field).toBe("rating");
    }
    expect(rowCounts()).toBe(before);
    expect((await submit(4)).status).toBe(201);
    expect((await t.call("GET", "/v1/submissions", { auth: a.liveKey })).status).toBe(200);
  });

  test("upload.size as text, or below 1, is refused", async () => {
    for (const size of ["-5", "1000", 0, -5]) {
      const r = await t.call("POST", `/public/links/${link}/submissions`, {
        body: { kind: "audio", respondent: { name: "Dana" }, consent: agreed, upload: { size, type: "audio/webm" } },
      });
      expectErrorShape(r, 400, "validation_failed");
      expect(r.body.error.details.field).toBe("upload.size");
    }
  });

  test("query limits are plain digits within 1..100: 1e9, -1, 0, 101, 1.5, 0x10, +5, 05 and empty are 400s", async () => {
    for (const path of [
      "/v1/brands",
      `/v1/brands/${brand}/links`,
      "/v1/submissions",
      "/v1/widgets",
      "/v1/webhooks",
      "/v1/api-keys",
    ]) {
      for (const limit of ["1e9", "-1", "0", "101", "1.5", "0x10", "+5", "05", "", "ten", "9".repeat(30)]) {
        const r = await t.call("GET", `${path}?limit=${limit}`, { auth: a.liveKey });
        expectErrorShape(r, 400, "validation_failed");
        expect(r.body.error.details).toMatchObject({ location: "query", field: "limit" });
      }
      if (path !== "/v1/api-keys")
        expect((await t.call("GET", `${path}?limit=100`, { auth: a.liveKey })).status).toBe(200);
    }
  });

  test("widget max_items, webhook grace_hours, link max_seconds and export preview limit sent as text are refused and not stored", async () => {
    const before = rowCounts();
    const w = await t.call("PATCH", `/v1/widgets/${widget}`, { auth: a.liveKey, body: { max_items: "100000" } });
    expectErrorShape(w, 400, "validation_failed");
    expect((await t.call("GET", `/v1/widgets/${widget}`, { auth: a.liveKey })).body.max_items).not.toBe(100000);
    for (const grace of ["100000", "24", 100000, -1, 1.5]) {
      expectErrorShape(
        await t.call("POST", `/v1/webhooks/${endpoint}/rotate-secret`, {
          auth: a.liveKey,
          body: { grace_hours: grace },
        }),
        400,
        "validation_failed",
      );
    }
    expect(
      (await t.call("GET", `/v1/webhooks/${endpoint}`, { auth: a.liveKey })).body.previous_secret_expires_at ?? null,
    ).toBeNull();
    expectErrorShape(
      await t.call("POST", `/v1/brands/${brand}/links`, {
        auth: a.liveKey,
        body: { title: "x", prompts: [{ text: "Q", max_seconds: "60" }], consent_text: consent, consent_version: "v1" },
      }),
      400,
      "validation_failed",
    );
    expectErrorShape(
      await t.call("POST", "/v1/exports/preview", { auth: a.liveKey, body: { limit: "5" } }),
      400,
      "validation_failed",
    );
    expect(rowCounts()).toBe(before);
  });
});

describe("bad JSON, long addresses, CDN 404s (finding 9)", () => {
  test("webhook test and rotate-secret (optional bodies) refuse invalid JSON with 400 invalid_body and change nothing", async () => {
    for (const path of [`/v1/webhooks/${endpoint}/test`, `/v1/webhooks/${endpoint}/rotate-secret`]) {
      for (const body of ["{bad", '{"grace_hours":', "[1,]", "\u0000"]) {
        const before = rowCounts();
        expectErrorShape(
          await t.call("POST", path, { auth: a.liveKey, body, headers: { "content-type": "application/json" } }),
          400,
          "invalid_body",
        );
        expect(rowCounts()).toBe(before);
      }
    }
    expect(
      (await t.call("GET", `/v1/webhooks/${endpoint}`, { auth: a.liveKey })).body.previous_secret_expires_at ?? null,
    ).toBeNull();
    // No body at all is still fine for an optional body.
    expect((await t.call("POST", `/v1/webhooks/${endpoint}/rotate-secret`, { auth: a.liveKey })).status).toBe(200);
  });

  test("a 100 KB query string is 414 uri_too_long in the error shape; 40 KB of headers is 431", async () => {
    expectErrorShape(
      await t.call("GET", `/v1/brands?q=${"a".repeat(100_000)}`, { auth: a.liveKey }),
      414,
      "uri_too_long",
    );
    expectErrorShape(await t.call("GET", `/public/nowhere?x=${"a".repeat(100_000)}`), 414, "uri_too_long");
    expectErrorShape(
      await t.call("GET", "/v1/brands", { auth: a.liveKey, headers: { "x-filler": "h".repeat(40_000) } }),
      431,
      "headers_too_large",
    );
    expect(
      (
        await t.call("GET", `/v1/submissions?q=${"a".repeat(200)}`, {
          auth: a.liveKey,
          headers: { "x-filler": "h".repeat(4000) },
        })
      ).status,
    ).toBe(200);
  });

  test("a value outside a fixed choice names the choices", async () => {
    const r = await t.call("POST", "/v1/widgets", { auth: a.liveKey, body: { brand_id: brand, layout: "grid" } });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toContain("layout expected one of: wall, carousel, single, avatars");
  });

  test("a CDN 404 carries the request id, in the body and the header", async () => {
    for (const path of ["/cdn/nope/missing.png", "/cdn/assets/missing.png", "/cdn/.hidden"]) {
      const r = await t.call("GET", path);
      expectErrorShape(r, 404, "not_found");
      expect(r.headers.get("access-control-allow-origin")).toBe("*");
    }
  });
});
