/**
 * Each way a receiver can fail, against real sockets on loopback, logged with its reason: 500, 404, a 301 that
 * is not followed, an answer slower than the time limit (injected as 400 ms so the test does not wait 10 s),
 * a refused connection and an untrusted certificate. Also: 2xx variants succeed, and only the first kilobyte
 * of an answer is kept.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { registerWebhookJobs } from "../../src/domains/webhooks";
import { emit } from "../../src/platform/events/emit";
import { systemCtx } from "../../src/platform/context";
import { JobRegistry, runDueJobs } from "../../src/platform/jobs/worker";
import { loopbackOnlyFetch, makeCert, startReceiver, tableResolver, type Receiver } from "./webhooks-receiver";
import { freePort } from "../helpers/ports";

const TIME_LIMIT_MS = 400;
let t: TestApp;
let org: TestOrg;
let rx: Receiver;
let untrusted: Receiver;
let closedPort: number;
/** The slow receiver holds its answer until the test lets it go (after the file's tests): it never answers in time. */
let answerSlow!: () => void;
const slowMayAnswer = new Promise<void>((resolve) => (answerSlow = resolve));
let slowAnswered = 0;
const registry = new JobRegistry();
registerWebhookJobs(registry);

beforeAll(async () => {
  t = await makeTestApp({ PLAUDIT_WEBHOOKS_ALLOW_PRIVATE: "1" });
  const cert = makeCert();
  rx = startReceiver(cert, async (req) => {
    switch (req.path) {
      case "/500":
        return new Response("boom", { status: 500 });
      case "/404":
        return new Response("no such hook", { status: 404 });
      case "/301":
        return new Response(null, { status: 301, headers: { location: "https://elsewhere.example/hook" } });
      case "/slow":
        await slowMayAnswer;
        slowAnswered++;
        return new Response("too late");
      case "/201":
        return new Response("created", { status: 201 });
      case "/204":
        return new Response(null, { status: 204 });
      case "/big":
        return new Response("é".repeat(600) + "tail", { status: 200 });
      default:
        return new Response("ok");
    }
  });
  untrusted = startReceiver(makeCert());
  // Claimed for this process and never listened on: nothing answers there.
  closedPort = freePort();
  t.deps.webhooks = {
    ...t.deps.webhooks,
    ca: cert.cert,
    fetch: loopbackOnlyFetch,
    timeoutMs: TIME_LIMIT_MS,
    resolve: tableResolver({ "hooks.example": ["127.0.0.1"] }),
  };
  org = await t.org();
});
afterAll(() => {
  answerSlow();
  rx.stop();
  untrusted.stop();
  t.close();
});

/** Adds an endpoint, sends one event to it, and returns its delivery (before deleting the endpoint). */
async function deliver(url: string) {
  const ep = (await t.call("POST", "/v1/webhooks", { auth: org.liveKey, body: { url, events: ["reel.failed"] } })).body;
  emit(t.deps, systemCtx(org.id, "live", t.clock), "reel.failed", { id: "rel_1" });
  await runDueJobs(t.deps, registry);
  const d = (await t.call("GET", `/v1/webhooks/${ep.id}/deliveries`, { auth: org.liveKey })).body.data[0];
  await t.call("DELETE", `/v1/webhooks/${ep.id}`, { auth: org.liveKey });
  return d;
}

const cases: [
  string,
  () => string,
  { status: number | null; body?: string | null; error: RegExp | null; reason: RegExp },
][] = [
  [
    "a 500",
    () => rx.url("/500"),
    { status: 500, body: "boom", error: null, reason: /^HTTP 500 Internal Server Error$/ },
  ],
  ["a 404", () => rx.url("/404"), { status: 404, body: "no such hook", error: null, reason: /^HTTP 404 Not Found$/ }],
  [
    "a 301 (not followed)",
    () => rx.url("/301"),
    {
      status: 301,
      error: null,
      reason: /^HTTP 301: redirect not followed \(Location: https:\/\/elsewhere\.example\/hook\)$/,
    },
  ],
  [
    "an answer slower than the time limit",
    () => rx.url("/slow"),
    { status: null, body: null, error: /^timeout: no response within 0\.4 s$/, reason: /^timeout/ },
  ],
  [
    "a refused connection",
    () => `https://hooks.example:${closedPort}/hook`,
    { status: null, body: null, error: /^connection refused$/, reason: /^connection refused$/ },
  ],
  [
    "an untrusted certificate",
    () => untrusted.url("/hook"),
    { status: null, body: null, error: /^certificate refused: .*SELF_SIGNED/i, reason: /^certificate refused/ },
  ],
];

for (const [name, url, want] of cases) {
  test(`${name} is a failure logged with its reason, and retried`, async () => {
    const d = await deliver(url());
    expect(d.status).toBe("retrying");
    expect(d.next_attempt_at).toBe(new Date(t.clock.now() + 30_000).toISOString());
    expect(d.failure_reason).toMatch(want.reason);
    const [a] = d.attempts;
    expect(a.number).toBe(1);
    expect(a.response_status).toBe(want.status);
    if (want.body !== undefined) expect(a.response_body).toBe(want.body);
    if (want.error) expect(a.error).toMatch(want.error);
    else expect(a.error).toBeNull();
    expect(a.duration_ms).toBeGreaterThanOrEqual(0);
    expect(Object.keys(a.request_headers)).toEqual(
      expect.arrayContaining([
        "Content-Type",
        "User-Agent",
        "X-Signature",
        "X-Svc-Event",
        "X-Svc-Event-Id",
        "X-Svc-Delivery",
        "X-Svc-Attempt",
      ]),
    );
  });
}

test("the slow answer was cut at the time limit, not waited for", async () => {
  const d = await deliver(rx.url("/slow"));
  // The receiver has not answered (it holds its answer until the file's tests are over), yet the attempt is over:
  // it ended at the limit, having waited at least that long.
  expect(slowAnswered).toBe(0);
  expect(d.attempts[0].error).toBe("timeout: no response within 0.4 s");
  expect(d.attempts[0].duration_ms).toBeGreaterThanOrEqual(TIME_LIMIT_MS - 5);
});

test("the redirect target was never requested", async () => {
  await deliver(rx.url("/301"));
  expect(rx.requests.every((r) => r.headers.host !== "elsewhere.example")).toBe(true);
});

test("201 and 204 are successes", async () => {
  for (const path of ["/201", "/204"]) expect((await deliver(rx.url(path))).status).toBe("delivered");
});

test("only the first kilobyte of an answer is kept", async () => {
  const d = await deliver(rx.url("/big"));
  expect(d.status).toBe("delivered");
  expect(d.attempts[0].response_body).toBe("é".repeat(512));
});

test("no attempt ever reached the untrusted receiver's handler", () => {
  expect(untrusted.requests).toHaveLength(0);
});
