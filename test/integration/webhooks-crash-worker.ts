/**
 * A worker process for the webhook crash test: it runs the real worker loop with only the webhook job kinds
 * on the test's data directory, trusting the receiver's certificate, until the parent kills it with -9.
 * Usage: bun test/integration/webhooks-crash-worker.ts <data dir> <ca file> <lease ms>
 */
import { readFileSync } from "node:fs";
import { loadConfig } from "../../src/config";
import { createDeps } from "../../src/bootstrap";
import { createLogger } from "../../src/platform/log";
import { JobRegistry, startWorkers } from "../../src/platform/jobs/worker";
import { registerWebhookJobs } from "../../src/domains/webhooks";
import { loopbackOnlyFetch, tableResolver } from "./webhooks-receiver";

const [dataDir, caFile, leaseArg] = process.argv.slice(2);
if (!dataDir || !caFile || !leaseArg)
  throw new Error("usage: webhooks-crash-worker.ts <data dir> <ca file> <lease ms>");
const deps = createDeps(loadConfig({ PLAUDIT_DATA_DIR: dataDir, PLAUDIT_WEBHOOKS_ALLOW_PRIVATE: "1" }), {
  migrate: false,
  log: createLogger("silent"),
});
deps.webhooks = {
  ...deps.webhooks,
  ca: readFileSync(caFile, "utf8"),
  fetch: loopbackOnlyFetch,
  resolve: tableResolver({ "hooks.example": ["127.0.0.1"] }),
};
// Never outlive a parent that failed to kill us.
setTimeout(() => process.exit(3), 60_000);
const registry = new JobRegistry();
registerWebhookJobs(registry);
startWorkers(deps, registry, { concurrency: 4, pollMs: 20, leaseMs: Number(leaseArg) });
process.stdout.write(`READY ${process.pid}\n`);
