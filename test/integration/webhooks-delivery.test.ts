/**
 * Webhook delivery against real https receivers on loopback (the development allowance on, the receivers'
 * self-signed certificates trusted through the injected CA), with a test clock: every request verifies with
 * Stripe's `webhooks.constructEventAsync`, rotation signs with two secrets, the retry schedule is exact to the
 * millisecond, endpoints go failing → active on success and disabled after 24 hours (emails sent, nothing sent
 * after), replays carry identical bytes, and the connection goes to the checked address under the URL's name.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import Stripe from "stripe";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { DISABLE_AFTER_MS, registerWebhookJobs, RETRY_DELAYS_MS } from "../../src/domains/webhooks";
import { emit } from "../../src/platform/events/emit";
import { systemCtx } from "../../src/platform/context";
import { listOutbox } from "../../src/platform/mail/queue-mail";
import { JobRegistry, runDueJobs } from "../../src/platform/jobs/worker";
import {
  loopbackOnlyFetch,
  makeCert,
  startReceiver,
  tableResolver,
  type Received,
  type Receiver,
} from "./webhooks-receiver";

let t: TestApp;
let rx: Receiver;
let other: Receiver;
const registry = new JobRegistry();
registerWebhookJobs(registry);
const stripe = new Stripe("sk_test_not_used");
/** Secrets in force per receiver path, for verifying every request as it arrives. */
const secrets = new Map<string, string[]>();

beforeAll(async () => {
  t = await makeTestApp({ PLAUDIT_WEBHOOKS_ALLOW_PRIVATE: "1" });
  const cert = makeCert(["hooks.example", "localhost"]);
  const otherCert = makeCert(["other.example"], []);
  rx = startReceiver(cert);
  other = startReceiver(otherCert);
  for (const r of [rx, other])
    r.check(async (req) => {
      for (const s of secrets.get(req.path) ?? [])
        if (
          await verify(req, s).then(
            () => true,
            () => false,
          )
        )
          return true;
      return false;
    });
  t.deps.webhooks = {
    ...t.deps.webhooks,
    ca: cert.cert + otherCert.cert,
    fetch: loopbackOnlyFetch,
    resolve: tableResolver({
      "hooks.example": ["127.0.0.1"],
      "other.example": ["127.0.0.1"],
      "wrong-cert.example": ["127.0.0.1"],
    }),
  };
});
afterAll(() => {
  rx.stop();
  other.stop();
  t.close();
});

const run = () => runDueJobs(t.deps, registry);
const since = (n: number) => rx.requests.slice(n);

/** Verifies a received request with Stripe's own library, at the test clock's time. */
async function verify(req: Received, secret: string) {
  return stripe.webhooks.constructEventAsync(
    req.body,
    req.headers["x-signature"]!,
    secret,
    300,
    undefined,
    t.clock.now(),
  );
}

async function endpoint(org: TestOrg, path: string, events: string[], receiver = rx, host = "hooks.example") {
  const r = await t.call("POST", "/v1/webhooks", {
    auth: org.liveKey,
    body: { url: receiver.url(path, host), events },
  });
  expect(r.status).toBe(201);
  secrets.set(path, [...(secrets.get(path) ?? []), r.body.secret]);
  return r.body as { id: string; secret: string; url: string };
}

const deliveries = async (org: TestOrg, id: string) =>
  (await t.call("GET", `/v1/webhooks/${id}/deliveries?limit=100`, { auth: org.liveKey })).body.data;
const endpointNow = async (org: TestOrg, id: string) =>
  (await t.call("GET", `/v1/webhooks/${id}`, { auth: org.liveKey })).body;
const at = (ms: number) => new Date(ms).toISOString();

