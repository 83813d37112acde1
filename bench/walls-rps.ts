/**
 * Wall pages as served: `GET {site}/b/{slug}` page 1 and page 40 of a brand with 1,000 shown testimonials,
 * beside a static file of the same bytes served by a bare `Bun.serve`, measured in the same run. Pages are kept
 * rendered and compressed (src/domains/walls/page-cache.ts): a request is a lookup; a change costs one render.
 *
 *   bun bench/walls-rps.ts [--testimonials 1000] [--page 40] [--requests 500] [--seconds 5] [--warmup 1]
 *     [--rounds 5] [--connections 8] [--tool wrk|bun] [--smoke]
 *
 * The testimonials are inserted straight into SQLite (one prepared statement, one transaction): written ones with
 * ratings, and every sixth a video with published media and a transcript, approved a second apart. Each page is
 * measured three ways: where the time goes inside one request (the SQLite reads through the visibility rule, with
 * and without the two-second read cache, then the Preact render), sequential `app.handle` latency (as served, and
 * with both caches dropped before each request: a render per request, what a page costs after each change), and
 * requests/s over loopback HTTP as served with the load from another process (wrk
 * when installed, see _harness.ts). Prints the ratios app/static per page and page40/page1.
 */
import { wordsFor } from "../src/platform/i18n/server-words";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { buildApp } from "../src/composition";
import { requestHandler } from "../src/app";
import { brands } from "../src/domains/brands";
import { newId } from "../src/platform/ids";
import { wallPage } from "../src/domains/walls/wall-data";
import { renderWallPage } from "../src/domains/walls/views/wall-page";
import { forgetBrand } from "../src/domains/walls/read-cache";
import { forgetBrandPages } from "../src/domains/walls/page-cache";
import { benchAppliance, drive, loadTool, median, sized, smokeOption } from "./_harness";
import { insertShownTestimonials } from "./_seed";

const { values: args } = parseArgs({
  options: {
    testimonials: { type: "string", default: sized("1000", "60") },
    page: { type: "string", default: sized("40", "2") },
    requests: { type: "string", default: sized("500", "10") },
    seconds: { type: "string", default: sized("5", "0.2") },
    warmup: { type: "string", default: sized("1", "0.05") },
    rounds: { type: "string", default: sized("5", "2") },
    connections: { type: "string", default: sized("8", "4") },
    tool: { type: "string" },
    ...smokeOption,
  },
});
const COUNT = Number(args.testimonials);
const DEEP = Number(args.page);

const appliance = await benchAppliance({ name: "Bench Walls", plan: "plus", mode: "live", key: false });
const { dir, config, deps, org } = appliance;
const brand = deps.db
  .select()
  .from(brands)
  .where(eq(brands.orgId, org.id))
  .all()
  .find((b) => b.mode === "live")!;
deps.db.update(brands).set({ isPublic: true }).where(eq(brands.id, brand.id)).run();

const t0 = performance.now();
insertShownTestimonials(deps, org.id, brand.id, COUNT, newId);
console.log(
  `${COUNT} shown testimonials inserted in ${Math.round(performance.now() - t0)} ms (every sixth a video with a transcript)`,
);

const app = await buildApp(deps, { web: false });
// The handler `plaudit serve` uses (host routing, the fast lane for kept pages, then the app).
const handler = requestHandler(app, deps);
const appServer = Bun.serve({ port: 0, hostname: "127.0.0.1", reusePort: false, fetch: (req) => handler(req) });
const pageUrl = (p: number) => `http://127.0.0.1:${appServer.port}/b/${brand.slug}${p > 1 ? `?page=${p}` : ""}`;

// The same bytes as static files on disk, served by a bare Bun.serve with no routing, database or rendering.
const bytes: Record<number, Uint8Array> = {};
for (const p of [1, DEEP]) {
  const res = await fetch(pageUrl(p));
  bytes[p] = new Uint8Array(await res.arrayBuffer());
  if (res.status !== 200) throw new Error(`page ${p} answered ${res.status}`);
  writeFileSync(join(dir, `page-${p}.html`), bytes[p]!);
}
const staticServer = Bun.serve({
  port: 0,
  hostname: "127.0.0.1",
  reusePort: false,
  fetch: (req) =>
    new Response(Bun.file(join(dir, `page-${new URL(req.url).searchParams.get("p")}.html`)), {
      headers: { "content-type": "text/html; charset=utf-8" },
    }),
});
const staticUrl = (p: number) => `http://127.0.0.1:${staticServer.port}/?p=${p}`;
console.log(`page 1: ${bytes[1]!.length} bytes; page ${DEEP}: ${bytes[DEEP]!.length} bytes (uncompressed HTML)`);

