/**
 * Resident memory of the executable (`dist/plaudit serve`) on a large and a small data directory: after the port
 * answers, after a burst of mixed public requests, and after an idle period; beside a bare `Bun.serve` process
 * measured the same way in the same run.
 *
 *   bun bench/memory-idle.ts [--testimonials 20000] [--widgets 200] [--requests 10000] [--idle 60]
 *     [--connections 16] [--bin dist/plaudit] [--only large|small|bare] [--smaps] [--smoke]
 *
 * Without `--bin`, `dist/plaudit` when it is built (`bun scripts/build.ts`), else `bun src/main.ts`.
 *
 * `--idle` (or `PLAUDIT_BENCH_IDLE_SECONDS`) shortens the idle wait for quick runs. Data directories (seeded by
 * _seed.ts): large = one public brand with `--testimonials` shown testimonials (every sixth a video) and
 * `--widgets` published widgets; small = the same brand with 20 testimonials and 2 widgets. The burst is
 * `--requests` requests from this process, `--connections` at a time, cycling through: the wall's page 1, a wall
 * page deeper in (pages 2–40), a widget document, its HTML fragment, and the embed script (each must answer 2xx).
 * RSS is VmRSS of /proc/<pid>/status; peak is VmHWM. Prints MiB and the ratios large/small and large/bare.
 * `--only` measures one of the three (no ratios); `--smaps` also prints where each server's resident memory is
 * after start and after the idle wait, from /proc/<pid>/smaps: anonymous (the allocators' heaps, JIT, SQLite) and
 * file-backed (the executable's pages, libraries).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { sized, smokeOption } from "./_harness";
import { seedDataDir, type Seeded } from "./_seed";

const { values: args } = parseArgs({
  options: {
    testimonials: { type: "string", default: sized("20000", "300") },
    widgets: { type: "string", default: sized("200", "4") },
    requests: { type: "string", default: sized("10000", "200") },
    idle: { type: "string", default: process.env.PLAUDIT_BENCH_IDLE_SECONDS ?? sized("60", "1") },
    connections: { type: "string", default: sized("16", "4") },
    bin: { type: "string" },
    only: { type: "string" },
    smaps: { type: "boolean", default: false },
    ...smokeOption,
  },
});
const root = resolve(import.meta.dir, "..");
// The executable when built (what the figures are about); else the program from source, so a smoke run in CI
// works without a build (its figures then include Bun's transpiler).
const binary = resolve(root, args.bin ?? "dist/plaudit");
const command = args.bin || existsSync(binary) ? [binary] : [process.execPath, join(root, "src/main.ts")];
const bin = command.join(" ");

/** A port nobody listens on right now. */
function freePort(): number {
  const s = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
  const port = s.port!;
  s.stop(true);
  return port;
}

/** VmRSS and VmHWM of a process, in MiB. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);
  return { rss: kib("VmRSS") / 1024, peak: kib("VmHWM") / 1024 };
}

/** Resident MiB by kind from /proc/<pid>/smaps: anonymous, the executable's own pages, other files. */
function smapsOf(pid: number, exe: string): string {
  let anon = 0;
  let exePages = 0;
  let files = 0;
  let name = "";
  for (const line of readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n")) {
    const head = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      name = head[1]!;
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (!rss) continue;
    const kib = Number(rss[1]);
    if (name === "" || name.startsWith("[")) anon += kib;
    else if (name === exe) exePages += kib;
    else files += kib;
  }
  const mib = (k: number) => (k / 1024).toFixed(1);
  return `anonymous ${mib(anon)} MiB, executable ${mib(exePages)} MiB, other files ${mib(files)} MiB`;
}

/** Starts a command and waits for `/healthz` (or `/`) to answer 200. */
async function start(cmd: string[], env: Record<string, string | undefined>, port: number, probe: string) {
  const child = Bun.spawn(cmd, { cwd: root, env, stdout: "ignore", stderr: "pipe" });
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`${cmd.join(" ")} exited (${child.exitCode}): ${await new Response(child.stderr).text()}`);
    try {
      const r = await fetch(`http://127.0.0.1:${port}${probe}`);
      await r.arrayBuffer();
      if (r.status === 200) return child;
    } catch {
      // Not listening yet.
    }
    if (performance.now() - started > 60_000) throw new Error(`${cmd.join(" ")} did not answer within 60 s`);
    await Bun.sleep(5);
  }
}

/** Sends `n` requests, `connections` at a time, cycling through `urls`; throws on any non-2xx answer. */
async function burst(urls: string[], n: number, connections: number) {
  let next = 0;
  const loop = async () => {
    for (let i = next++; i < n; i = next++) {
      const url = urls[i % urls.length]!;
      const res = await fetch(url, { headers: { "accept-encoding": i % 2 ? "gzip, br" : "identity" } });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    }
  };
  await Promise.all(Array.from({ length: connections }, loop));
}

interface Figures {
  start: number;
  burst: number;
  idle: number;
  peak: number;
}

const N = Number(args.requests);
const IDLE = Number(args.idle);
const CONNECTIONS = Number(args.connections);

