/**
 * kill -9 with deliveries in flight: a child process runs the webhook workers against a slow receiver and is
 * killed with SIGKILL while requests are open. Its leases run out, this process's workers claim the jobs again,
 * and every event reaches the receiver at least once: none is lost (some arrive twice, as at-least-once allows).
 */
import { afterAll, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../../src/config";
import { createDeps } from "../../src/bootstrap";
import { createLogger } from "../../src/platform/log";
import { systemCtx } from "../../src/platform/context";
import { emit } from "../../src/platform/events/emit";
import { JobRegistry, startWorkers } from "../../src/platform/jobs/worker";
import { createOrganisation } from "../../src/domains/accounts";
import { registerWebhookJobs, webhookAttempts, webhookDeliveries } from "../../src/domains/webhooks";
import { createEndpoint } from "../../src/domains/webhooks/endpoint-service";
import { loopbackOnlyFetch, makeCert, startReceiver, tableResolver } from "./webhooks-receiver";

const EVENTS = 40;
const LEASE_MS = 1500;
const dir = mkdtempSync(join(tmpdir(), "plaudit-whcrash-"));
let child: ReturnType<typeof Bun.spawn> | null = null;
afterAll(() => {
  if (child && child.exitCode === null) child.kill(9);
  rmSync(dir, { recursive: true, force: true });
});

test("every event reaches the receiver after the worker is killed -9 mid-delivery", async () => {
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

  child = Bun.spawn(
    [process.execPath, join(import.meta.dir, "webhooks-crash-worker.ts"), dir, join(dir, "ca.pem"), String(LEASE_MS)],
    { stdout: "pipe", stderr: "inherit" },
  );
  const deadline = Date.now() + 60_000;
  while (!(rx.requests.length >= 8 && open >= 1)) {
    if (Date.now() > deadline) throw new Error(`child made ${rx.requests.length} requests`);
    await Bun.sleep(5);
  }
  const inFlight = open;
  child.kill(9);
  await child.exited;
  expect(child.signalCode).toBe("SIGKILL");

  const delivered = () =>
    deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.status, "delivered")).all().length;
  const atKill = delivered();
  expect(atKill).toBeLessThan(EVENTS);

  const registry = new JobRegistry();
  registerWebhookJobs(registry);
  const workers = startWorkers(deps, registry, { concurrency: 4, pollMs: 20, leaseMs: LEASE_MS });
  const end = Date.now() + 60_000;
  while (delivered() < EVENTS && Date.now() < end) await Bun.sleep(50);
  await workers.stop();

  const received = new Set(rx.requests.map((r) => r.headers["x-svc-event-id"]));
  const missing = ids.filter((id) => !received.has(id));
  console.log(
    `kill -9: ${inFlight} in flight, ${atKill}/${EVENTS} recorded delivered at the kill; after restart ${delivered()}/${EVENTS} delivered, ` +
      `${rx.requests.length} requests received (${rx.requests.length - EVENTS} repeats), ${missing.length} events missing`,
  );
  expect(missing).toEqual([]);
  expect(delivered()).toBe(EVENTS);
  expect(rx.requests.length).toBeGreaterThanOrEqual(EVENTS + inFlight);
  // The attempt the dead worker had open is made again under the same number; none is skipped.
  for (const a of deps.db.select().from(webhookAttempts).all()) expect(a.number).toBe(1);
  rx.stop();
  deps.db.$client.close();
}, 150_000);
