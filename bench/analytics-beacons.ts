/**
 * Analytics beacons accepted per second by the real app (`POST /public/beacons`: root hooks, the bounded body
 * parse, the strict check, the privacy, bot and flood rules, the target lookup and the in-memory batch, with the
 * batch flushed to SQLite in one transaction every second), beside a bare `Bun.serve` that reads the same body
 * and answers 204, measured in the same run in alternating rounds.
 *
 *   bun bench/analytics-beacons.ts [--seconds 5] [--warmup 2] [--rounds 5] [--connections 64] [--tool wrk|bun] [--smoke]
 *
 * Each beacon is what a page sends when a widget comes into view: the widget and three of its cards seen (four
 * events). Every request carries another visitor address (`X-Forwarded-For` from a trusted proxy on 127.0.0.1,
 * random addresses of 198.18.0.0/15, the range set aside for benchmarks, never contacted), so the per-visitor limit does not turn the
 * load away and every beacon is counted. Afterwards the counts written are checked against the beacons answered,
 * and the write cost is printed: flushes (transactions) and rows written, against the events counted.
 *
 * Load: `wrk` with a Lua script (POST with a body and a header per request) when on PATH; else (and in smoke mode)
 * a fetch loop in this process, which costs both servers the same.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { requestHandler } from "../src/app";
import { buildApp } from "../src/composition";
import { collectorOf, flushAnalytics } from "../src/domains/analytics";
import { benchAppliance, loadTool, median, sized, smokeOption } from "./_harness";

const args = parseArgs({
  options: {
    seconds: { type: "string", default: sized("5", "0.2") },
    warmup: { type: "string", default: sized("2", "0.05") },
    rounds: { type: "string", default: sized("5", "2") },
    connections: { type: "string", default: sized("64", "4") },
    tool: { type: "string" },
    ...smokeOption,
  },
}).values;

const UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const ORIGIN = "https://shop.example";

interface Result {
  rps: number;
  errors: number;
}

/** wrk with a Lua script: POST `body` as text/plain, another documentation-range visitor address each request. */
async function wrkPost(url: string, body: string, seconds: number, connections: number): Promise<Result> {
  const dir = mkdtempSync(join(tmpdir(), "plaudit-beacon-wrk-"));
  const script = join(dir, "post.lua");
  writeFileSync(
    script,
    [
      'wrk.method = "POST"',
      `wrk.body = ${JSON.stringify(body)}`,
      'wrk.headers["Content-Type"] = "text/plain;charset=UTF-8"',
      `wrk.headers["User-Agent"] = ${JSON.stringify(UA)}`,
      `wrk.headers["Origin"] = ${JSON.stringify(ORIGIN)}`,
      "request = function()",
      '  wrk.headers["X-Forwarded-For"] = string.format("198.%d.%d.%d", math.random(18, 19), math.random(0, 255), math.random(0, 255))',
      "  return wrk.format()",
      "end",
    ].join("\n"),
  );
  const proc = Bun.spawn(
    ["wrk", "-t1", `-c${connections}`, `-d${Math.max(1, Math.round(seconds))}s`, "-s", script, url],
    {
      stdout: "pipe",
      stderr: "pipe",
    },
  );
  const [out, code] = await Promise.all([new Response(proc.stdout).text(), proc.exited]);
  rmSync(dir, { recursive: true, force: true });
  if (code !== 0) throw new Error(`wrk failed: ${out}`);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const errors = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  return { rps, errors };
}

