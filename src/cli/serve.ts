/**
 * `plaudit serve`: the HTTP server, the job workers and the schedules in one process, and shortly after start a
 * background self-test of the media pipeline (src/media/self-test.ts) whose failure is logged and shown to owners.
 * With built-in HTTPS (PLAUDIT_DOMAIN or the operator's certificate files) it runs the two listeners of
 * src/platform/tls/listeners.ts instead of one: plain HTTP for ACME challenges and redirects, and HTTPS.
 */
import type { Config } from "../config";
import type { Deps } from "../platform/deps";
import { firstFailure } from "../media/self-test";
import { SelfTestMonitor } from "../media/self-test-monitor";
import { runSelfTestInChild } from "../media/self-test-child";
import { createDeps } from "../bootstrap";
import { requestHandler } from "../app";
import { assemble } from "../composition";
import { MODULES } from "../modules";
import { serverOptions } from "../platform/http/request-limits";
import { startWorkerPools } from "../composition";
import { startSchedules } from "../platform/jobs/cron";
import { ensureFirstOrganisation } from "./first-run";
import { cdnFilesOf, publishStaticFiles } from "../platform/publish-static";
import { VERSION } from "../version";
import { startListeners, type Listeners } from "../platform/tls/listeners";
import { shutDown } from "./shutdown";
import { startIdleCollector } from "../platform/idle-collector";
import { EVERY_ANSWER_HEADERS, requestIdFor } from "../platform/http/errors";
import { scheduleRenewal } from "../platform/tls/jobs";
import { DOMAIN_PROOF_PATH, domainProof } from "../domains/brands";

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

/**
 * `/healthz` while the app is being built: the app's own answer (src/app.ts), for a GET on the API's host name (a
 * request for another host, which a router may claim, waits for the app like any other). Null for anything else.
 */
function earlyHealth(config: Config): (request: Request) => Response | null {
  const base = new URL(config.baseUrl);
  const prefix = base.origin + "/healthz";
  return (request) => {
    if (request.method !== "GET" || request.headers.get("host") !== base.host) return null;
    const url = request.url;
    if (url !== prefix && !url.startsWith(prefix + "?")) return null;
    return Response.json(
      { ok: true, version: VERSION },
      { headers: { "x-request-id": requestIdFor(request), ...EVERY_ANSWER_HEADERS } },
    );
  };
}

/** Starts everything and resolves once the server listens; stops cleanly on SIGINT/SIGTERM. */
export async function serve(config: Config) {
  const deps = createDeps(config);
  // The background self-test runs in a child process: what it loads (sharp, libvips) stays out of this one.
  deps.selfTest = new SelfTestMonitor(runSelfTestInChild, () => deps.clock.now());
  const first = ensureFirstOrganisation(deps);
  // The port opens before the HTTP app is built (issue 28): the database is open and migrated, so `/healthz`
  // answers at once, and any other request waits the few tens of milliseconds until the app is built (the build
  // yields between modules, src/app.ts, so the health check is answered meanwhile).
  let ready: ReturnType<typeof requestHandler> | null = null;
  let assembling: ReturnType<typeof assemble> | null = null;
  // Garbage a burst of requests leaves is collected once the box goes quiet (src/platform/idle-collector.ts).
  const idle = startIdleCollector();
  const early = earlyHealth(config);
  const handler: ReturnType<typeof requestHandler> = (request, server) => {
    idle.note();
    if (ready) return ready(request, server);
    return early(request) ?? assembling!.then(() => ready!(request, server));
  };
  const listeners = config.https
    ? startListeners({
        hostname: config.hostname,
        httpPort: config.port,
        httpsPort: config.https.port,
        certificates: deps.certificates,
        log: deps.log,
        fetch: handler,
        serverOptions: serverOptions(),
        // The check that a brand's custom domain points here goes to the plain HTTP port.
        plain: (request, host) =>
          new URL(request.url).pathname === DOMAIN_PROOF_PATH
            ? new Response(domainProof(deps, host), { headers: { "content-type": "text/plain" } })
            : null,
      })
    : null;
  const stopCertificates = listeners ? keepBoxCertificate(deps, listeners) : () => {};
  const server =
    listeners?.http ??
    Bun.serve({
      port: config.port,
      hostname: config.hostname,
      reusePort: false,
      fetch: handler,
      ...serverOptions(),
      idleTimeout: 120,
    });
  assembling = assemble(deps, MODULES);
  const { app, registry, schedules } = await assembling;
  ready = requestHandler(app, deps);
  // The framework compiles its request handling on the first request it handles; do it now, once the port is
  // open, so neither the health check (answered from the fast lane) nor the first real request waits for it.
  setTimeout(() => void app.handle(new Request(`${config.baseUrl}/healthz`)), 0);
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
  // The language detector (tinyld, ~30 MiB resident) is not warmed up: it loads with the first text to analyse
  // (~90 ms once), so a box that collects nothing keeps that memory free (issue 28, docs/performance.md).
  const selfTest = config.selfTest ? setTimeout(() => void checkPipeline(deps), SELF_TEST_DELAY_MS) : undefined;
  let stopping = false;
  const stop = async () => {
    // A second Ctrl-C (or signal) does not wait for the grace period: running jobs keep their leases anyway.
    if (stopping) process.exit(1);
    stopping = true;
    clearTimeout(selfTest);
    idle.stop();
    stopCertificates();
    // With built-in HTTPS both listeners drain together.
    const http = listeners
      ? {
          stop: (force?: boolean) => listeners.stop(force),
          get pendingRequests() {
            return listeners.http.pendingRequests + (listeners.https()?.pendingRequests ?? 0);
          },
        }
      : server;
    await shutDown({ server: http, workers, cron, deps });
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  return { server, listeners, deps };
}