// Where one request's time goes: the reads (summary, one page through the visibility rule, captions) without the
// read cache, the same with it, and the render.
const MICRO = sized(300, 20);
const micro = (fn: () => void, n = MICRO) => {
  for (let i = 0; i < 20; i++) fn();
  const xs: number[] = [];
  for (let i = 0; i < n; i++) {
    const s = performance.now();
    fn();
    xs.push((performance.now() - s) * 1000);
  }
  return median(xs);
};
for (const p of [1, DEEP]) {
  const data = wallPage(deps, brand, p);
  const cold = micro(() => {
    forgetBrand(deps, brand.id);
    wallPage(deps, brand, p);
  });
  const warm = micro(() => wallPage(deps, brand, p));
  const render = micro(() =>
    renderWallPage(data, config.siteUrl, `${config.baseUrl}/public/beacons`, wordsFor("wall", "en")),
  );
  console.log(
    `page ${String(p).padEnd(3)} reads ${cold.toFixed(0).padStart(5)} µs (cached ${warm.toFixed(0)} µs)   render ${render.toFixed(0).padStart(5)} µs   (medians of ${MICRO})`,
  );
}

// Sequential app.handle latency, alternating pages: as served (read cache on), and with every read from SQLite.
const N = Number(args.requests);
for (const cold of [false, true]) {
  const lat: Record<number, number[]> = { 1: [], [DEEP]: [] };
  for (let i = 0; i < N; i++) {
    for (const p of [1, DEEP]) {
      if (cold) {
        forgetBrand(deps, brand.id);
        forgetBrandPages(deps, brand.id);
      }
      const s = performance.now();
      const res = await app.handle(new Request(pageUrl(p)));
      await res.arrayBuffer();
      lat[p]!.push((performance.now() - s) * 1000);
    }
  }
  const m1 = median(lat[1]!),
    mDeep = median(lat[DEEP]!);
  console.log(
    `app.handle${cold ? ", caches dropped (render per request)" : ""}, ${N} alternating requests each: page 1 median ${m1.toFixed(0)} µs, page ${DEEP} median ${mDeep.toFixed(0)} µs, ratio ${(mDeep / m1).toFixed(3)}`,
  );
}

const seconds = Number(args.seconds);
if (seconds > 0) {
  const tool = loadTool(args.tool);
  const connections = Number(args.connections);
  const rounds = Math.max(1, Number(args.rounds));
  const targets = [
    ["static 1", staticUrl(1)],
    ["page 1", pageUrl(1)],
    [`static ${DEEP}`, staticUrl(DEEP)],
    [`page ${DEEP}`, pageUrl(DEEP)],
  ] as const;
  console.log(
    `HTTP: ${connections} connections, ${args.warmup} s warm-up each, then ${seconds} s each in ${rounds} alternating rounds, load from ${tool === "wrk" ? "wrk -t1" : "a Bun fetch loop in a child process"}`,
  );
  if (Number(args.warmup) > 0)
    for (const [, url] of targets) await drive(url, {}, Number(args.warmup), connections, tool);
  const rps: Record<string, number> = {};
  const paired: Record<string, number[]> = { p1: [], pDeep: [] };
  for (let round = 0; round < rounds; round++) {
    const r: Record<string, number> = {};
    for (const [name, url] of targets) {
      const res = await drive(url, {}, seconds / rounds, connections, tool);
      if (res.errors) throw new Error(`${name}: ${res.errors} requests failed`);
      r[name] = res.rps;
      rps[name] = (rps[name] ?? 0) + res.rps / rounds;
    }
    paired.p1!.push(r["page 1"]! / r["static 1"]!);
    paired.pDeep!.push(r[`page ${DEEP}`]! / r[`static ${DEEP}`]!);
  }
  for (const [name] of targets)
    console.log(`${name.padEnd(10)} ${Math.round(rps[name]!).toString().padStart(8)} req/s`);
  console.log(
    `ratio page 1 / static:   ${(rps["page 1"]! / rps["static 1"]!).toFixed(3)}  (median of paired rounds ${median(paired.p1!).toFixed(3)})`,
  );
  console.log(
    `ratio page ${DEEP} / static:  ${(rps[`page ${DEEP}`]! / rps[`static ${DEEP}`]!).toFixed(3)}  (median of paired rounds ${median(paired.pDeep!).toFixed(3)})`,
  );
  console.log(`ratio page ${DEEP} / page 1: ${(rps[`page ${DEEP}`]! / rps["page 1"]!).toFixed(3)}`);
}

appServer.stop(true);
staticServer.stop(true);
appliance.close();
