/**
 * Requests per second of `GET /v1/brands` through the real app (Elysia, API-key auth, plan check, SQLite read,
 * JSON), beside a bare `Bun.serve` answering the same JSON bytes, measured in the same run on the same box.
 *
 *   bun bench/brands-rps.ts [--seconds 5] [--warmup 2] [--rounds 5] [--connections 64] [--tool wrk|bun] [--smoke]
 *
 * Both servers listen on 127.0.0.1 (random ports, reusePort false). The load comes from another process: `wrk`
 * when it is on PATH (`apt-get install -y wrk`), else a Bun client loop in a child process (see `_harness.ts`;
 * `--tool bun` forces it).
 * Prints requests/s of each and the ratio app/bare: the share of a bare server's throughput the app keeps.
 */
import { parseArgs } from "node:util";
import { buildApp } from "../src/composition";
import { benchAppliance, drive, loadTool, median, sized, smokeOption, type LoadResult } from "./_harness";

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

const seconds = Number(args.seconds);
const warmup = Number(args.warmup);
const connections = Number(args.connections);
const a = await benchAppliance({ name: "Bench Co", plan: "core", mode: "test" });
const app = await buildApp(a.deps, { web: false });
// The same server options `plaudit serve` uses.
const appServer = Bun.serve({ port: 0, hostname: "127.0.0.1", reusePort: false, fetch: (req) => app.handle(req) });
const headers = { authorization: `Bearer ${a.key}` };
const appUrl = `http://127.0.0.1:${appServer.port}/v1/brands`;

const first = await fetch(appUrl, { headers });
const bytes = new Uint8Array(await first.arrayBuffer());
if (first.status !== 200)
  throw new Error(`GET /v1/brands answered ${first.status}: ${new TextDecoder().decode(bytes)}`);
const type = first.headers.get("content-type") ?? "application/json";
const bareServer = Bun.serve({
  port: 0,
  hostname: "127.0.0.1",
  reusePort: false,
  fetch: () => new Response(bytes, { headers: { "content-type": type } }),
});
const bareUrl = `http://127.0.0.1:${bareServer.port}/v1/brands`;

const tool = loadTool(args.tool);
console.log(
  `GET /v1/brands: ${bytes.length} bytes of JSON; ${connections} connections, ${warmup} s warm-up, then ${seconds} s each in ${args.rounds} alternating rounds, load from ${tool === "wrk" ? "wrk -t1" : "a Bun fetch loop in a child process"}`,
);
// Alternate the two in short rounds so both see the same background load on a shared machine.
const rounds = Math.max(1, Number(args.rounds));
const targets = [
  ["bare", bareUrl],
  ["app", appUrl],
] as const;
const results: Record<string, Pick<LoadResult, "rps" | "requests" | "errors">> = {
  bare: { rps: 0, requests: 0, errors: 0 },
  app: { rps: 0, requests: 0, errors: 0 },
};
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
  console.log(
    `${name.padEnd(5)} ${Math.round(r.rps).toString().padStart(8)} req/s  (${r.requests} requests, ${r.errors} errors)`,
  );
  if (r.errors > 0) throw new Error(`${name}: ${r.errors} requests failed`);
}
console.log(
  `ratio app/bare: ${(results.app!.rps / results.bare!.rps).toFixed(3)}  (median of the ${rounds} paired rounds: ${median(ratios).toFixed(3)})`,
);

appServer.stop(true);
bareServer.stop(true);
a.close();
