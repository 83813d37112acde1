/**
 * Requests per second of `GET /v1/brands` through the real app (Elysia, API-key auth, plan check, SQLite read,
 * JSON), beside a bare `Bun.serve` answering the same JSON bytes, measured in the same run on the same box.
 *
 *   bun bench/brands-rps.ts [--seconds 5] [--warmup 2] [--rounds 5] [--connections 64] [--tool wrk|bun]
 *
 * Both servers listen on 127.0.0.1 (random ports, reusePort false). The load comes from another process: `wrk`
 * when it is on PATH (`apt-get install -y wrk`), else a Bun client loop in a child process (`--client` below;
 * `--tool bun` forces it).
 * Prints requests/s of each and the ratio app/bare: the share of a bare server's throughput the app keeps.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../src/config";
import { createDeps } from "../src/bootstrap";
import { buildApp } from "../src/app";
import { createLogger } from "../src/platform/log";
import { createOrganisation, createApiKey } from "../src/domains/accounts";
import { systemCtx } from "../src/platform/context";

/** One measurement: how many requests answered 2xx in how long. */
export interface LoadResult {
  rps: number;
  requests: number;
  errors: number;
  tool: string;
}

/** Command-line options of both modes (measuring, and `--client` load generation). */
const parseCli = () => parseArgs({
  options: {
    seconds: { type: "string", default: "5" },
    warmup: { type: "string", default: "2" },
    rounds: { type: "string", default: "5" },
    connections: { type: "string", default: "64" },
    tool: { type: "string" },
    client: { type: "boolean", default: false },
    url: { type: "string" },
    header: { type: "string", multiple: true, default: [] },
  },
}).values;
type Cli = ReturnType<typeof parseCli>;

/** Child-process load generator: `--client --url U --seconds S --connections C [--header "k: v"]`; prints JSON. */
async function clientMain(args: Cli) {
  const headers = Object.fromEntries(args.header!.map((h) => [h.slice(0, h.indexOf(":")).trim(), h.slice(h.indexOf(":") + 1).trim()]));
  const end = performance.now() + Number(args.seconds) * 1000;
  let requests = 0;
  let errors = 0;
  const loop = async () => {
    while (performance.now() < end) {
      const res = await fetch(args.url!, { headers });
      await res.arrayBuffer();
      if (res.ok) requests++;
      else errors++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: Number(args.connections) }, loop));
  const secs = (performance.now() - started) / 1000;
  process.stdout.write(JSON.stringify({ rps: requests / secs, requests, errors, tool: "bun-fetch" }) + "\n");
}

/** Parses wrk's summary ("Requests/sec:", "Non-2xx or 3xx responses:", socket errors). */
function parseWrk(out: string): LoadResult {
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const requests = Number(/(\d+) requests in/.exec(out)?.[1]);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const errors = non2xx + (socket ? socket.slice(1).reduce((a, b) => a + Number(b), 0) : 0);
  if (!Number.isFinite(rps)) throw new Error(`could not read wrk's output:\n${out}`);
  return { rps, requests, errors, tool: "wrk" };
}

/** Median of some numbers. */
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The load generator: `wrk` when installed, else the Bun client loop; `--tool wrk|bun` chooses. */
export function loadTool(choice?: string): "wrk" | "bun" {
  if (choice === "wrk" || choice === "bun") return choice;
  if (choice) throw new Error("--tool is wrk or bun");
  return Bun.which("wrk") ? "wrk" : "bun";
}

/** Runs the load generator in its own process against `url` for `seconds`. */
export async function drive(url: string, headers: Record<string, string>, seconds: number, connections: number, tool = loadTool()): Promise<LoadResult> {
  const hdr = Object.entries(headers).map(([k, v]) => `${k}: ${v}`);
  const wrk = tool === "wrk" ? Bun.which("wrk") : null;
  if (tool === "wrk" && !wrk) throw new Error("wrk is not on PATH (apt-get install -y wrk), or use --tool bun");
  const cmd = wrk
    ? [wrk, "-t1", `-c${connections}`, `-d${Math.max(1, Math.round(seconds))}s`, "--latency", ...hdr.flatMap((h) => ["-H", h]), url]
    : [process.execPath, import.meta.path, "--client", "--url", url, "--seconds", String(seconds), "--connections", String(connections), ...hdr.flatMap((h) => ["--header", h])];
  const proc = Bun.spawn(cmd, { stdout: "pipe", stderr: "pipe" });
  const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  if (code !== 0) throw new Error(`load generator failed (${code}): ${err || out}`);
  return wrk ? parseWrk(out) : (JSON.parse(out.trim().split("\n").pop()!) as LoadResult);
}

