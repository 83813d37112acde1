/**
 * kill -9 with deliveries in flight. Delivery is at least once (docs/webhooks.md, "Durability"): an attempt is
 * made again after a crash only when its outcome was not yet committed at the kill, i.e. it was in flight or its
 * outcome was waiting for its group commit; at most the pool's concurrency plus MAX_GROUP such attempts.
 *
 * 1. A child process runs the webhook workers (source) against a slow receiver and is killed while requests are
 *    open; this process's workers take the jobs over after their leases.
 * 2. `dist/plaudit serve` (or `src/main.ts serve` with PLAUDIT_TEST_TARGET=source) delivers a burst of events,
 *    with attempts claimed ahead and outcomes grouped, is killed in the middle and started again.
 *
 * Both count what arrived: no event is missing, an attempt recorded at the kill is never made again, and the
 * repeats are at most the attempts made before the kill whose outcome was not recorded.
 */
import { afterAll, expect, test } from "bun:test";
import { count, eq } from "drizzle-orm";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../../src/config";
import { createDeps } from "../../src/bootstrap";
import { createLogger } from "../../src/platform/log";
import { systemCtx } from "../../src/platform/context";
import { emit } from "../../src/platform/events/emit";
import { MAX_GROUP } from "../../src/platform/db/group-commit";
import { JobRegistry, startWorkers } from "../../src/platform/jobs/worker";
import { createOrganisation } from "../../src/domains/accounts";
import { registerWebhookJobs, webhookAttempts, webhookDeliveries } from "../../src/domains/webhooks";
import { createEndpoint } from "../../src/domains/webhooks/endpoint-service";
import type { Deps } from "../../src/platform/deps";
import { loopbackOnlyFetch, makeCert, startReceiver, tableResolver, type Receiver } from "./webhooks-receiver";
import { binaryEnv, ensureBinary, TEST_TARGET } from "../helpers/binary";
import { freePort } from "../helpers/ports";
import { until } from "../helpers/wait";

const dirs: string[] = [];
const children: ReturnType<typeof Bun.spawn>[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill(9);
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const tempDir = (prefix: string) => {
  const d = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(d);
  return d;
};

/** Deliveries recorded delivered, by event id. */
const deliveredEvents = (deps: Deps) =>
  new Set(
    deps.db
      .select({ eventId: webhookDeliveries.eventId })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.status, "delivered"))
      .all()
      .map((r) => r.eventId),
  );
const attemptRows = (deps: Deps) => deps.db.select({ n: count() }).from(webhookAttempts).get()!.n;

/**
 * Checks at-least-once against what the receiver got: every event arrived; an event recorded delivered at the kill
 * arrived once; repeats ≤ attempts sent before the kill whose outcome was not recorded ≤ concurrency + MAX_GROUP.
 */
function checkAtLeastOnce(
  label: string,
  deps: Deps,
  rx: Receiver,
  ids: string[],
  atKill: { received: number; attempts: number; delivered: Set<string> },
  concurrency: number,
) {
  const arrivals = new Map<string, number>();
  for (const r of rx.requests) {
    const id = r.headers["x-svc-event-id"]!;
    arrivals.set(id, (arrivals.get(id) ?? 0) + 1);
  }
  const missing = ids.filter((id) => !arrivals.has(id));
  const repeats = rx.requests.length - arrivals.size;
  const unrecorded = atKill.received - atKill.attempts;
  const repeatedAfterRecording = [...atKill.delivered].filter((id) => arrivals.get(id) !== 1);
  console.log(
    `${label}: at the kill ${atKill.received} requests received, ${atKill.attempts} attempts recorded ` +
      `(${unrecorded} made but not recorded; bound ${concurrency} + ${MAX_GROUP}); after the restart ` +
      `${deliveredEvents(deps).size}/${ids.length} delivered, ${rx.requests.length} requests, ${repeats} repeats, ` +
      `${missing.length} missing`,
  );
  expect(missing).toEqual([]);
  expect(deliveredEvents(deps).size).toBe(ids.length);
  expect(repeatedAfterRecording).toEqual([]);
  expect(repeats).toBeLessThanOrEqual(unrecorded);
  expect(unrecorded).toBeLessThanOrEqual(concurrency + MAX_GROUP);
  // The attempt a dead worker had open is made again under the same number; none is skipped or recorded twice.
  const rows = deps.db.select().from(webhookAttempts).all();
  expect(rows.length).toBe(ids.length);
  for (const a of rows) expect(a.number).toBe(1);
}

