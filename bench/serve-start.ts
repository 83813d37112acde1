/**
 * `plaudit serve` from start to first answer, on an existing data directory, beside a bare `Bun.serve` process
 * started the same way, measured in the same run in alternating rounds.
 *
 *   bun bench/serve-start.ts [--rounds 7] [--bin dist/plaudit] [--testimonials 20000] [--widgets 200] [--smoke]
 *
 * Two data directories: a small one (the first start's: one organisation) and a large one seeded by _seed.ts
 * (`--testimonials` shown testimonials of one public brand and `--widgets` published widgets): nothing proportional
 * to the data may run before the port answers, so the two should start alike (issue 28: large/small ≤ 1.5).
 *
 * Set-up: one `serve` on a fresh data directory (first start: migrations, the first organisation, its password
 * file), stopped once it answers; every measured start reuses that directory, as a restart does. Then, in
 * alternating rounds:
 *   app   `bun src/main.ts serve` (or the executable given with `--bin`) on a free port, workers and schedules on,
 *         the media self-test left on (it starts 1.5 s after the port opens, so it is not part of the figure);
 *   bare  `bun` running a file that does nothing but `Bun.serve` a fixed answer on a free port.
 * Each is timed from spawn to the first 200 answer of `GET /healthz` (polled every 2 ms), then killed. `serve`
 * answers its health check before the app is built (src/cli/serve.ts), so it is also timed to its first answer from
 * the app: a request for an unknown address sent once `/healthz` answered, which waits for the app and gets its 404.
 * Prints the median of each, the ratios app/bare (goal ≤ 10) and large/small (goal ≤ 1.5).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { median, sized, smokeOption } from "./_harness";
import { seedDataDir } from "./_seed";

const { values: args } = parseArgs({
  options: {
    rounds: { type: "string", default: sized("7", "1") },
    bin: { type: "string" },
    testimonials: { type: "string", default: sized("20000", "200") },
    widgets: { type: "string", default: sized("200", "3") },
    ...smokeOption,
  },
});
const ROUNDS = Math.max(1, Number(args.rounds));
const root = resolve(import.meta.dir, "..");
const dir = mkdtempSync(join(tmpdir(), "plaudit-startbench-"));
process.once("exit", () => rmSync(dir, { recursive: true, force: true }));

const bareFile = join(dir, "bare.ts");
writeFileSync(
  bareFile,
  `Bun.serve({ port: Number(process.env.PORT), hostname: "127.0.0.1", reusePort: false, fetch: () => Response.json({ ok: true }) });\n`,
);

/** A port nobody listens on right now. */
function freePort(): number {
  const s = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
  const port = s.port!;
  s.stop(true);
  return port;
}

const dataDir = join(dir, "data");
const appCommand = args.bin ? [resolve(args.bin), "serve"] : [process.execPath, join(root, "src/main.ts"), "serve"];
const appEnv = (port: number, data = dataDir) => ({
  ...process.env,
  PLAUDIT_DATA_DIR: data,
  PLAUDIT_PORT: String(port),
  PLAUDIT_HOST: "127.0.0.1",
  PLAUDIT_BASE_URL: `http://127.0.0.1:${port}`,
  PLAUDIT_LOG_LEVEL: "error",
});

/**
 * Spawns `cmd`, polls `/healthz` until it answers 200 and, with `appAnswer`, then asks for an unknown address until
 * the app answers it (404); kills it. Milliseconds from spawn to the health answer and to the app's answer.
 */
async function timeToFirstAnswer(
  cmd: string[],
  env: Record<string, string | undefined>,
  port: number,
  appAnswer = false,
): Promise<{ health: number; app: number }> {
  const started = performance.now();
  const child = Bun.spawn(cmd, { cwd: root, env, stdout: "ignore", stderr: "pipe" });
  try {
    for (;;) {
      if (child.exitCode !== null)
        throw new Error(`${cmd.join(" ")} exited (${child.exitCode}): ${await new Response(child.stderr).text()}`);
      try {
        const r = await fetch(`http://127.0.0.1:${port}/healthz`);
        if (r.status === 200) {
          await r.arrayBuffer();
          const health = performance.now() - started;
          if (!appAnswer) return { health, app: health };
          const other = await fetch(`http://127.0.0.1:${port}/bench-no-such-page`);
          await other.arrayBuffer();
          if (other.status !== 404) throw new Error(`the app answered ${other.status} for an unknown address`);
          return { health, app: performance.now() - started };
        }
      } catch {
        // Not listening yet.
      }
      if (performance.now() - started > 30_000) throw new Error(`${cmd.join(" ")} did not answer within 30 s`);
      await Bun.sleep(2);
    }
  } finally {
    child.kill();
    await child.exited;
  }
}

const app = async (data = dataDir) => {
  const port = freePort();
  return timeToFirstAnswer(appCommand, appEnv(port, data), port, true);
};
const bare = async () => {
  const port = freePort();
  return timeToFirstAnswer([process.execPath, bareFile], { ...process.env, PORT: String(port) }, port);
};

const first = await app();
const large = await seedDataDir({
  testimonials: Number(args.testimonials),
  widgets: Number(args.widgets),
  prefix: "plaudit-startbench-large-",
});
process.once("exit", () => rmSync(large.dir, { recursive: true, force: true }));
// The large directory's first start (its secret and runtime files exist already; this one is not measured).
await app(large.dir);
console.log(
  `serve start to first answer (${args.bin ? args.bin : "bun src/main.ts serve"}), existing data directory; first start on an empty one took ${first.health.toFixed(0)} ms`,
);
// One of each unmeasured, so both find their files in the page cache.
await bare();
await app();
const times: Record<"app" | "large" | "bare" | "appBuilt" | "largeBuilt", number[]> = {
  app: [],
  large: [],
  bare: [],
  appBuilt: [],
  largeBuilt: [],
};
for (let r = 0; r < ROUNDS; r++) {
  times.bare.push((await bare()).health);
  const small = await app();
  times.app.push(small.health);
  times.appBuilt.push(small.app);
  const big = await app(large.dir);
  times.large.push(big.health);
  times.largeBuilt.push(big.app);
}
const spread = (xs: number[]) => `${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)}`;
const a = median(times.app);
const b = median(times.bare);
const l = median(times.large);
console.log(`  app   plaudit serve      ${a.toFixed(0).padStart(5)} ms  (rounds ${spread(times.app)} ms)`);
console.log(
  `  large plaudit serve      ${l.toFixed(0).padStart(5)} ms  (rounds ${spread(times.large)} ms; ${args.testimonials} testimonials, ${args.widgets} widgets)`,
);
console.log(`  bare  Bun.serve alone    ${b.toFixed(0).padStart(5)} ms  (rounds ${spread(times.bare)} ms)`);
console.log(
  `  first answer from the app (404 of an unknown address): small ${median(times.appBuilt).toFixed(0)} ms (rounds ${spread(times.appBuilt)} ms), large ${median(times.largeBuilt).toFixed(0)} ms (rounds ${spread(times.largeBuilt)} ms)`,
);
console.log(
  `ratio app/bare: ${(a / b).toFixed(2)}, large/bare: ${(l / b).toFixed(2)} (goal ≤ 10); ratio large/small: ${(l / a).toFixed(2)} (goal ≤ 1.5)`,
);