async function main(args: Cli) {
  const seconds = Number(args.seconds);
  const warmup = Number(args.warmup);
  const connections = Number(args.connections);
  const dir = mkdtempSync(join(tmpdir(), "plaudit-bench-"));
  const config = loadConfig({ PLAUDIT_DATA_DIR: dir, PLAUDIT_BASE_URL: "http://127.0.0.1:3000", PLAUDIT_WORKERS: "0" });
  const deps = createDeps(config, { log: createLogger("silent") });
  const { org } = createOrganisation(deps.db, deps.clock, { name: "Bench Co", plan: "core" });
  const key = createApiKey(deps.db, systemCtx(org.id, "test", deps.clock), { mode: "test", name: "bench" }).secret;
  const app = await buildApp(deps, { web: false });
  // The same server options `plaudit serve` uses.
  const appServer = Bun.serve({ port: 0, hostname: "127.0.0.1", reusePort: false, fetch: (req) => app.handle(req) });
  const headers = { authorization: `Bearer ${key}` };
  const appUrl = `http://127.0.0.1:${appServer.port}/v1/brands`;

  const first = await fetch(appUrl, { headers });
  const bytes = new Uint8Array(await first.arrayBuffer());
  if (first.status !== 200) throw new Error(`GET /v1/brands answered ${first.status}: ${new TextDecoder().decode(bytes)}`);
  const type = first.headers.get("content-type") ?? "application/json";
  const bareServer = Bun.serve({ port: 0, hostname: "127.0.0.1", reusePort: false, fetch: () => new Response(bytes, { headers: { "content-type": type } }) });
  const bareUrl = `http://127.0.0.1:${bareServer.port}/v1/brands`;

  const tool = loadTool(args.tool);
  console.log(`GET /v1/brands: ${bytes.length} bytes of JSON; ${connections} connections, ${warmup} s warm-up, then ${seconds} s each in ${args.rounds} alternating rounds, load from ${tool === "wrk" ? "wrk -t1" : "a Bun fetch loop in a child process"}`);
  // Alternate the two in short rounds so both see the same background load on a shared machine.
  const rounds = Math.max(1, Number(args.rounds));
  const targets = [["bare", bareUrl], ["app", appUrl]] as const;
  const results: Record<string, LoadResult> = { bare: { rps: 0, requests: 0, errors: 0, tool }, app: { rps: 0, requests: 0, errors: 0, tool } };
  if (warmup > 0) for (const [, url] of targets) await drive(url, headers, warmup, connections, tool);
  const ratios: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const rps: Record<string, number> = {};
    for (const [name, url] of targets) {
      const r = await drive(url, headers, seconds / rounds, connections, tool);
      const sum = results[name]!;
      sum.rps += r.rps / rounds;
      sum.requests += r.requests;
      sum.errors += r.errors;
      rps[name] = r.rps;
    }
    ratios.push(rps.app! / rps.bare!);
  }
  for (const [name] of targets) {
    const r = results[name]!;
    console.log(`${name.padEnd(5)} ${Math.round(r.rps).toString().padStart(8)} req/s  (${r.requests} requests, ${r.errors} errors)`);
    if (r.errors > 0) throw new Error(`${name}: ${r.errors} requests failed`);
  }
  console.log(`ratio app/bare: ${(results.app!.rps / results.bare!.rps).toFixed(3)}  (median of the ${rounds} paired rounds: ${median(ratios).toFixed(3)})`);

  appServer.stop(true);
  bareServer.stop(true);
  deps.db.$client.close();
  rmSync(dir, { recursive: true, force: true });
}

if (import.meta.main) {
  const args = parseCli();
  if (args.client) await clientMain(args);
  else await main(args);
}
