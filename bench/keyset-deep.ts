/**
 * Keyset pagination deep in a long list: `GET /v1/brands` over 100,000 brands in one organisation and mode,
 * page 1 against page 1,000 (25 rows a page), measured in the same run.
 *
 *   bun bench/keyset-deep.ts [--rows 100000] [--page 1000] [--requests 2000] [--seconds 5] [--warmup 1]
 *     [--rounds 5] [--connections 8] [--tool wrk|bun] [--smoke]
 *
 * The rows are inserted straight into SQLite (one prepared statement, one transaction) with time-ordered ids from
 * `newId`, one per second of made-up history. The cursor of page 1,000 is reached the way a client reaches it:
 * by walking 999 pages through the API. Then each page is measured two ways: N sequential requests through
 * `app.handle` (latency, no network), and requests/s over loopback HTTP with the load from another process (as in
 * brands-rps.ts). The ratio page1000/page1 should be about 1: a keyset page costs the same at any depth. For
 * contrast it also times the same page fetched with OFFSET, which has to step over every earlier row.
 */
import { parseArgs } from "node:util";
import { and, desc, eq } from "drizzle-orm";
import { buildApp } from "../src/composition";
import { brands } from "../src/domains/brands";
import { slugScopeOf } from "../src/domains/brands";
import { newId } from "../src/platform/ids";
import { afterKeyDesc } from "../src/platform/http/pagination";
import { benchAppliance, drive, loadTool, median, sized, smokeOption } from "./_harness";

const { values: args } = parseArgs({
  options: {
    rows: { type: "string", default: sized("100000", "300") },
    page: { type: "string", default: sized("1000", "5") },
    requests: { type: "string", default: sized("2000", "20") },
    seconds: { type: "string", default: sized("5", "0.2") },
    warmup: { type: "string", default: sized("1", "0.05") },
    rounds: { type: "string", default: sized("5", "2") },
    // Few connections: the app answers a few hundred pages a second, and requests still in flight when a
    // 1-second round ends would otherwise be a large share of the round.
    connections: { type: "string", default: sized("8", "4") },
    tool: { type: "string" },
    ...smokeOption,
  },
});
const ROWS = Number(args.rows);
const PAGE = Number(args.page);
const N = Number(args.requests);
const PAGE_SIZE = 25;

const appliance = await benchAppliance({ name: "Deep List Co", plan: "core", mode: "test" });
const { config, deps, org } = appliance;
const headers = { authorization: `Bearer ${appliance.key}` };

// 100,000 brands in the org's test mode, one a second, ending a day ago.
const t0 = performance.now();
const sqlite = deps.db.$client;
const insert = sqlite.prepare(
  "INSERT INTO brands (id, org_id, mode, name, slug, slug_scope, color, is_default, is_public, logo_key, created_at, updated_at) VALUES (?, ?, 'test', ?, ?, ?, '#4f46e5', 0, 0, NULL, ?, ?)",
);
const scope = slugScopeOf(org.id, "test");
const start = Date.now() - 86_400_000 - ROWS * 1000;
sqlite.transaction(() => {
  for (let i = 0; i < ROWS; i++) {
    const at = start + i * 1000;
    insert.run(newId("brand", at), org.id, `Brand ${i}`, `brand-${i}`, scope, at, at);
  }
})();
sqlite.exec("ANALYZE");
const total = (
  sqlite.query("SELECT count(*) AS n FROM brands WHERE org_id = ? AND mode = 'test'").get(org.id) as { n: number }
).n;
console.log(`${total} brands in one org, test mode (inserted in ${Math.round(performance.now() - t0)} ms)`);

// The query plan of the list query, built exactly as listBrands builds it (with a cursor).
const listQuery = deps.db
  .select()
  .from(brands)
  .where(
    and(
      eq(brands.orgId, org.id),
      eq(brands.mode, "test"),
      afterKeyDesc([brands.id], ["brd_zzzzzzzzzzzzzzzzzzzzzzzzzz"]),
    ),
  )
  .orderBy(desc(brands.id))
  .limit(PAGE_SIZE + 1)
  .toSQL();
const plan = (
  sqlite.query(`EXPLAIN QUERY PLAN ${listQuery.sql}`).all(...(listQuery.params as string[])) as { detail: string }[]
).map((r) => r.detail);
console.log(`query plan: ${plan.join("; ")}`);
if (plan.some((d) => /TEMP B-TREE|^SCAN/.test(d)))
  console.log("WARNING: the list query scans or sorts; it needs an index on (org_id, mode, id).");

const app = await buildApp(deps, { web: false });
const get = async (path: string) => {
  const res = await app.handle(new Request(`${config.baseUrl}${path}`, { headers }));
  const body = (await res.json()) as { data: { id: string }[]; next_cursor: string | null };
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
  return body;
};

