/**
 * The webhook delivery queue (src/domains/webhooks/delivery-queue.ts) against a real https receiver on loopback and
 * a test clock: deliveries are claimed in the order they fell due, each under a lease on its own row, and no job row
 * is written per attempt; a lease that runs out (a process that died) gives the delivery back; a stopping pool gives
 * back what it held at once; a held delivery a third into its lease is renewed before it starts, or skipped when
 * another worker took it; a delivery held past CLAIM_FRESH_MS is read again before it is sent; our own failures back
 * the lease off and the fifth closes the delivery as "not sent".
 */
import { afterAll, beforeAll, beforeEach, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { registerWebhookJobs, webhookDeliveries, webhookEndpoints } from "../../src/domains/webhooks";
import {
  CLAIM_FRESH_MS,
  claimDeliveries,
  runDeliveryAttempt,
  runDueDeliveries,
} from "../../src/domains/webhooks/delivery-queue";
import { emit } from "../../src/platform/events/emit";
import { systemCtx } from "../../src/platform/context";
import { countJobs } from "../../src/platform/jobs/queue";
import { JobRegistry, startWorkers } from "../../src/platform/jobs/worker";
import { loopbackOnlyFetch, makeCert, startReceiver, tableResolver, type Receiver } from "./webhooks-receiver";
import { until } from "../helpers/wait";

const LEASE = 60_000;
let t: TestApp;
let org: TestOrg;
let rx: Receiver;
let endpointId = "";
/** How long the receiver waits before it answers. */
let answerAfterMs = 0;
/** While set, the receiver holds its answers until it resolves. */
let gate: Promise<void> | null = null;

beforeAll(async () => {
  t = await makeTestApp({ PLAUDIT_WEBHOOKS_ALLOW_PRIVATE: "1" });
  const cert = makeCert();
  rx = startReceiver(cert, async () => {
    if (answerAfterMs) await Bun.sleep(answerAfterMs);
    if (gate) await gate;
    return new Response("ok");
  });
  t.deps.webhooks = {
    ...t.deps.webhooks,
    ca: cert.cert,
    fetch: loopbackOnlyFetch,
    resolve: tableResolver({ "hooks.example": ["127.0.0.1"] }),
  };
  org = await t.org();
  const ep = await t.call("POST", "/v1/webhooks", {
    auth: org.liveKey,
    body: { url: rx.url("/queue"), events: ["reel.ready"] },
  });
  endpointId = ep.body.id;
});
afterAll(() => {
  rx.stop();
  t.close();
});
beforeEach(async () => {
  // Whatever an earlier test left waiting is sent first.
  await runDueDeliveries(t.deps, LEASE);
  rx.requests.length = 0;
});

const emitReady = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    emit(t.deps, systemCtx(org.id, "live", t.clock), "reel.ready", { id: `rel_${i}` }),
  );
const row = (eventId: string) =>
  t.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, eventId)).get()!;

test("claims take due deliveries in the order they fell due, each under a lease, and write no job", async () => {
  const jobsBefore = countJobs(t.deps.db);
  const events = emitReady(5);
  expect(countJobs(t.deps.db)).toEqual(jobsBefore);
  const first = claimDeliveries(t.deps, 3, LEASE);
  expect(first.map((h) => h.target?.eventId)).toEqual(events.slice(0, 3).map((e) => e.id));
  expect(first.every((h) => h.attempt === 1 && h.leaseUntil === t.clock.now() + LEASE)).toBe(true);
  // Held deliveries are not claimed again; the rest come next.
  const second = claimDeliveries(t.deps, 10, LEASE);
  expect(second.map((h) => h.target?.eventId)).toEqual(events.slice(3).map((e) => e.id));
  expect(claimDeliveries(t.deps, 10, LEASE)).toEqual([]);
  // A process that died holding them: once the lease has run out they are claimed again, for the same attempt.
  t.clock.advance(LEASE);
  const again = claimDeliveries(t.deps, 10, LEASE);
  expect(again.map((h) => [h.target?.eventId, h.attempt])).toEqual(events.map((e) => [e.id, 1]));
  for (const h of again) await runDeliveryAttempt(t.deps, h.id, h.attempt, undefined, h);
  expect(rx.requests.map((r) => r.headers["x-svc-event-id"])).toEqual(events.map((e) => e.id));
  for (const e of events) expect(row(e.id)).toMatchObject({ status: "delivered", attemptCount: 1, leaseUntil: null });
  expect(countJobs(t.deps.db)).toEqual(jobsBefore);
});