test("every event reaches the receiver after the worker is killed -9 mid-delivery", async () => {
  const EVENTS = 40;
  const LEASE_MS = 1500;
  const dir = tempDir("plaudit-whcrash-");
  const cert = makeCert();
  writeFileSync(join(dir, "ca.pem"), cert.cert);
  let open = 0;
  const rx = startReceiver(cert, async () => {
    open++;
    await Bun.sleep(150);
    open--;
    return new Response("ok");
  });
  const deps = createDeps(loadConfig({ PLAUDIT_DATA_DIR: dir, PLAUDIT_WEBHOOKS_ALLOW_PRIVATE: "1" }), {
    log: createLogger("silent"),
  });
  deps.webhooks = {
    ...deps.webhooks,
    ca: cert.cert,
    fetch: loopbackOnlyFetch,
    resolve: tableResolver({ "hooks.example": ["127.0.0.1"] }),
  };
  const { org } = createOrganisation(deps, { name: "Crash Co", plan: "core" });
  const ctx = systemCtx(org.id, "live", deps.clock);
  await createEndpoint(deps, ctx, { url: rx.url("/crash"), events: ["submission.created"] });
  const ids = Array.from({ length: EVENTS }, (_, i) => emit(deps, ctx, "submission.created", { id: `sub_${i}` }).id);

  const child = Bun.spawn(
    [process.execPath, join(import.meta.dir, "webhooks-crash-worker.ts"), dir, join(dir, "ca.pem"), String(LEASE_MS)],
    { stdout: "pipe", stderr: "inherit" },
  );
  children.push(child);
  await until("8 requests with one open", () => rx.requests.length >= 8 && open >= 1, 60_000, 5);
  child.kill(9);
  await child.exited;
  expect(child.signalCode).toBe("SIGKILL");
  // A request the child had written before it died may still be arriving.
  await Bun.sleep(100);
  const atKill = { received: rx.requests.length, attempts: attemptRows(deps), delivered: deliveredEvents(deps) };
  expect(atKill.delivered.size).toBeLessThan(EVENTS);

  const registry = new JobRegistry();
  registerWebhookJobs(registry);
  const workers = startWorkers(deps, registry, { concurrency: 4, pollMs: 20, leaseMs: LEASE_MS });
  await until("every delivery recorded", () => deliveredEvents(deps).size >= EVENTS, 60_000, 50);
  await workers.stop();
  checkAtLeastOnce("kill -9 of a worker process", deps, rx, ids, atKill, 4);
  rx.stop();
  deps.db.$client.close();
}, 150_000);

test("dist/plaudit killed -9 during a burst delivers every event after a restart, repeating only unrecorded attempts", async () => {
  const EVENTS = 300;
  const dir = tempDir("plaudit-whburst-");
  const cert = makeCert(["localhost"], []);
  const caFile = join(dir, "ca.pem");
  writeFileSync(caFile, cert.cert);
  const rx = startReceiver(cert, async () => {
    await Bun.sleep(10);
    return new Response("ok");
  });
  const dataDir = join(dir, "data");
  const deps = createDeps(loadConfig({ PLAUDIT_DATA_DIR: dataDir, PLAUDIT_WEBHOOKS_ALLOW_PRIVATE: "1" }), {
    log: createLogger("silent"),
  });
  deps.webhooks = { ...deps.webhooks, resolve: tableResolver({ localhost: ["127.0.0.1"] }) };
  const { org } = createOrganisation(deps, { name: "Burst Co", plan: "core" });
  const ctx = systemCtx(org.id, "live", deps.clock);
  await createEndpoint(deps, ctx, { url: rx.url("/burst", "localhost"), events: ["submission.created"] });
  const ids = Array.from({ length: EVENTS }, (_, i) => emit(deps, ctx, "submission.created", { id: `sub_${i}` }).id);

  const port = freePort();
  const cmd =
    TEST_TARGET === "binary"
      ? [await ensureBinary(), "serve"]
      : [process.execPath, join(import.meta.dir, "../../src/main.ts"), "serve"];
  const env = binaryEnv({
    PLAUDIT_DATA_DIR: dataDir,
    PLAUDIT_PORT: String(port),
    PLAUDIT_HOST: "127.0.0.1",
    PLAUDIT_BASE_URL: `http://127.0.0.1:${port}`,
    PLAUDIT_JOB_LEASE_SECONDS: "5",
    PLAUDIT_LOG_LEVEL: "error",
    PLAUDIT_SELF_TEST: "0",
    PLAUDIT_WEBHOOKS_ALLOW_PRIVATE: "1",
    NODE_EXTRA_CA_CERTS: caFile,
  });
  const serve = () => {
    const p = Bun.spawn(cmd, { cwd: dir, env, stdin: "ignore", stdout: "ignore", stderr: "inherit" });
    children.push(p);
    return p;
  };

  const first = serve();
  await until("60 requests", () => rx.requests.length >= 60, 60_000, 2);
  first.kill(9);
  await first.exited;
  expect(first.signalCode).toBe("SIGKILL");
  await Bun.sleep(100);
  const atKill = { received: rx.requests.length, attempts: attemptRows(deps), delivered: deliveredEvents(deps) };
  expect(atKill.received).toBeLessThan(EVENTS);

  // Attempts the dead process held or had open come back when their leases (5 s) run out.
  const second = serve();
  await until("every delivery recorded", () => deliveredEvents(deps).size >= EVENTS, 90_000, 50);
  second.kill("SIGTERM");
  await second.exited;
  checkAtLeastOnce("kill -9 of plaudit serve", deps, rx, ids, atKill, 4);
  rx.stop();
  deps.db.$client.close();
}, 180_000);
