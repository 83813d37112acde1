/**
 * Webhook delivery speed through the real path (event → fan-out row in SQLite → worker claims it under a lease on
 * the row → URL check and resolution → signed https POST → attempt recorded), beside a bare loop of signed `fetch`
 * calls to the same https receiver on 127.0.0.1, measured in the same run.
 *
 *   bun bench/webhooks-throughput.ts [--events 2000] [--concurrency 2,8] [--rounds 3] [--latency-events 200] [--interval-ms 20] [--poll 1000,50] [--smoke]
 *
 * Throughput: `--events` events are emitted, then the workers deliver them all; deliveries/s against the bare
 * loop's requests/s at the same concurrency. Each concurrency runs `--rounds` rounds, bare and Plaudit
 * alternately; the line gives the median ratio of the rounds and their spread, and the process's CPU time
 * (user + system, receiver included on both sides) per delivery and per bare request, medians. Latency: events
 * are emitted every `--interval-ms` while the workers run; time from the event's creation to its request arriving
 * at the receiver, p50 and p99, for each worker poll interval (serve's default is 1000 ms), against the bare
 * loop's time from signing to arrival.
 */
import { parseArgs } from "node:util";
import { count, eq } from "drizzle-orm";
import { emit } from "../src/platform/events/emit";
import { JobRegistry, startWorkers } from "../src/platform/jobs/worker";
import { registerWebhookJobs, webhookDeliveries } from "../src/domains/webhooks";
import { deliveryHeaders } from "../src/domains/webhooks/signing";
import { createEndpoint } from "../src/domains/webhooks/endpoint-service";
import { makeCert, startReceiver, tableResolver } from "../test/integration/webhooks-receiver";
import { benchAppliance, median, percentile, sized, smokeOption } from "./_harness";

const args = parseArgs({
  options: {
    events: { type: "string", default: sized("2000", "40") },
    concurrency: { type: "string", default: "2,8" },
    rounds: { type: "string", default: sized("3", "1") },
    "latency-events": { type: "string", default: sized("200", "10") },
    "interval-ms": { type: "string", default: sized("20", "5") },
    poll: { type: "string", default: sized("1000,50", "50,10") },
    ...smokeOption,
  },
}).values;
const EVENTS = Number(args.events);
const CONCURRENCY = args.concurrency!.split(",").map(Number);
const ROUNDS = Math.max(1, Number(args.rounds));
const LAT_EVENTS = Number(args["latency-events"]);
const INTERVAL = Number(args["interval-ms"]);
const POLLS = args.poll!.split(",").map(Number);

const cert = makeCert();
const arrivals = new Map<string, number>();
/** Webhook requests received so far (the bare loop's are not counted). */
let hookArrivals = 0;
const rx = startReceiver(cert, (req) => {
  if (req.path !== "/bare") hookArrivals++;
  arrivals.set(req.headers["x-svc-event-id"]!, performance.timeOrigin + performance.now());
  return new Response("ok");
});
const fmt = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));

/** A fresh appliance with one org and one endpoint pointing at the receiver. */
async function appliance() {
  const a = await benchAppliance({
    name: "Bench",
    plan: "core",
    mode: "live",
    key: false,
    env: { PLAUDIT_WEBHOOKS_ALLOW_PRIVATE: "1" },
    log: "error",
    dirPrefix: "plaudit-whbench-",
  });
  const { deps, ctx } = a;
  deps.webhooks = { ...deps.webhooks, ca: cert.cert, resolve: tableResolver({ "hooks.example": ["127.0.0.1"] }) };
  await createEndpoint(deps, ctx, { url: rx.url("/bench"), events: ["submission.created"] });
  const registry = new JobRegistry();
  registerWebhookJobs(registry);
  const delivered = () =>
    deps.db.select({ n: count() }).from(webhookDeliveries).where(eq(webhookDeliveries.status, "delivered")).get()!.n;
  const arrivedAtStart = hookArrivals;
  /**
   * Waits until `n` deliveries have succeeded; fails when none succeeds for 30 s (a broken path, not a slow one).
   * The delivered count (a scan of the deliveries) is read only once `n` requests have arrived, so the poll does
   * not take CPU from the workers it times.
   */
  const allDelivered = async (n: number) => {
    let seen = -1;
    let since = performance.now();
    const done = () => (hookArrivals - arrivedAtStart < n ? hookArrivals - arrivedAtStart - n : delivered());
    for (let d = done(); d < n; d = done()) {
      if (d !== seen) [seen, since] = [d, performance.now()];
      else if (performance.now() - since > 30_000)
        throw new Error(`webhook deliveries stalled at ${delivered()} of ${n}`);
      await Bun.sleep(20);
    }
  };
  return { deps, ctx, registry, allDelivered, close: a.close };
}

/** Microseconds of this process's CPU (user + system) since `from` (a `process.cpuUsage()`). */
const cpuSince = (from: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(from);
  return d.user + d.system;
};

/**
 * The baseline: `concurrency` loops of sign + fetch to the same receiver; requests/s and sign→arrival times. Each
 * sends what a delivery sends (the contract's headers, signed, and a body the size of an envelope), as a sender
 * written by hand would: with 3 headers instead of the contract's 7, the same loop runs ~10–20 % faster, as the
 * receiver parses fewer.
 */
