/**
 * Starts the real server over HTTP (Bun.serve, workers on) on a random port with a fresh data dir and a first
 * organisation whose owner has a known password. For e2e tests with a browser.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../../src/config";
import { createDeps } from "../../src/bootstrap";
import { buildApp, requestHandler } from "../../src/app";
import { buildRegistry, startWorkerPools } from "../../src/jobs";
import { createLogger } from "../../src/platform/log";
import { createOrganisation } from "../../src/domains/accounts";
import type { Deps } from "../../src/platform/deps";

/** A running server. */
export interface RunningServer {
  url: string;
  dataDir: string;
  deps: Deps;
  orgId: string;
  owner: { email: string; password: string };
  stop(): Promise<void>;
}

/** Options: plan of the first org, extra environment. */
export interface ServerOptions {
  plan?: string;
  env?: Record<string, string>;
}

async function freePort(): Promise<number> {
  const s = Bun.serve({ port: 0, fetch: () => new Response() });
  const port = s.port!;
  s.stop(true);
  return port;
}

/** Starts the server. */
export async function startServer(opts: ServerOptions = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "plaudit-e2e-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig({ PLAUDIT_DATA_DIR: dataDir, PLAUDIT_PORT: String(port), PLAUDIT_BASE_URL: url, PLAUDIT_JOB_LEASE_SECONDS: "30", ...opts.env });
  const deps = createDeps(config, { log: createLogger("warn") });
  const owner = { email: "owner@example.com", password: "owner-password-1" };
  const { org } = createOrganisation(deps.db, deps.clock, { name: "Acme", plan: opts.plan ?? "core", owner: { ...owner, name: "Olive Owner" } });
  const app = await buildApp(deps);
  const server = Bun.serve({ port, hostname: "127.0.0.1", reusePort: false, fetch: requestHandler(app, deps) });
  const workers = startWorkerPools(deps, buildRegistry(), { pollMs: 100 });
  return {
    url,
    dataDir,
    deps,
    orgId: org.id,
    owner,
    async stop() {
      server.stop(true);
      await workers.stop();
      deps.db.$client.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