test("a running pool delivers a burst once each; a stopping pool gives back what it held", async () => {
  const registry = new JobRegistry();
  registerWebhookJobs(registry);
  const events = emitReady(100);
  const workers = startWorkers(t.deps, registry, { concurrency: 2, pollMs: 20, leaseMs: LEASE });
  await until("100 requests", () => rx.requests.length >= 100, 30_000, 10);
  await workers.stop();
  expect(rx.requests.map((r) => r.headers["x-svc-event-id"]).sort()).toEqual(events.map((e) => e.id).sort());
  for (const e of events) expect(row(e.id)).toMatchObject({ status: "delivered", leaseUntil: null });

  // A pool stopped while it holds deliveries (its receiver slow) leaves none of them leased: the one in flight is
  // recorded before stop() resolves, the held ones are given back.
  rx.requests.length = 0;
  answerAfterMs = 200;
  const slow = emitReady(40);
  const stopping = startWorkers(t.deps, registry, { concurrency: 1, pollMs: 20, leaseMs: LEASE });
  await until("the first request", () => rx.requests.length >= 1, 10_000, 5);
  await stopping.stop();
  answerAfterMs = 0;
  expect(slow.map((e) => row(e.id)).filter((d) => d.leaseUntil !== null)).toEqual([]);
  const sent = slow.filter((e) => row(e.id).status === "delivered").length;
  expect(sent).toBeGreaterThanOrEqual(1);
  expect(sent).toBeLessThan(40);
  // The next claim takes the rest at once, without waiting for a lease.
  expect(claimDeliveries(t.deps, 100, LEASE).length).toBe(40 - sent);
  t.clock.advance(LEASE);
});

test("a held delivery a third into its lease is renewed before it starts; one another worker took is skipped", async () => {
  const registry = new JobRegistry();
  registerWebhookJobs(registry);
  let open!: () => void;
  gate = new Promise<void>((resolve) => (open = resolve));
  const [first, second, third] = emitReady(3);
  const workers = startWorkers(t.deps, registry, { concurrency: 1, pollMs: 600_000, leaseMs: LEASE });
  try {
    await until("the first request", () => rx.requests.length >= 1, 10_000, 5);
    // Half the lease goes by while the second and third wait; meanwhile another worker takes the third.
    t.clock.advance(LEASE / 2);
    const theirs = t.clock.now() + 999;
    t.deps.db
      .update(webhookDeliveries)
      .set({ leaseUntil: theirs })
      .where(eq(webhookDeliveries.eventId, third!.id))
      .run();
    gate = null;
    open();
    await until("the first two delivered", () => row(second!.id).status === "delivered", 10_000, 5);
  } finally {
    gate = null;
    open();
    await workers.stop();
  }
  expect(rx.requests.map((r) => r.headers["x-svc-event-id"])).toEqual([first!.id, second!.id]);
  expect(row(first!.id).status).toBe("delivered");
  // The third is left to the worker that holds it.
  expect(row(third!.id)).toMatchObject({ status: "pending", attemptCount: 0 });
  expect(row(third!.id).leaseUntil).toBe(t.clock.now() + 999);
  t.clock.advance(1_000);
});

test("a delivery held past CLAIM_FRESH_MS is read again: its endpoint disabled meanwhile, nothing is sent", async () => {
  const [event] = emitReady(1);
  const [held] = claimDeliveries(t.deps, 1, LEASE);
  expect(held!.target?.eventId).toBe(event!.id);
  // Disabled meanwhile (after 24 hours of failures, as attempt-service.ts does it).
  t.deps.db.update(webhookEndpoints).set({ status: "disabled" }).where(eq(webhookEndpoints.id, endpointId)).run();
  await runDeliveryAttempt(t.deps, held!.id, held!.attempt, undefined, {
    ...held!,
    claimedAt: performance.now() - CLAIM_FRESH_MS - 1,
  });
  expect(rx.requests).toEqual([]);
  expect(row(event!.id)).toMatchObject({ status: "failed", failureReason: "endpoint disabled" });
  expect((await t.call("POST", `/v1/webhooks/${endpointId}/enable`, { auth: org.liveKey })).status).toBe(200);
});

test("our own failure backs the lease off; the fifth in a row closes the delivery as not sent", async () => {
  const [event] = emitReady(1);
  // Recording the outcome fails on our side: the attempts table is gone.
  t.deps.db.$client.run("ALTER TABLE webhook_attempts RENAME TO webhook_attempts_away");
  try {
    for (let n = 1; n <= 5; n++) {
      expect(await runDueDeliveries(t.deps, LEASE)).toBe(1);
      expect(rx.requests.length).toBe(n);
      const d = row(event!.id);
      if (n < 5) {
        expect(d).toMatchObject({ status: "pending", attemptCount: 0, leaseUntil: t.clock.now() + 5_000 * n });
        // Not due again until the back-off has passed.
        expect(await runDueDeliveries(t.deps, LEASE)).toBe(0);
        t.clock.advance(5_000 * n);
      } else {
        expect(d.status).toBe("failed");
        expect(d.failureReason).toStartWith("not sent: ");
      }
    }
  } finally {
    t.deps.db.$client.run("ALTER TABLE webhook_attempts_away RENAME TO webhook_attempts");
  }
});
