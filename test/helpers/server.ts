/**
 * Starts the real server over HTTP on a random loopback port with a fresh data directory and a first
 * organisation whose owner has a known password: for integration and browser tests.
 *
 * By default that server is the executable users run: `dist/plaudit` (built fresh by the test run, see
 * test/helpers/binary.ts), started from a temporary working directory with its data in `./data` there, set up
 * with its own CLI (`org create`). The test process also opens the same data directory ("sidecar" `deps`), for
 * fixtures a test writes straight into the database and files, and for reading what the server stored; every
 * request goes to the executable. `PLAUDIT_TEST_TARGET=source` runs the server from source in this process.
 */
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../../src/config";
import { createDeps } from "../../src/bootstrap";
import { requestHandler } from "../../src/app";
import { assemble } from "../../src/composition";
import { MODULES } from "../../src/modules";
import { serverOptions } from "../../src/platform/http/request-limits";
import { cdnFilesOf, publishStaticFiles } from "../../src/platform/publish-static";
import { startWorkerPools } from "../../src/composition";
import { createLogger } from "../../src/platform/log";
import { createOrganisation } from "../../src/domains/accounts";
import type { Deps } from "../../src/platform/deps";
import { createApiKey } from "../../src/domains/accounts";
import { systemCtx, type Mode } from "../../src/platform/context";
import { TEST_TARGET, binaryEnv, ensureBinary } from "./binary";
import { unitOfWork } from "../../src/platform/db/unit-of-work";
import { freePort } from "./ports";

/** A running server. */
export interface RunningServer {
  url: string;
  dataDir: string;
  /** The data directory opened by the test process (the server itself when running from source). */
  deps: Deps;
  orgId: string;
  owner: { email: string; password: string };
  /** What the server printed so far (stdout and stderr; empty when running from source). */
  log(): string;
  /** A new API key of the first organisation: through `plaudit key create` when testing the executable. */
  createKey(mode: Mode, scopes?: string[]): Promise<string>;
  /**
   * Runs a `plaudit` command on this server's data directory (the executable's CLI, or `src/main.ts` from source)
   * with `--json`; throws with its output when it fails, else answers its JSON.
   */
  cli(args: string[]): Promise<any>;
  /** Signs a person in (`POST /v1/auth/login`) for an organisation; answers the headers the dashboard would send. */
  signIn(email: string, password: string, orgId: string): Promise<Record<string, string>>;
  stop(): Promise<void>;
}

/** Options: plan of the first org, extra environment, where files are kept. */
export interface ServerOptions {
  plan?: string;
  /** Extra settings; a function gets the server's address first (for settings naming it, e.g. `{url}/cdn`). */
  env?: Record<string, string> | ((url: string) => Record<string, string>);
  /**
   * Storage settings (`PLAUDIT_STORAGE_URL`, `PLAUDIT_S3_*`, e.g. `startS3().env()` from test/helpers/s3.ts); none
   * keeps files in the data directory. The executable, its CLI and the sidecar `deps` all get the same settings.
   */
  storage?: Record<string, string>;
}

const OWNER = { email: "owner@example.com", password: "owner-password-1", name: "Olive Owner" };

/** Lines that say the executable reached a module it does not contain. */
export const MISSING_MODULE = /Cannot find (package|module)[^\n]*/g;

function baseEnv(port: number, url: string, opts: ServerOptions): Record<string, string> {
  return {
    PLAUDIT_PORT: String(port),
    PLAUDIT_HOST: "127.0.0.1",
    PLAUDIT_BASE_URL: url,
    PLAUDIT_JOB_LEASE_SECONDS: "30",
    PLAUDIT_LOG_LEVEL: "warn",
    // No media self-test in the background (seconds of ffmpeg and speech recognition at every start, competing with
    // the test's own work); a test of what it reports sets PLAUDIT_SELF_TEST=1.
    PLAUDIT_SELF_TEST: "0",
    ...(typeof opts.env === "function" ? opts.env(url) : opts.env),
    ...opts.storage,
  };
}

/** Runs a CLI command with `--json`; its JSON answer, or an error with what it printed. */
async function runCli(cmd: string[], args: string[], opts: { cwd: string; env: Record<string, string> }) {
  const p = Bun.spawn([...cmd, ...args, "--json"], { ...opts, stdout: "pipe", stderr: "pipe" });
  const [out, err, code] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text(), p.exited]);
  if (code !== 0) throw new Error(`plaudit ${args.join(" ")} exited ${code}: ${err}${out}`);
  return out.trim() ? JSON.parse(out) : null;
}