/** One server's memory: after start, after the burst, after the idle wait. */
async function measure(
  label: string,
  cmd: string[],
  env: Record<string, string | undefined>,
  port: number,
  urls: string[],
  probe: string,
): Promise<Figures> {
  const child = await start(cmd, env, port, probe);
  try {
    await Bun.sleep(sized(2000, 200)); // What start-up leaves for later (warm-ups, the self-test's delay) happens.
    const start_ = memoryOf(child.pid).rss;
    const smapsStart = args.smaps ? smapsOf(child.pid, cmd[0]!) : "";
    await burst(urls, N, CONNECTIONS);
    const burst_ = memoryOf(child.pid).rss;
    await Bun.sleep(IDLE * 1000);
    const m = memoryOf(child.pid);
    if (args.smaps)
      console.log(`  smaps ${label}: after start ${smapsStart}; after idle ${smapsOf(child.pid, cmd[0]!)}`);
    return { start: start_, burst: burst_, idle: m.rss, peak: m.peak };
  } finally {
    child.kill();
    await child.exited;
  }
}

function appRun(label: string, seeded: Seeded) {
  const port = freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    PLAUDIT_DATA_DIR: seeded.dir,
    PLAUDIT_PORT: String(port),
    PLAUDIT_HOST: "127.0.0.1",
    PLAUDIT_BASE_URL: base,
    PLAUDIT_LOG_LEVEL: "error",
  };
  const pages = Math.max(1, Math.min(40, Math.floor(seeded.testimonials / 25)));
  const urls: string[] = [];
  for (let i = 0; i < 40; i++) {
    const w = seeded.widgetIds[i % seeded.widgetIds.length]!;
    urls.push(`${base}/b/${seeded.brandSlug}`);
    urls.push(`${base}/b/${seeded.brandSlug}${pages > 1 ? `?page=${2 + (i % (pages - 1))}` : ""}`);
    urls.push(`${base}/cdn/widgets/${w}.json`);
    urls.push(`${base}/cdn/widgets/${seeded.widgetIds[(i * 7 + 3) % seeded.widgetIds.length]}.html`);
    urls.push(`${base}/cdn/widget.js`);
  }
  // Every widget's document once in a while, so all of them are asked for during the burst.
  for (const w of seeded.widgetIds) urls.push(`${base}/cdn/widgets/${w}.json`);
  return measure(label, [...command, "serve"], env, port, urls, "/healthz");
}

const ONLY = args.only ?? null;
if (ONLY !== null && !["large", "small", "bare"].includes(ONLY)) throw new Error("--only is large, small or bare");
const wants = (name: string) => ONLY === null || ONLY === name;
const t0 = performance.now();
const large = wants("large")
  ? await seedDataDir({
      testimonials: Number(args.testimonials),
      widgets: Number(args.widgets),
      prefix: "plaudit-mem-large-",
    })
  : null;
const small = wants("small") ? await seedDataDir({ testimonials: 20, widgets: 2, prefix: "plaudit-mem-small-" }) : null;
console.log(
  `seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s: large ${large?.testimonials ?? "-"} testimonials, ${large?.widgetIds.length ?? "-"} widgets; small 20 testimonials, 2 widgets`,
);
const bareDir = mkdtempSync(join(tmpdir(), "plaudit-mem-bare-"));
const bareFile = join(bareDir, "bare.ts");
writeFileSync(
  bareFile,
  `const body = "x".repeat(10_000); Bun.serve({ port: Number(process.env.PORT), hostname: "127.0.0.1", reusePort: false, fetch: () => new Response(body, { headers: { "content-type": "text/html" } }) });\n`,
);
const barePort = freePort();
console.log(`${bin} serve; ${N} requests, ${CONNECTIONS} at a time; idle ${IDLE} s`);
const bare = wants("bare")
  ? await measure(
      "bare",
      [process.execPath, bareFile],
      { ...process.env, PORT: String(barePort) },
      barePort,
      [`http://127.0.0.1:${barePort}/`],
      "/",
    )
  : null;
rmSync(bareDir, { recursive: true, force: true });
const smallR = small ? await appRun("small", small) : null;
const largeR = large ? await appRun("large", large) : null;
const row = (name: string, f: Figures | null) => {
  if (f)
    console.log(
      `  ${name.padEnd(6)} RSS after start ${f.start.toFixed(1).padStart(6)} MiB   after ${N} requests ${f.burst.toFixed(1).padStart(6)} MiB   after ${IDLE} s idle ${f.idle.toFixed(1).padStart(6)} MiB   peak ${f.peak.toFixed(1).padStart(6)} MiB`,
    );
};
row("bare", bare);
row("small", smallR);
row("large", largeR);
if (bare && smallR && largeR)
  console.log(
    `ratio large/small: start ${(largeR.start / smallR.start).toFixed(2)}, after requests ${(largeR.burst / smallR.burst).toFixed(2)}, idle ${(largeR.idle / smallR.idle).toFixed(2)}; large/bare idle ${(largeR.idle / bare.idle).toFixed(2)}; large idle ${largeR.idle.toFixed(1)} MiB (target ≤ 100 MiB)`,
  );
else console.log(`ratio: none (--only ${ONLY})`);