// Walk to page PAGE the way a client does, checking that no row repeats or goes missing.
const t1 = performance.now();
let cursor: string | null = null;
let last = "~";
for (let p = 1; p < PAGE; p++) {
  const body = await get(`/v1/brands${cursor ? `?cursor=${cursor}` : ""}`);
  for (const row of body.data) {
    if (row.id >= last) throw new Error(`page ${p}: ${row.id} is not older than ${last}`);
    last = row.id;
  }
  if (body.data.length !== PAGE_SIZE || !body.next_cursor)
    throw new Error(`page ${p} has ${body.data.length} rows and cursor ${body.next_cursor}`);
  cursor = body.next_cursor;
}
const deepPath = `/v1/brands?cursor=${cursor}`;
const deep = await get(deepPath);
console.log(
  `walked ${PAGE - 1} pages in ${Math.round(performance.now() - t1)} ms; page ${PAGE} starts at row ${(PAGE - 1) * PAGE_SIZE + 1}: ${deep.data[0]!.id}`,
);

const paths = [
  ["page 1", "/v1/brands"],
  [`page ${PAGE}`, deepPath],
] as const;
const fmt = (n: number) => Math.round(n).toString().padStart(7);

// N sequential requests to each page through app.handle, alternating, so both see the same background load.
for (let i = 0; i < Math.min(200, N); i++) for (const [, path] of paths) await get(path);
const times: number[][] = [[], []];
for (let i = 0; i < N; i++) {
  for (const [j, [, path]] of paths.entries()) {
    const s = performance.now();
    await get(path);
    times[j]!.push((performance.now() - s) * 1000);
  }
}
console.log(`app.handle, ${N} sequential requests to each page (alternating):`);
const medians = times.map(median);
for (const [j, [name]] of paths.entries()) {
  const sorted = [...times[j]!].sort((a, b) => a - b);
  const mean = sorted.reduce((a, b) => a + b, 0) / sorted.length;
  console.log(
    `  ${name.padEnd(10)} median ${fmt(medians[j]!)} µs  p99 ${fmt(sorted[Math.floor(sorted.length * 0.99)]!)} µs  mean ${fmt(mean)} µs  (${fmt(1e6 / mean)} req/s)`,
  );
}
console.log(`  ratio page${PAGE}/page1, median latency: ${(medians[1]! / medians[0]!).toFixed(3)}`);

if (Number(args.seconds) > 0) {
  const tool = loadTool(args.tool);
  const rounds = Math.max(1, Number(args.rounds));
  const server = Bun.serve({ port: 0, hostname: "127.0.0.1", reusePort: false, fetch: (req) => app.handle(req) });
  const base = `http://127.0.0.1:${server.port}`;
  const rps = [0, 0];
  const requests = [0, 0];
  console.log(
    `HTTP over loopback, ${args.connections} connections, ${args.warmup} s warm-up, then ${args.seconds} s each in ${rounds} alternating rounds, load from ${tool}:`,
  );
  if (Number(args.warmup) > 0)
    for (const [, path] of paths)
      await drive(base + path, headers, Number(args.warmup), Number(args.connections), tool);
  const ratios: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const pair: number[] = [];
    for (const [j, [name, path]] of paths.entries()) {
      const r = await drive(base + path, headers, Number(args.seconds) / rounds, Number(args.connections), tool);
      if (r.errors > 0) throw new Error(`${name}: ${r.errors} requests failed`);
      rps[j]! += r.rps / rounds;
      requests[j]! += r.requests;
      pair.push(r.rps);
    }
    ratios.push(pair[1]! / pair[0]!);
  }
  for (const [j, [name]] of paths.entries())
    console.log(`  ${name.padEnd(10)} ${fmt(rps[j]!)} req/s  (${requests[j]} requests)`);
  console.log(
    `  ratio page${PAGE}/page1, req/s: ${(rps[1]! / rps[0]!).toFixed(3)}  (median of the ${rounds} paired rounds: ${median(ratios).toFixed(3)})`,
  );
  server.stop(true);
}

// Contrast: the same rows fetched with LIMIT/OFFSET, straight from SQLite (no HTTP, no JSON).
const byOffset = sqlite.query(
  "SELECT * FROM brands WHERE org_id = ? AND mode = 'test' ORDER BY id DESC LIMIT ? OFFSET ?",
);
const byKey = sqlite.query(
  "SELECT * FROM brands WHERE org_id = ? AND mode = 'test' AND id < ? ORDER BY id DESC LIMIT ?",
);
const offsetRows = byOffset.all(org.id, PAGE_SIZE, (PAGE - 1) * PAGE_SIZE) as { id: string }[];
if (offsetRows[0]!.id !== deep.data[0]!.id) throw new Error("OFFSET and keyset disagree about page " + PAGE);
const time = (fn: () => unknown) => {
  for (let i = 0; i < 50; i++) fn();
  const s = performance.now();
  for (let i = 0; i < 500; i++) fn();
  return ((performance.now() - s) / 500) * 1000;
};
const kDeep = time(() => byKey.all(org.id, last, PAGE_SIZE + 1));
const oFirst = time(() => byOffset.all(org.id, PAGE_SIZE + 1, 0));
const oDeep = time(() => byOffset.all(org.id, PAGE_SIZE + 1, (PAGE - 1) * PAGE_SIZE));
console.log(
  `SQLite alone, page ${PAGE}: keyset ${kDeep.toFixed(1)} µs; OFFSET ${oDeep.toFixed(1)} µs (OFFSET page 1: ${oFirst.toFixed(1)} µs, ${(oDeep / oFirst).toFixed(0)}× slower deep)`,
);

appliance.close();
