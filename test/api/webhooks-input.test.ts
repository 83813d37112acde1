/** Bad input on every webhook route is a 4xx in the error shape, never a 500: odd bodies, ids, queries. */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { tableResolver } from "../integration/webhooks-receiver";

let t: TestApp;
let org: TestOrg;
let endpointId: string;
let deliveryId: string;

beforeAll(async () => {
  t = await makeTestApp();
  t.deps.webhooks = { ...t.deps.webhooks, resolve: tableResolver({ "hooks.example": ["93.184.216.34"] }) };
  org = await t.org();
  endpointId = (
    await t.call("POST", "/v1/webhooks", {
      auth: org.liveKey,
      body: { url: "https://hooks.example/", events: ["reel.ready"] },
    })
  ).body.id;
  deliveryId = (await t.call("POST", `/v1/webhooks/${endpointId}/test`, { auth: org.liveKey })).body.id;
});
afterAll(() => t.close());

const bodies: unknown[] = [
  "",
  "null",
  "[]",
  "{bad",
  "42",
  '"text"',
  { url: null },
  { events: null },
  { events: "reel.ready" },
  { type: null },
  { grace_hours: -1 },
  { grace_hours: 1.5 },
  { url: `https://${"a".repeat(3000)}.example/` },
  { url: "https://[::1" },
  { url: "https://hooks.example/", events: ["reel.ready"], extra: 1 },
];

test("every route answers odd input with a 4xx and an error code", async () => {
  const routes = (): [string, string][] => [
    ["GET", "/v1/webhooks?limit=x"],
    ["GET", "/v1/webhooks?cursor=%25%25"],
    ["POST", "/v1/webhooks"],
    ["PATCH", `/v1/webhooks/${endpointId}`],
    ["POST", `/v1/webhooks/${endpointId}/test`],
    ["POST", `/v1/webhooks/${endpointId}/rotate-secret`],
    ["POST", `/v1/webhooks/${endpointId}/enable`],
    ["GET", `/v1/webhooks/${endpointId}/deliveries?limit=-1`],
    ["POST", `/v1/webhooks/deliveries/${deliveryId}/replay`],
    ["GET", `/v1/webhooks/${"x".repeat(100)}`],
    ["DELETE", "/v1/webhooks/%00"],
    ["POST", `/v1/webhooks/${endpointId}/nope`],
    ["PUT", `/v1/webhooks/${endpointId}`],
  ];
  const wrong: string[] = [];
  for (const [method, path] of routes()) {
    for (const body of method === "GET" || method === "DELETE" ? [undefined] : bodies) {
      const r = await t.call(method, path, {
        auth: org.liveKey,
        body,
        headers: typeof body === "string" ? { "content-type": "application/json" } : {},
      });
      const fine =
        r.status < 400 ||
        (r.status < 500 && typeof r.body?.error?.code === "string" && typeof r.body.error.request_id === "string");
      if (!fine) wrong.push(`${method} ${path} ${JSON.stringify(body)} → ${r.status}`);
    }
  }
  expect(wrong).toEqual([]);
});
