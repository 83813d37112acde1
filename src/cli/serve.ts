/** `plaudit serve`: the HTTP server, the job workers and the schedules in one process. */
import type { Config } from "../config";
import { createDeps } from "../bootstrap";
import { buildApp, requestHandler } from "../app";
import { buildRegistry, schedules, startWorkerPools } from "../jobs";
import { startSchedules } from "../platform/jobs/cron";
import { ensureFirstOrganisation } from "./first-run";
import { VERSION } from "../version";

/** Starts everything and resolves once the server listens; stops cleanly on SIGINT/SIGTERM. */
export async function serve(config: Config) {
  const deps = createDeps(config);
  const first = ensureFirstOrganisation(deps);
  const app = await buildApp(deps);
  const server = Bun.serve({ port: config.port, hostname: config.hostname, reusePort: false, fetch: requestHandler(app, deps), maxRequestBodySize: 2 * 1024 * 1024 * 1024, idleTimeout: 120 });
  const registry = buildRegistry();
  const workers = config.workers ? startWorkerPools(deps, registry) : null;
  const cron = config.workers ? startSchedules(deps, schedules) : null;
  const out = [`Plaudit ${VERSION} is running.`, `  Dashboard: ${config.appUrl}/`, `  API:       ${config.baseUrl}/v1  (reference: ${config.baseUrl}/v1/reference)`, `  Data:      ${config.dataDir}`];
  if (first) out.push("", `First start: sign in as ${first.email} with password ${first.password}`, `(also written to ${config.dataDir}/first-login.txt)`);
  process.stdout.write(out.join("\n") + "\n");
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    cron?.stop();
    server.stop();
    await workers?.stop();
    deps.db.$client.close();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  return { server, deps };
}