describe("signed requests", () => {
  test("every event type arrives with the contract's headers and verifies with Stripe", async () => {
    const org = await t.org();
    const types = [
      "submission.created",
      "submission.ready",
      "submission.approved",
      "submission.rejected",
      "reel.ready",
      "reel.failed",
      "export.ready",
    ];
    const ep = await endpoint(org, "/all", types);
    const before = rx.requests.length;
    const events = types.map((type) =>
      emit(t.deps, systemCtx(org.id, "live", t.clock), type as never, { id: `x_${type}` }),
    );
    await run();
    const got = since(before);
    expect(got).toHaveLength(types.length);
    const stored = await deliveries(org, ep.id);
    for (const req of got) {
      const event = await verify(req, ep.secret);
      const d = stored.find((s: any) => s.id === req.headers["x-svc-delivery"]);
      expect(req.body).toBe(d.body);
      expect(req.headers).toMatchObject({
        "content-type": "application/json",
        "user-agent": "Svc-Webhooks/1 (+http://plaudit.test/v1/reference)",
        "x-svc-event": event.type,
        "x-svc-event-id": event.id,
        "x-svc-attempt": "1",
        host: `hooks.example:${rx.port}`,
      });
      expect(req.headers["x-signature"]).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(d.attempts[0]).toMatchObject({ number: 1, response_status: 200, response_body: "ok", error: null });
      expect(d.attempts[0].request_headers).toMatchObject({
        "X-Signature": req.headers["x-signature"],
        "X-Svc-Delivery": d.id,
        Host: `hooks.example:${rx.port}`,
      });
      expect(d).toMatchObject({
        status: "delivered",
        delivered_at: at(t.clock.now()),
        next_attempt_at: null,
        failure_reason: null,
      });
    }
    expect(new Set(got.map((r) => r.headers["x-svc-event-id"]))).toEqual(new Set(events.map((e) => e.id)));
  });

  test("rotation: both secrets sign for 24 hours (two v1 values), then only the new one", async () => {
    const org = await t.org();
    const ep = await endpoint(org, "/rotate", ["reel.ready"]);
    const rotated = (await t.call("POST", `/v1/webhooks/${ep.id}/rotate-secret`, { auth: org.liveKey })).body;
    secrets.get("/rotate")!.push(rotated.secret);
    let n = rx.requests.length;
    emit(t.deps, systemCtx(org.id, "live", t.clock), "reel.ready", { id: "rel_1" });
    await run();
    const during = since(n);
    expect(during).toHaveLength(1);
    expect(during[0]!.headers["x-signature"]).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    await verify(during[0]!, ep.secret);
    await verify(during[0]!, rotated.secret);
    t.clock.advance(24 * 3600_000);
    n = rx.requests.length;
    emit(t.deps, systemCtx(org.id, "live", t.clock), "reel.ready", { id: "rel_2" });
    await run();
    const after = since(n);
    expect(after[0]!.headers["x-signature"]).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    await verify(after[0]!, rotated.secret);
    await expect(verify(after[0]!, ep.secret)).rejects.toThrow(/signature/i);
  });

  test("the connection goes to the checked address, with the URL's name for TLS: a certificate for another name is refused", async () => {
    const org = await t.org();
    const good = await endpoint(org, "/named", ["export.ready"], other, "other.example");
    const bad = await endpoint(org, "/named", ["export.ready"], other, "wrong-cert.example");
    const n = other.requests.length;
    emit(t.deps, systemCtx(org.id, "live", t.clock), "export.ready", { id: "exp_1" });
    await run();
    expect(other.requests.length - n).toBe(1);
    expect(other.requests.at(-1)!.headers.host).toBe(`other.example:${other.port}`);
    await verify(other.requests.at(-1)!, good.secret);
    const refused = (await deliveries(org, bad.id))[0].attempts[0];
    expect(refused.error).toMatch(/^certificate refused: .*ALTNAME/);
  });

  test("a name the system resolver knows (localhost) is resolved, checked and connected to", async () => {
    const dev = await makeTestApp({ PLAUDIT_WEBHOOKS_ALLOW_PRIVATE: "1" });
    try {
      const cert = makeCert(["localhost"], []);
      const local = startReceiver(cert);
      dev.deps.webhooks = { ...dev.deps.webhooks, ca: cert.cert, fetch: loopbackOnlyFetch };
      const org = await dev.org();
      const ep = (
        await dev.call("POST", "/v1/webhooks", {
          auth: org.liveKey,
          body: { url: local.url("/l", "localhost"), events: ["reel.ready"] },
        })
      ).body;
      emit(dev.deps, systemCtx(org.id, "live", dev.clock), "reel.ready", { id: "rel_1" });
      await runDueJobs(dev.deps, registry);
      expect(local.requests).toHaveLength(1);
      await stripe.webhooks.constructEventAsync(
        local.requests[0]!.body,
        local.requests[0]!.headers["x-signature"]!,
        ep.secret,
        300,
        undefined,
        dev.clock.now(),
      );
      local.stop();
    } finally {
      dev.close();
    }
  });
});

