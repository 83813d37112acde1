/**
 * The widget document on the CDN address through the real app (host routing, Elysia, the CDN's file serving
 * with stat, ETag and headers), beside a bare `Bun.serve` answering a static file of the same bytes: requests per
 * second and p99 latency of each, measured in the same run, in alternating rounds; then the embed script's size
 * as served (gzipped), against its 12 KB budget.
 *
 *   bun bench/widgets-document.ts [--items 24] [--seconds 5] [--warmup 2] [--rounds 5] [--connections 64] [--tool wrk|bun] [--smoke]
 *
 * The document holds `--items` written testimonials (about 300 bytes each). Load comes from another process:
 * `wrk --latency` when on PATH, else a Bun client loop in a child process that times each request (`_harness.ts`).
 */
import { join } from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { requestHandler } from "../src/app";
import { buildApp } from "../src/composition";
import { publishWidget } from "../src/domains/widgets";
import { findWidgetBundle, wrapScript } from "../src/domains/widgets/script";
import { loadWebAssets } from "../src/platform/http/web-assets";
import { benchAppliance, drive, loadTool, median, sized, smokeOption, type LoadResult } from "./_harness";

const args = parseArgs({
  options: {
    items: { type: "string", default: sized("24", "3") },
    seconds: { type: "string", default: sized("5", "0.2") },
    warmup: { type: "string", default: sized("2", "0.05") },
    rounds: { type: "string", default: sized("5", "2") },
    connections: { type: "string", default: sized("64", "4") },
    tool: { type: "string" },
    ...smokeOption,
  },
}).values;

async function main() {
  const appliance = await benchAppliance({ name: "Bench Co", plan: "core", mode: "live" });
  const { dir, config, deps, key } = appliance;
  const app = await buildApp(deps);
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
  for (let i = 0; i < Number(args.items); i++) {
    const text = `Testimonial ${i}: the onboarding took an afternoon, support answered within the hour, and our landing page converts noticeably better since we added video stories from real customers.`;
    const { submission_id: id } = await call(
      "POST",
      `/public/links/${link.id}/submissions`,
      {
        kind: "text",
        respondent: { name: `Customer ${i}`, title: "Head of Growth", company: "Globex" },
        text,
        rating: 5,
        consent,
      },
      false,
    );
    await call("POST", `/v1/submissions/${id}/approve`);
    await call("POST", `/v1/submissions/${id}/visibility`, { is_public: true });
  }
  const widget = await call("POST", "/v1/widgets", { brand_id: brand, max_items: 50 });
  publishWidget(deps, widget.id);
  const appServer = Bun.serve({ port: 0, hostname: "127.0.0.1", reusePort: false, fetch: handle });
  const path = new URL(widget.document_url).pathname;
  const appUrl = `http://127.0.0.1:${appServer.port}${path}`;
  const first = await fetch(appUrl);
  const bytes = new Uint8Array(await first.arrayBuffer());
  if (first.status !== 200) throw new Error(`the document answered ${first.status}`);
  const type = first.headers.get("content-type")!;
  // The baseline: the same bytes as a static file, served by a bare Bun.serve with no routing or headers to make.
  const staticFile = join(dir, "static.json");
  await Bun.write(staticFile, bytes);
  const bareServer = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    reusePort: false,
    fetch: () => new Response(Bun.file(staticFile), { headers: { "content-type": type } }),
  });
  const bareUrl = `http://127.0.0.1:${bareServer.port}${path}`;

  const tool = loadTool(args.tool);
  const seconds = Number(args.seconds);
  const rounds = Math.max(1, Number(args.rounds));
  console.log(
    `widget document: ${bytes.length} bytes, ${args.items} testimonials; ${args.connections} connections, ${args.warmup} s warm-up, ${seconds} s each in ${rounds} alternating rounds; load from ${tool === "wrk" ? "wrk -t1 --latency" : "a Bun fetch loop in a child process"}`,
  );
  const targets = [
    ["bare", bareUrl],
    ["app", appUrl],
  ] as const;
  const connections = Number(args.connections);
  if (Number(args.warmup) > 0)
    for (const [, url] of targets) await drive(url, {}, Number(args.warmup), connections, tool);
  const runs: Record<string, LoadResult[]> = { bare: [], app: [] };
  for (let r = 0; r < rounds; r++)
    for (const [name, url] of targets) runs[name]!.push(await drive(url, {}, seconds / rounds, connections, tool));
  const sum = (name: string) => {
    const rs = runs[name]!;
    const errors = rs.reduce((n, x) => n + x.non2xx, 0);
    if (errors) throw new Error(`${name}: ${errors} requests failed`);
    return { rps: rs.reduce((n, x) => n + x.rps, 0) / rs.length, p99: median(rs.map((x) => x.p99ms)) };
  };
  const bare = sum("bare");
  const appR = sum("app");
  for (const [name, r] of [
    ["bare", bare],
    ["app", appR],
  ] as const) {
    console.log(
      `${name.padEnd(5)} ${Math.round(r.rps).toString().padStart(8)} req/s   p99 ${r.p99.toFixed(2)} ms (median of rounds)`,
    );
  }
  console.log(
    `ratio app/bare: throughput ${(appR.rps / bare.rps).toFixed(3)}, p99 latency ${(appR.p99 / bare.p99).toFixed(2)}x`,
  );

  const bundle = findWidgetBundle(await loadWebAssets());
  if (!bundle) throw new Error("the widget bundle was not built");
  const served = wrapScript(await Bun.file(bundle.path).text());
  const gz = gzipSync(served.plain, { level: 9 }).length;
  console.log(
    `embed script: ${served.plain.length} bytes, ${gz} bytes gzipped (${(gz / 1024).toFixed(1)} KB of the 12 KB budget; Senja's embed ~65 KB, Testimonial.to's ~125 KB, as quoted in the issue)`,
  );

  appServer.stop(true);
  bareServer.stop(true);
  appliance.close();
}

await main();
