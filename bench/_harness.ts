/**
 * What the benchmarks share: smoke mode, the load generator (wrk, or a Bun fetch loop in a child process),
 * small statistics, and a fresh appliance (temporary data directory, deps, one organisation, an API key).
 *
 * Files in bench/ whose name starts with `_` are helpers like this one, not benchmarks:
 * test/integration/bench-smoke.test.ts runs every other `bench/*.ts` with `--smoke`.
 *
 * Smoke mode (`--smoke`, or `BENCH_SMOKE=1`): the same code paths on tiny sizes, in about a second, with no
 * ratio asserted; the ratio lines are still printed. Each script picks its sizes with `sized(normal, smoke)`;
 * options given on the command line still win. Any failure (a non-2xx answer, an exception) exits non-zero.
 *
 * This file is also the load generator's child process (`bun bench/_harness.ts --client …`), so it imports
 * nothing of the app at the top: the app's modules are loaded by `benchAppliance` when a benchmark calls it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { Config } from "../src/config";
import type { Deps } from "../src/platform/deps";
import type { Ctx, Mode } from "../src/platform/context";
import type { PlanId } from "../src/platform/access";
import { unitOfWork } from "../src/platform/db/unit-of-work";

/** True in a smoke run: `--smoke` among the arguments, or `BENCH_SMOKE=1` in the environment. */
export const SMOKE = process.argv.includes("--smoke") || process.env.BENCH_SMOKE === "1";

/** The `--smoke` flag for a script's `parseArgs` options (spread it in, so the flag is not refused). */
export const smokeOption = { smoke: { type: "boolean", default: false } } as const;

/** `normal` in a normal run, `smoke` in a smoke run. */
export const sized = <T>(normal: T, smoke: T): T => (SMOKE ? smoke : normal);

/** The command-line arguments that are not flags (`--…`), for the scripts that take positional arguments. */
export const positionals = (): string[] => process.argv.slice(2).filter((a) => !a.startsWith("--"));

/** Median of some numbers. */
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The `p`th percentile (0–100) of some numbers (nearest rank below). */
export const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};

/** One measurement: how many requests answered 2xx in how long, and the slowest 1 % of them. */
export interface LoadResult {
  rps: number;
  requests: number;
  /** Non-2xx answers plus socket errors (connect, read, write, timeout). */
  errors: number;
  /** Non-2xx answers alone. */
  non2xx: number;
  /** 99th percentile latency in ms (NaN when wrk did not report it). */
  p99ms: number;
  tool: string;
}

/**
 * The load generator: `wrk` when installed, else the Bun client loop; `--tool wrk|bun` chooses. A smoke run uses
 * the Bun loop unless told otherwise: wrk cannot run for less than a second.
 */
export function loadTool(choice?: string): "wrk" | "bun" {
  if (choice === "wrk" || choice === "bun") return choice;
  if (choice) throw new Error("--tool is wrk or bun");
  return !SMOKE && Bun.which("wrk") ? "wrk" : "bun";
}

const unit: Record<string, number> = { us: 0.001, ms: 1, s: 1000 };

/** Parses wrk's summary ("Requests/sec:", the 99 % latency, "Non-2xx or 3xx responses:", socket errors). */
function parseWrk(out: string): LoadResult {
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const requests = Number(/(\d+) requests in/.exec(out)?.[1]);
  const p99 = /\s99%\s+([\d.]+)(us|ms|s)\b/.exec(out);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const errors = non2xx + (socket ? socket.slice(1).reduce((a, b) => a + Number(b), 0) : 0);
  if (!Number.isFinite(rps)) throw new Error(`could not read wrk's output:\n${out}`);
  return { rps, requests, errors, non2xx, p99ms: p99 ? Number(p99[1]) * unit[p99[2]!]! : NaN, tool: "wrk" };
}

