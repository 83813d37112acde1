/**
 * `plaudit serve`: the HTTP server, the job workers and the schedules in one process, and shortly after start a
 * background self-test of the media pipeline (src/media/self-test.ts) whose failure is logged and shown to owners.
 */
import type { Config } from "../config";
import type { Deps } from "../platform/deps";
import { firstFailure } from "../media/self-test";
import { createDeps } from "../bootstrap";
import { requestHandler } from "../app";
import { assemble } from "../composition";
import { MODULES } from "../modules";
import { serverOptions } from "../platform/http/request-limits";
import { startWorkerPools } from "../jobs";
import { startSchedules } from "../platform/jobs/cron";
import { ensureFirstOrganisation } from "./first-run";
import { cdnFilesOf, publishStaticFiles } from "../platform/publish-static";
import { VERSION } from "../version";
import { loadLanguageDetector } from "../media/language";

/** The media self-test starts this long after the server listens, so it never delays the first answers. */
const SELF_TEST_DELAY_MS = 1500;
/**
 * What start-up leaves for later is loaded this long after the server listens (the language detector's tables),
 * so the first testimonial does not wait for it and the first answers are not held up by it either.
 */
const WARM_UP_DELAY_MS = 500;

/** Runs the media self-test in the background; a failure is logged with its fix (and shown in the dashboard), never fatal. */
async function checkPipeline(deps: Deps) {
  const result = await deps.selfTest?.run();
  if (!result) return;
  const problem = firstFailure(result);
  if (!problem) deps.log.info("media self-test passed: recordings can be processed", { ms: result.ms });
  else {
    deps.log.error(
      `media self-test FAILED at "${problem.name}": recordings cannot be processed until this is fixed. ${problem.fix ?? ""} (run \`plaudit doctor\` for every step)`,
      {
        step: problem.name,
        detail: problem.detail,
        fix: problem.fix,
        steps: result.steps.map((s) => `${s.ok ? "ok" : s.skipped ? "skipped" : "FAIL"} ${s.name} ${s.ms} ms`),
      },
    );
  }
}

/** Starts everything and resolves once the server listens; stops cleanly on SIGINT/SIGTERM. */
export async function serve(config: Config) {
  const deps = createDeps(config);
  const first = ensureFirstOrganisation(deps);
  const { app, registry, schedules } = await assemble(deps, MODULES);
  const server = Bun.serve({
    port: config.port,
    hostname: config.hostname,
    reusePort: false,
    fetch: requestHandler(app, deps),
    ...serverOptions(),
    idleTimeout: 120,
  });
  // In the background: the built-in CDN files into the storage, so a bucket can be the CDN address.
  void publishStaticFiles(deps, app, cdnFilesOf(MODULES));
  const workers = config.workers ? startWorkerPools(deps, registry) : null;
  const cron = config.workers ? startSchedules(deps, schedules) : null;
  const out = [
    `Plaudit ${VERSION} is running.`,
    `  Dashboard: ${config.appUrl}/`,
    `  API:       ${config.baseUrl}/v1  (reference: ${config.baseUrl}/v1/reference)`,
    `  Data:      ${config.dataDir}`,
  ];
  if (first)
    out.push(
      "",
      `First start: sign in as ${first.email} with password ${first.password}`,
      `(also written to ${config.dataDir}/first-login.txt)`,
    );
  process.stdout.write(out.join("\n") + "\n");
  const warmUp = setTimeout(() => loadLanguageDetector(), WARM_UP_DELAY_MS);
  const selfTest = config.selfTest ? setTimeout(() => void checkPipeline(deps), SELF_TEST_DELAY_MS) : undefined;
  let stopping = false;
  const stop = async () => {
    // A second Ctrl-C (or signal) does not wait for the grace period: running jobs keep their leases anyway.
    if (stopping) process.exit(1);
    stopping = true;
    clearTimeout(selfTest);
    clearTimeout(warmUp);
    await (await import("./shutdown")).shutDown({ server, workers, cron, deps });
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  return { server, deps };
}
