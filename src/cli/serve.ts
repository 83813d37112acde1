/**
 * `plaudit serve`: the HTTP server, the job workers and the schedules in one process, and shortly after start a
 * background self-test of the media pipeline (src/media/self-test.ts) whose failure is logged and shown to owners.
 * With built-in HTTPS (PLAUDIT_DOMAIN or the operator's certificate files) it runs the two listeners of
 * src/platform/tls/listeners.ts instead of one: plain HTTP for ACME challenges and redirects, and HTTPS.
 *
 * It starts in two stages (issue 28, docs/performance.md "Start"). This file loads only what opening the port
 * needs: the database client and the migrations, the request limits, the request id, the listeners (and with
 * built-in HTTPS the secret and the certificates). Once the database is open and migrated it listens: `/healthz`
 * answers at once, and every other request waits for the app, which src/cli/serve-app.ts (imported after, with
 * the Elysia app, the domains and the workers) builds. A first start makes the first organisation before
 * listening, so its sign-in file exists once the health check answers.
 */
import type { Config } from "../config";
import type { Server } from "bun";
import type { Prepared, Opened } from "./serve-app";
import { openDb, type Db } from "../platform/db/client";
import { migrate } from "../platform/db/migrate";
import { dbPath } from "../platform/db/path";
import { createLogger } from "../platform/log";
import { useNativeDir } from "../platform/native-dir";
import { Signer, loadOrCreateSecret } from "../platform/crypto";
import { systemClock } from "../platform/clock";
import { createCertificates } from "../platform/tls/service";
import { serverOptions } from "../platform/http/server-options";
import { EVERY_ANSWER_HEADERS, requestIdFor } from "../platform/http/request-id";
import { VERSION } from "../version";
import { startListeners } from "../platform/tls/listeners";
import { shutDown } from "./shutdown";
import { loadServeApp } from "./load-in-steps";
import { startIdleCollector } from "../platform/idle-collector";
import { DOMAIN_PROOF_PATH, domainProof } from "../domains/brands/domain-proof";

/** A request handler as `Bun.serve` calls it. */
type Handler = (request: Request, server: Server<undefined>) => Response | Promise<Response>;

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

/**
 * Whether the database holds an organisation yet (the `orgs` table of src/platform/access/tables.ts; what
 * `ensureFirstOrganisation` asks, without loading the accounts domain).
 */
function hasOrganisation(db: Db): boolean {
  return db.$client.query("SELECT 1 FROM orgs LIMIT 1").get() !== null;
}

/**
 * Starts everything and resolves once the app is built and the workers run; stops cleanly on SIGINT/SIGTERM (one
 * received while the app loads takes effect once it is loaded).
 */
export async function serve(config: Config) {
  useNativeDir(config.dataDir);
  const db = openDb(dbPath(config.dataDir), { syncFull: config.syncFull });
  migrate(db);
  const opened: Opened = { db, log: createLogger(config.logLevel) };
  if (config.https) {
    opened.signer = new Signer(loadOrCreateSecret(config.dataDir));
    opened.certificates = createCertificates({ config, db, clock: systemClock, log: opened.log });
  }
  // A first start makes its first organisation before listening (then its sign-in file exists once `/healthz`
  // answers); a restart loads the app after the port is open.
  let prepared: Prepared | null = null;
  if (!hasOrganisation(db)) prepared = (await import("./serve-app")).prepare(config, opened);
  // The port opens before the app is loaded (issue 28): the database is open and migrated, so `/healthz` answers
  // at once, and any other request waits until the app is built (the build yields between modules, src/app.ts, so
  // the health check is answered meanwhile).
  let ready: Handler | null = null;
  let building: Promise<unknown> | null = null;
  // Garbage a burst of requests leaves is collected once the box goes quiet (src/platform/idle-collector.ts).
  const idle = startIdleCollector();
  const early = earlyHealth(config);
  const handler: Handler = (request, server) => {
    idle.note();
    if (ready) return ready(request, server);
    return early(request) ?? building!.then(() => ready!(request, server));
  };
  const { signer, certificates } = opened;
  const listeners =
    config.https && certificates && signer
      ? startListeners({
          hostname: config.hostname,
          httpPort: config.port,
          httpsPort: config.https.port,
          certificates,
          log: opened.log,
          fetch: handler,
          serverOptions: serverOptions(),
          // The check that a brand's custom domain points here goes to the plain HTTP port.
          plain: (request, host) =>
            new URL(request.url).pathname === DOMAIN_PROOF_PATH
              ? new Response(domainProof({ signer }, host), { headers: { "content-type": "text/plain" } })
              : null,
        })
      : null;
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
  // A stop asked for while the app loads (a restart right after a start) waits for it, then stops as usual: the
  // requests waiting for the app are answered and the database is closed cleanly (its WAL written back).
  let stop: (() => Promise<void>) | null = null;
  let stopAsked = false;
  const onSignal = () => {
    if (stop) void stop();
    // A second Ctrl-C (or signal) does not wait.
    else if (stopAsked) process.exit(1);
    else stopAsked = true;
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  const build = async () => {
    const stage = await loadServeApp();
    const p = prepared ?? stage.prepare(config, opened);
    const started = await stage.startApp(p, listeners);
    ready = started.handler;
    return { ...p, ...started };
  };
  const running = build();
  building = running;
  const { deps, first, workers, cron, stopTimers } = await running;
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
  let stopping = false;
  stop = async () => {
    // A second Ctrl-C (or signal) does not wait for the grace period: running jobs keep their leases anyway.
    if (stopping) process.exit(1);
    stopping = true;
    stopTimers();
    idle.stop();
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
  if (stopAsked) void stop();
  return { server, listeners, deps };
}