/** Runs the load generator in its own process against `url` for `seconds` with `connections` connections. */
export async function drive(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  connections: number,
  tool = loadTool(),
): Promise<LoadResult> {
  const hdr = Object.entries(headers).map(([k, v]) => `${k}: ${v}`);
  const wrk = tool === "wrk" ? Bun.which("wrk") : null;
  if (tool === "wrk" && !wrk) throw new Error("wrk is not on PATH (apt-get install -y wrk), or use --tool bun");
  const cmd = wrk
    ? [
        wrk,
        "-t1",
        `-c${connections}`,
        `-d${Math.max(1, Math.round(seconds))}s`,
        "--latency",
        ...hdr.flatMap((h) => ["-H", h]),
        url,
      ]
    : [
        process.execPath,
        import.meta.path,
        "--client",
        "--url",
        url,
        "--seconds",
        String(seconds),
        "--connections",
        String(connections),
        ...hdr.flatMap((h) => ["--header", h]),
      ];
  const proc = Bun.spawn(cmd, { stdout: "pipe", stderr: "pipe" });
  const [out, err, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  if (code !== 0) throw new Error(`load generator failed (${code}): ${err || out}`);
  return wrk ? parseWrk(out) : (JSON.parse(out.trim().split("\n").pop()!) as LoadResult);
}

/** Child-process load generator: `--client --url U --seconds S --connections C [--header "k: v"]`; prints JSON. */
async function clientMain() {
  const args = parseArgs({
    options: {
      client: { type: "boolean" },
      url: { type: "string" },
      seconds: { type: "string" },
      connections: { type: "string" },
      header: { type: "string", multiple: true, default: [] },
    },
  }).values;
  const headers = Object.fromEntries(
    args.header!.map((h) => [h.slice(0, h.indexOf(":")).trim(), h.slice(h.indexOf(":") + 1).trim()]),
  );
  const end = performance.now() + Number(args.seconds) * 1000;
  const times: number[] = [];
  let errors = 0;
  const loop = async () => {
    while (performance.now() < end) {
      const t0 = performance.now();
      const res = await fetch(args.url!, { headers });
      await res.arrayBuffer();
      if (res.ok) times.push(performance.now() - t0);
      else errors++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: Number(args.connections) }, loop));
  const secs = (performance.now() - started) / 1000;
  const result: LoadResult = {
    rps: times.length / secs,
    requests: times.length,
    errors,
    non2xx: errors,
    p99ms: times.length ? percentile(times, 99) : NaN,
    tool: "bun-fetch",
  };
  process.stdout.write(JSON.stringify(result) + "\n");
}

/** A fresh appliance for one benchmark run. */
export interface Appliance {
  dir: string;
  config: Config;
  deps: Deps;
  org: { id: string };
  /** The system context of the organisation in `mode`. */
  ctx: Ctx;
  /** A secret API key of `mode` (null when `key: false`). */
  key: string | null;
  /** Closes the database and removes the data directory. */
  close(): void;
}

/**
 * A temporary data directory with the app's deps (migrated, workers off) and one organisation on `plan`, with an
 * API key of `mode` unless `key: false`. `env` adds settings; `log` is the log level (silent by default).
 */
export async function benchAppliance(opts: {
  name: string;
  plan: PlanId;
  mode: Mode;
  key?: boolean;
  env?: Record<string, string>;
  log?: "silent" | "error";
  dirPrefix?: string;
}): Promise<Appliance> {
  const [{ loadConfig }, { createDeps }, { createLogger }, { createOrganisation, createApiKey }, { systemCtx }] =
    await Promise.all([
      import("../src/config"),
      import("../src/bootstrap"),
      import("../src/platform/log"),
      import("../src/domains/accounts"),
      import("../src/platform/context"),
    ]);
  const dir = mkdtempSync(join(tmpdir(), opts.dirPrefix ?? "plaudit-bench-"));
  const config = loadConfig({
    PLAUDIT_DATA_DIR: dir,
    PLAUDIT_BASE_URL: "http://127.0.0.1:3000",
    PLAUDIT_WORKERS: "0",
    ...opts.env,
  });
  const deps = createDeps(config, { log: createLogger(opts.log ?? "silent") });
  const { org } = createOrganisation(deps, { name: opts.name, plan: opts.plan });
  const ctx = systemCtx(org.id, opts.mode, deps.clock);
  const key =
    opts.key === false
      ? null
      : unitOfWork(deps, ctx, (tx) => createApiKey(tx, { mode: opts.mode, name: "bench" })).secret;
  // A run that fails half-way still leaves no data directory behind.
  const remove = () => rmSync(dir, { recursive: true, force: true });
  process.once("exit", remove);
  return {
    dir,
    config,
    deps,
    org,
    ctx,
    key,
    close: () => {
      deps.db.$client.close();
      remove();
    },
  };
}

if (import.meta.main && process.argv.includes("--client")) await clientMain();