describe("retries and endpoint state on a test clock", () => {
  test("the exact schedule, the seventh failure, disabling at 24 hours with emails, and nothing sent after", async () => {
    const org = await t.org();
    await org.member("admin");
    await org.member("member");
    rx.behave((req) =>
      req.path.startsWith("/down") ? new Response("down for maintenance", { status: 500 }) : new Response("ok"),
    );
    const ep = await endpoint(org, "/down", ["submission.created"]);
    const t0 = t.clock.now();
    const first = since(0).length;
    const event = emit(t.deps, systemCtx(org.id, "live", t.clock), "submission.created", { id: "sub_1" });
    const expected = [t0];
    for (const d of RETRY_DELAYS_MS) expected.push(expected.at(-1)! + d);
    for (let k = 1; k <= 7; k++) {
      await run();
      expect(rx.requests.length - first).toBe(k);
      const [d] = await deliveries(org, ep.id);
      expect(d.attempts.map((a: any) => a.attempted_at)).toEqual(expected.slice(0, k).map(at));
      expect(d.attempts[k - 1]).toMatchObject({
        number: k,
        response_status: 500,
        response_body: "down for maintenance",
        error: null,
      });
      expect(d.failure_reason).toBe("HTTP 500 Internal Server Error");
      if (k < 7) {
        expect(d).toMatchObject({ status: "retrying", next_attempt_at: at(expected[k]!) });
        t.clock.set(expected[k]! - 1);
        await run();
        expect(rx.requests.length - first).toBe(k);
        t.clock.set(expected[k]!);
      } else {
        expect(d).toMatchObject({ status: "failed", next_attempt_at: null, delivered_at: null });
      }
    }
    expect(expected.at(-1)! - t0).toBe(20 * 3600_000 + 35 * 60_000 + 30_000);
    const tries = since(first);
    expect(tries.map((r) => r.headers["x-svc-attempt"])).toEqual(["1", "2", "3", "4", "5", "6", "7"]);
    expect(new Set(tries.map((r) => r.body)).size).toBe(1);
    expect(new Set(tries.map((r) => r.headers["x-svc-event-id"]))).toEqual(new Set([event.id]));
    expect(new Set(tries.map((r) => r.headers["x-signature"]!.split(",")[0])).size).toBe(7);
    expect(tries.every((r) => r.verified)).toBe(true);
    expect(await endpointNow(org, ep.id)).toMatchObject({
      status: "failing",
      failing_since: at(t0),
      disabled_at: null,
    });

    // A later event is still tried while the endpoint is failing; at 24 hours it is disabled and that one fails.
    t.clock.set(t0 + 23 * 3600_000);
    emit(t.deps, systemCtx(org.id, "live", t.clock), "submission.created", { id: "sub_2" });
    await run();
    t.clock.set(t0 + DISABLE_AFTER_MS - 1);
    await run();
    expect((await endpointNow(org, ep.id)).status).toBe("failing");
    const sentBefore = rx.requests.length;
    t.clock.set(t0 + DISABLE_AFTER_MS);
    await run();
    expect(await endpointNow(org, ep.id)).toMatchObject({
      status: "disabled",
      failing_since: at(t0),
      disabled_at: at(t0 + DISABLE_AFTER_MS),
    });
    const [waiting] = await deliveries(org, ep.id);
    expect(waiting).toMatchObject({
      status: "failed",
      next_attempt_at: null,
      failure_reason: "endpoint disabled after 24 hours of failures",
    });
    const mail = listOutbox(t.deps.db, org.id).filter((m) => m.subject.startsWith("Webhook endpoint disabled"));
    expect(mail).toHaveLength(2);
    expect(mail.map((m) => m.to).sort()).toEqual(
      expect.arrayContaining([expect.stringMatching(/^owner/), expect.stringMatching(/^admin/)]),
    );
    expect(mail[0]!.text).toContain(ep.url);
    expect(mail[0]!.text).toContain(`/v1/webhooks/${ep.id}/enable`);
    // In the organisation's name (white label), never the product's.
    const orgName = (await t.call("GET", "/v1/org", { auth: org.owner })).body.name;
    expect(mail.map((m) => m.fromName)).toEqual([orgName, orgName]);
    expect(mail[0]!.text).toStartWith("We stopped sending webhooks");

    emit(t.deps, systemCtx(org.id, "live", t.clock), "submission.created", { id: "sub_3" });
    expect(await deliveries(org, ep.id)).toHaveLength(2);
    t.clock.advance(2 * 86_400_000);
    await run();
    expect(rx.requests.length).toBe(sentBefore);
    expect((await t.call("POST", `/v1/webhooks/${ep.id}/test`, { auth: org.liveKey })).status).toBe(409);
    rx.behave(() => new Response("ok"));
  });

  test("failing → active on any success; the 24 hours run from the first failure after the last success", async () => {
    const org = await t.org();
    let up = false;
    rx.behave((req) => (req.path === "/flaky" && !up ? new Response("no", { status: 503 }) : new Response("ok")));
    const ep = await endpoint(org, "/flaky", ["reel.ready"]);
    const t0 = t.clock.now();
    emit(t.deps, systemCtx(org.id, "live", t.clock), "reel.ready", { id: "rel_1" });
    await run();
    expect(await endpointNow(org, ep.id)).toMatchObject({ status: "failing", failing_since: at(t0) });
    up = true;
    t.clock.advance(RETRY_DELAYS_MS[0]);
    await run();
    expect(await endpointNow(org, ep.id)).toMatchObject({ status: "active", failing_since: null });
    expect((await deliveries(org, ep.id))[0]).toMatchObject({
      status: "delivered",
      delivered_at: at(t0 + 30_000),
      failure_reason: null,
    });

    up = false;
    const t1 = t0 + 2 * 3600_000;
    t.clock.set(t1);
    emit(t.deps, systemCtx(org.id, "live", t.clock), "reel.ready", { id: "rel_2" });
    await run();
    t.clock.set(t0 + DISABLE_AFTER_MS);
    await run();
    expect(await endpointNow(org, ep.id)).toMatchObject({ status: "failing", failing_since: at(t1) });
    t.clock.set(t1 + DISABLE_AFTER_MS);
    await run();
    expect(await endpointNow(org, ep.id)).toMatchObject({ status: "disabled", disabled_at: at(t1 + DISABLE_AFTER_MS) });
    const enabled = await t.call("POST", `/v1/webhooks/${ep.id}/enable`, { auth: org.liveKey });
    expect(enabled.body).toMatchObject({ status: "active", failing_since: null, disabled_at: null });
    up = true;
    const n = rx.requests.length;
    emit(t.deps, systemCtx(org.id, "live", t.clock), "reel.ready", { id: "rel_3" });
    await run();
    expect(rx.requests.length - n).toBe(1);
    rx.behave(() => new Response("ok"));
  });

  test("replay resends the identical bytes and event id, freshly signed; deleting an endpoint stops its retries", async () => {
    const org = await t.org();
    const ep = await endpoint(org, "/replay", ["reel.ready"]);
    emit(t.deps, systemCtx(org.id, "live", t.clock), "reel.ready", { id: "rel_1" });
    await run();
    const original = rx.requests.at(-1)!;
    const [d] = await deliveries(org, ep.id);
    t.clock.advance(5_000);
    const replay = (await t.call("POST", `/v1/webhooks/deliveries/${d.id}/replay`, { auth: org.liveKey })).body;
    await run();
    const again = rx.requests.at(-1)!;
    expect(again.body).toBe(original.body);
    expect(again.headers["x-svc-event-id"]).toBe(original.headers["x-svc-event-id"]);
    expect(again.headers["x-svc-delivery"]).toBe(replay.id);
    expect(again.headers["x-signature"]).not.toBe(original.headers["x-signature"]);
    await verify(again, ep.secret);

    rx.behave((req) => (req.path === "/gone" ? new Response("", { status: 500 }) : new Response("ok")));
    const gone = await endpoint(org, "/gone", ["reel.ready"]);
    emit(t.deps, systemCtx(org.id, "live", t.clock), "reel.ready", { id: "rel_2" });
    await run();
    const n = rx.requests.filter((r) => r.path === "/gone").length;
    expect(n).toBe(1);
    expect((await t.call("DELETE", `/v1/webhooks/${gone.id}`, { auth: org.liveKey })).status).toBe(200);
    t.clock.advance(86_400_000);
    await run();
    expect(rx.requests.filter((r) => r.path === "/gone").length).toBe(n);
    rx.behave(() => new Response("ok"));
  });

  test("every request received in this file verified with Stripe as it arrived (100%)", () => {
    const all = [...rx.requests, ...other.requests];
    expect(all.length).toBeGreaterThan(25);
    expect(all.filter((r) => r.verified !== true).map((r) => [r.path, r.headers["x-signature"]])).toEqual([]);
  });
});
