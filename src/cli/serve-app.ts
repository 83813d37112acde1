/**
 * The second stage of `plaudit serve` (src/cli/serve.ts opens the database and the port first, then imports this
 * file): the dependencies made with the database already open, the first organisation on a first start, the HTTP
 * app with every module, the built-in CDN files, the job workers and schedules, the box's own certificate with
 * built-in HTTPS, and 1.5 s after start the media self-test, in a child process (src/media/self-test.ts), whose
 * failure is logged and shown to owners. Everything here loads after the port is open, so the health check is
 * answered while this file and the app's ~1,000 modules are evaluated (issue 28, docs/performance.md "Start").
 */
import type { Config } from "../config";
import type { Deps } from "../platform/deps";
import type { Db } from "../platform/db/client";
import type { Logger } from "../platform/log";
import type { Signer } from "../platform/crypto";
import type { Certificates } from "../platform/tls/service";
import type { Listeners } from "../platform/tls/listeners";
import type { Workers } from "../platform/jobs/worker";
import type { Schedules } from "../platform/jobs/cron";
import { firstFailure } from "../media/self-test";
import { SelfTestMonitor } from "../media/self-test-monitor";
import { runSelfTestInChild } from "../media/self-test-child";
import { createDeps } from "../bootstrap";
import { requestHandler } from "../app";
import { assemble, startWorkerPools } from "../composition";
import { MODULES } from "../modules";
import { startSchedules } from "../platform/jobs/cron";
import { ensureFirstOrganisation, type FirstRun } from "./first-run";
import { cdnFilesOf, publishStaticFiles } from "../platform/publish-static";
import { scheduleRenewal } from "../platform/tls/jobs";

/** The media self-test starts this long after the server listens, so it never delays the first answers. */
const SELF_TEST_DELAY_MS = 1500;

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

/** Waits between tries to get the box's first certificate: 30 s, 2 min, 10 min, then every 30 min. */
const FIRST_CERT_RETRY_MS = [30_000, 120_000, 600_000, 1_800_000];

/**
 * The box's own certificate: kept ones are served at once (a restart never orders: Let's Encrypt limits orders), a
 * due one is renewed by the renewal job, and without one it is ordered now, tried again until it works (the plain
 * HTTP listener answers 503 meanwhile). The operator's own files are read again whenever they change.
 */
function keepBoxCertificate(deps: Deps, listeners: Listeners): () => void {
  const { certificates, config } = deps;
  const https = config.https!;
  if (https.certFiles) {
    const watch = setInterval(() => certificates.reloadOperatorFiles(), 10_000);
    const reread = () => certificates.reloadOperatorFiles();
    process.on("SIGHUP", reread);
    return () => clearInterval(watch);
  }
  const domain = https.domain!;
  if (listeners.https() && certificates.isDue(domain)) scheduleRenewal(deps, { name: domain });
  if (listeners.https()) return () => {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  let tries = 0;
  const attempt = async () => {
    try {
      await certificates.ensure(domain);
    } catch (e) {
      const wait = FIRST_CERT_RETRY_MS[Math.min(tries++, FIRST_CERT_RETRY_MS.length - 1)]!;
      deps.log.error(`no HTTPS certificate for ${domain} yet; trying again in ${Math.round(wait / 1000)} s`, {
        error: e instanceof Error ? e.message : String(e),
      });
      timer = setTimeout(() => void attempt(), wait);
    }
  };
  void attempt();
  return () => clearTimeout(timer);
}

/** What `serve` opened before loading this file. */
export interface Opened {
  /** The database, migrated. */
  db: Db;
  log: Logger;
  /** With built-in HTTPS: the secret and the certificates the listeners serve. */
  signer?: Signer;
  certificates?: Certificates;
}

/** The dependencies of a starting server, and the first owner's sign-in when this start made it. */
export interface Prepared {
  deps: Deps;
  first: FirstRun | null;
}

/** Makes the dependencies on the open database and, on a first start, the first organisation and its owner. */
export function prepare(config: Config, opened: Opened): Prepared {
  const deps = createDeps(config, opened);
  // The background self-test runs in a child process: what it loads (sharp, libvips) stays out of this one.
  deps.selfTest = new SelfTestMonitor(runSelfTestInChild, () => deps.clock.now());
  return { deps, first: ensureFirstOrganisation(deps) };
}

/** The running app, for `serve` to hand requests to and to stop. */
export interface Started {
  /** The request handler `Bun.serve` uses from now on (src/app.ts `requestHandler`). */
  handler: ReturnType<typeof requestHandler>;
  workers: Workers | null;
  cron: Schedules | null;
  /** Stops the timers started here (the self-test, the certificate watch). */
  stopTimers(): void;
}

/** Builds the app and starts the workers, the schedules and the background work, on a port already open. */
export async function startApp(prepared: Prepared, listeners: Listeners | null): Promise<Started> {
  const { deps } = prepared;
  const { config } = deps;
  const stopCertificates = listeners ? keepBoxCertificate(deps, listeners) : () => {};
  const { app, registry, schedules } = await assemble(deps, MODULES);
  const handler = requestHandler(app, deps);
  // The framework compiles its request handling on the first request it handles; do it now, once the port is
  // open, so neither the health check (answered from the fast lane) nor the first real request waits for it.
  setTimeout(() => void app.handle(new Request(`${config.baseUrl}/healthz`)), 0);
  // In the background: the built-in CDN files into the storage, so a bucket can be the CDN address.
  void publishStaticFiles(deps, app, cdnFilesOf(MODULES));
  const workers = config.workers ? startWorkerPools(deps, registry) : null;
  const cron = config.workers ? startSchedules(deps, schedules) : null;
  // The language detector (tinyld, ~30 MiB resident) is not warmed up: it loads with the first text to analyse
  // (~90 ms once), so a box that collects nothing keeps that memory free (issue 28, docs/performance.md).
  const selfTest = config.selfTest ? setTimeout(() => void checkPipeline(deps), SELF_TEST_DELAY_MS) : undefined;
  return {
    handler,
    workers,
    cron,
    stopTimers() {
      clearTimeout(selfTest);
      stopCertificates();
    },
  };
}