/** Signs in over HTTP; the cookie and headers of a dashboard session for `orgId`. */
async function signInAt(url: string, email: string, password: string, orgId: string) {
  const res = await fetch(`${url}/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-svc-org": orgId, "x-svc-csrf": "1" },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${email} answered ${res.status}: ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { cookie, "x-svc-org": orgId, "x-svc-csrf": "1" };
}

/** Starts the server (the executable unless PLAUDIT_TEST_TARGET=source). */
export function startServer(opts: ServerOptions = {}): Promise<RunningServer> {
  return TEST_TARGET === "source" ? startSource(opts) : startBinary(opts);
}

async function startSource(opts: ServerOptions): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "plaudit-e2e-"));
  const port = freePort();
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig({ PLAUDIT_DATA_DIR: dataDir, ...baseEnv(port, url, opts) });
  const deps = createDeps(config, { log: createLogger("warn") });
  const { org } = createOrganisation(deps, { name: "Acme", plan: opts.plan ?? "core", owner: OWNER });
  const { app, registry } = await assemble(deps, MODULES);
  const server = Bun.serve({
    port,
    hostname: "127.0.0.1",
    reusePort: false,
    fetch: requestHandler(app, deps),
    ...serverOptions(),
  });
  // As `plaudit serve` does once it listens: the built-in CDN files into the storage.
  const publishing = publishStaticFiles(deps, app, cdnFilesOf(MODULES));
  // PLAUDIT_WORKERS=0 runs no job, as the executable does with it.
  const workers = config.workers ? startWorkerPools(deps, registry, { pollMs: 100 }) : null;
  return {
    url,
    dataDir,
    deps,
    orgId: org.id,
    owner: { email: OWNER.email, password: OWNER.password },
    log: () => "",
    createKey: async (mode, scopes = []) =>
      unitOfWork(deps, systemCtx(org.id, mode, deps.clock), (tx) => createApiKey(tx, { mode, scopes })).secret,
    cli: (args) =>
      runCli([process.execPath, join(import.meta.dir, "../../src/main.ts")], args, {
        cwd: dataDir,
        env: { ...process.env, PLAUDIT_DATA_DIR: dataDir, ...baseEnv(port, url, opts) } as Record<string, string>,
      }),
    signIn: (email, password, orgId) => signInAt(url, email, password, orgId),
    async stop() {
      server.stop(true);
      await workers?.stop();
      await publishing;
      deps.db.$client.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const running = new Set<ReturnType<typeof Bun.spawn>>();
process.on("exit", () => {
  for (const p of running) p.kill(9);
});

async function startBinary(opts: ServerOptions): Promise<RunningServer> {
  const bin = await ensureBinary();
  const cwd = mkdtempSync(join(tmpdir(), "plaudit-run-"));
  const dataDir = join(cwd, "data");
  const port = freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = binaryEnv(baseEnv(port, url, opts));
  const org = Bun.spawnSync(
    [
      bin,
      "org",
      "create",
      "--name",
      "Acme",
      "--plan",
      opts.plan ?? "core",
      "--owner-email",
      OWNER.email,
      "--owner-password",
      OWNER.password,
      "--owner-name",
      OWNER.name,
      "--json",
    ],
    { cwd, env, stdout: "pipe", stderr: "pipe" },
  );
  if (org.exitCode !== 0) throw new Error(`plaudit org create exited ${org.exitCode}: ${org.stderr}${org.stdout}`);
  const orgId = JSON.parse(org.stdout.toString()).id as string;
  const logPath = join(cwd, "server.log");
  const logFd = openSync(logPath, "a");
  const proc = Bun.spawn([bin, "serve"], { cwd, env, stdin: "ignore", stdout: logFd, stderr: logFd });
  running.add(proc);
  const log = () => readFileSync(logPath, "utf8");
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`plaudit serve exited ${proc.exitCode}:\n${log()}`);
    try {
      if ((await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) })).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error(`plaudit serve did not answer within 30 s:\n${log()}`);
    await Bun.sleep(50);
  }
  // The sidecar: the same data directory seen from the test process, for fixtures and reads.
  const deps = createDeps(loadConfig({ PLAUDIT_DATA_DIR: dataDir, ...baseEnv(port, url, opts) }), {
    log: createLogger("warn"),
    migrate: false,
  });
  return {
    url,
    dataDir,
    deps,
    orgId,
    owner: { email: OWNER.email, password: OWNER.password },
    log,
    async createKey(mode, scopes = []) {
      const args = [
        bin,
        "key",
        "create",
        "--org",
        orgId,
        "--mode",
        mode,
        "--json",
        ...(scopes.length ? ["--scopes", scopes.join(",")] : []),
      ];
      const p = Bun.spawnSync(args, { cwd, env, stdout: "pipe", stderr: "pipe" });
      if (p.exitCode !== 0) throw new Error(`plaudit key create exited ${p.exitCode}: ${p.stderr}${p.stdout}`);
      return JSON.parse(p.stdout.toString()).secret as string;
    },
    cli: (args) => runCli([bin], args, { cwd, env }),
    signIn: (email, password, orgId) => signInAt(url, email, password, orgId),
    async stop() {
      if (proc.exitCode === null) {
        proc.kill("SIGTERM");
        const stopped = await Promise.race([proc.exited.then(() => true), Bun.sleep(5000).then(() => false)]);
        if (!stopped) proc.kill(9);
        await proc.exited;
      }
      running.delete(proc);
      closeSync(logFd);
      deps.db.$client.close();
      const missing = log().match(MISSING_MODULE);
      rmSync(cwd, { recursive: true, force: true });
      if (missing)
        throw new Error(`dist/plaudit reached modules it does not contain: ${[...new Set(missing)].join("; ")}`);
    },
  };
}