async function bareLoop(total: number, concurrency: number) {
  const endpoint = { secret: "whsec_bench", previousSecret: null, previousSecretExpiresAt: null };
  let next = 0;
  const lat: number[] = [];
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const n = next++;
        const id = `evt_bare_${String(n).padStart(18, "0")}`;
        const t0 = performance.timeOrigin + performance.now();
        const body = JSON.stringify({
          id,
          type: "submission.created",
          api_version: "v1",
          created_at: new Date().toISOString(),
          org_id: "org_bench00000000000000000000",
          mode: "live",
          data: { id: `sub_${n}` },
        });
        const delivery = { id: `whd_bare_${n}`, eventId: id, eventType: "submission.created", body };
        const res = await fetch(`https://127.0.0.1:${rx.port}/bare`, {
          method: "POST",
          body,
          redirect: "manual",
          signal: AbortSignal.timeout(10_000),
          headers: deliveryHeaders("https://bench.example/docs", endpoint, delivery, 1, Date.now()),
          tls: { ca: cert.cert, serverName: "hooks.example" },
        } as RequestInit);
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`the receiver answered ${res.status}`);
        lat.push(arrivals.get(id)! - t0);
      }
    }),
  );
  const rps = total / ((performance.now() - started) / 1000);
  return { rps, cpuUs: cpuSince(cpu) / total, p50: percentile(lat, 50), p99: percentile(lat, 99) };
}

/** Emits `EVENTS` events, then times the workers delivering all of them. */
async function throughput(concurrency: number) {
  const a = await appliance();
  for (let i = 0; i < EVENTS; i++) emit(a.deps, a.ctx, "submission.created", { id: `sub_${i}` });
  const cpu = process.cpuUsage();
  const started = performance.now();
  const workers = startWorkers(a.deps, a.registry, { concurrency, pollMs: 5 });
  await a.allDelivered(EVENTS);
  const seconds = (performance.now() - started) / 1000;
  const cpuUs = cpuSince(cpu) / EVENTS;
  await workers.stop();
  a.close();
  return { rps: EVENTS / seconds, cpuUs };
}

/** Emits an event every INTERVAL ms with the workers running; event creation → arrival at the receiver. */
async function latency(pollMs: number) {
  const a = await appliance();
  const workers = startWorkers(a.deps, a.registry, { concurrency: 2, pollMs });
  const made: { id: string; at: number }[] = [];
  for (let i = 0; i < LAT_EVENTS; i++) {
    const e = emit(a.deps, a.ctx, "submission.created", { id: `lat_${i}` });
    made.push({ id: e.id, at: e.createdAt });
    await Bun.sleep(INTERVAL);
  }
  await a.allDelivered(LAT_EVENTS);
  await workers.stop();
  a.close();
  const lat = made.map((m) => arrivals.get(m.id)! - m.at);
  return { p50: percentile(lat, 50), p99: percentile(lat, 99) };
}

await bareLoop(sized(200, 20), 4);
console.log(`Webhook delivery, https receiver on 127.0.0.1 (${EVENTS} events per throughput run)\n`);
console.log(
  `concurrency  plaudit deliveries/s  bare signed fetch req/s  ratio (median of ${ROUNDS}, spread)  CPU µs plaudit / bare`,
);
for (const c of CONCURRENCY) {
  const rounds: { ours: number; bare: number; ratio: number; oursCpu: number; bareCpu: number }[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const bare = await bareLoop(EVENTS, c);
    const ours = await throughput(c);
    rounds.push({
      ours: ours.rps,
      bare: bare.rps,
      ratio: ours.rps / bare.rps,
      oursCpu: ours.cpuUs,
      bareCpu: bare.cpuUs,
    });
  }
  const ratios = rounds.map((r) => r.ratio);
  const mid = [...rounds].sort((x, y) => x.ratio - y.ratio)[Math.floor(rounds.length / 2)]!;
  const spread = `${Math.min(...ratios).toFixed(3)}–${Math.max(...ratios).toFixed(3)}`;
  const cpu = `${fmt(median(rounds.map((r) => r.oursCpu)))} / ${fmt(median(rounds.map((r) => r.bareCpu)))}`;
  console.log(
    `${String(c).padStart(11)}  ${fmt(mid.ours).padStart(20)}  ${fmt(mid.bare).padStart(23)}  ${`${mid.ratio.toFixed(3)} (${spread})`.padStart(30)}  ${cpu}`,
  );
}
const bare = await bareLoop(LAT_EVENTS, 1);
console.log(
  `\nEvent → first attempt arriving (${LAT_EVENTS} events, one every ${INTERVAL} ms, 2 workers); bare = sign → arrival`,
);
console.log(`bare signed fetch       p50 ${fmt(bare.p50)} ms  p99 ${fmt(bare.p99)} ms`);
for (const poll of POLLS) {
  const l = await latency(poll);
  console.log(
    `plaudit (poll ${String(poll).padStart(4)} ms)  p50 ${fmt(l.p50)} ms  p99 ${fmt(l.p99)} ms   ratio p50 ${(l.p50 / bare.p50).toFixed(1)}x  p99 ${(l.p99 / bare.p99).toFixed(1)}x`,
  );
}
rx.stop();
process.exit(0);