/** A fetch loop in this process (smoke mode, or no wrk). */
async function fetchPost(url: string, body: string, seconds: number, connections: number): Promise<Result> {
  const end = performance.now() + seconds * 1000;
  let done = 0;
  let errors = 0;
  const loop = async () => {
    while (performance.now() < end) {
      const xff = `198.${18 + Math.floor(Math.random() * 2)}.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;
      const res = await fetch(url, {
        method: "POST",
        body,
        headers: {
          "content-type": "text/plain;charset=UTF-8",
          "user-agent": UA,
          origin: ORIGIN,
          "x-forwarded-for": xff,
        },
      });
      await res.arrayBuffer();
      if (res.status === 204) done++;
      else errors++;
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: connections }, loop));
  return { rps: done / ((performance.now() - t0) / 1000), errors };
}

async function main() {
  const appliance = await benchAppliance({
    name: "Bench Co",
    plan: "core",
    mode: "live",
    env: { PLAUDIT_TRUSTED_PROXIES: "127.0.0.1" },
  });
  const { config, deps, key } = appliance;
  const app = await buildApp(deps, { web: false });
  const handle = requestHandler(app, deps);
  const call = async (method: string, path: string, body?: unknown, auth = true) => {
    const res = await handle(
      new Request(`${config.baseUrl}${path}`, {
        method,
        body: body ? JSON.stringify(body) : undefined,
        headers: { "content-type": "application/json", ...(auth ? { authorization: `Bearer ${key}` } : {}) },
      }),
    );
    const answer = (await res.json()) as any;
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(answer)}`);
    return answer;
  };
  const brand = (await call("GET", "/v1/brands")).data[0].id;
  const consent = { agreed: true, text: "I agree.", version: "1" };
  const link = await call("POST", `/v1/brands/${brand}/links`, {
    title: "Bench",
    prompts: [{ text: "How was it?" }],
    consent_text: consent.text,
    consent_version: consent.version,
  });
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) {
    const { submission_id: id } = await call(
      "POST",
      `/public/links/${link.id}/submissions`,
      {
        kind: "text",
        respondent: { name: `Customer ${i}` },
        text: `Testimonial ${i}: it worked well for us.`,
        consent,
      },
      false,
    );
    await call("POST", `/v1/submissions/${id}/approve`);
    await call("POST", `/v1/submissions/${id}/visibility`, { is_public: true });
    ids.push(id);
  }
  const widget = await call("POST", "/v1/widgets", { brand_id: brand });
  const body = JSON.stringify({
    widget_id: widget.id,
    events: [{ type: "view" }, ...ids.map((id) => ({ type: "view", submission_id: id }))],
  });

  const appServer = Bun.serve({ port: 0, hostname: "127.0.0.1", reusePort: false, fetch: handle });
  const bareServer = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    reusePort: false,
    fetch: async (req) => {
      await req.text();
      return new Response(null, { status: 204 });
    },
  });
  const targets = [
    ["bare", `http://127.0.0.1:${bareServer.port}/public/beacons`],
    ["app", `http://127.0.0.1:${appServer.port}/public/beacons`],
  ] as const;
  const tool = loadTool(args.tool);
  const drive = tool === "wrk" ? wrkPost : fetchPost;
  const seconds = Number(args.seconds);
  const rounds = Math.max(1, Number(args.rounds));
  const connections = Number(args.connections);
  console.log(
    `beacons of 4 events (the widget and 3 cards seen), ${body.length} bytes; ${connections} connections, ${args.warmup} s warm-up, ${seconds} s each in ${rounds} alternating rounds; load from ${tool === "wrk" ? "wrk -t1 with a Lua POST script" : "a fetch loop in this process"}`,
  );
  if (Number(args.warmup) > 0) for (const [, url] of targets) await drive(url, body, Number(args.warmup), connections);
  const collector = collectorOf(deps);
  const before = { ...collector.stats };
  const answered = () =>
    (
      deps.db.$client
        .query("SELECT coalesce(sum(count), 0) AS n FROM analytics_daily WHERE kind = 'view' AND submission_id = ''")
        .get() as { n: number }
    ).n;
  flushAnalytics(deps);
  const countedBefore = answered();
  const runs: Record<string, Result[]> = { bare: [], app: [] };
  for (let r = 0; r < rounds; r++)
    for (const [name, url] of targets) runs[name]!.push(await drive(url, body, seconds / rounds, connections));
  flushAnalytics(deps);
  for (const [name, rs] of Object.entries(runs)) {
    const errors = rs.reduce((n, x) => n + x.errors, 0);
    if (errors) throw new Error(`${name}: ${errors} beacons were not answered 204`);
  }
  const rps = (name: string) => median(runs[name]!.map((x) => x.rps));
  const bare = rps("bare");
  const appR = rps("app");
  const counted = answered() - countedBefore;
  const flushes = collector.stats.flushes - before.flushes;
  const rows = collector.stats.rows - before.rows;
  console.log(`bare  ${Math.round(bare).toString().padStart(8)} beacons/s (median of rounds)`);
  console.log(
    `app   ${Math.round(appR).toString().padStart(8)} beacons/s (median of rounds), ${Math.round(appR * 4)} events/s`,
  );
  console.log(
    `writes: ${counted} beacons counted in ${flushes} transactions, ${rows} rows upserted (${counted ? ((rows / (counted * 4)) * 100).toFixed(2) : "0"}% of the ${counted * 4} events)`,
  );
  console.log(`ratio app/bare: throughput ${(appR / bare).toFixed(3)}`);
  appServer.stop(true);
  bareServer.stop(true);
  appliance.close();
}

await main();
