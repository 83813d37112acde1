/**
 * How `plaudit serve` stops on SIGTERM (systemd's stop, `docker stop`) or Ctrl-C: the listening socket closes at
 * once (new connections are refused, so a proxy or the restarted service takes them), requests in flight finish,
 * schedules stop enqueueing, and workers stop claiming and let running jobs finish; all within one grace period
 * (PLAUDIT_SHUTDOWN_GRACE_SECONDS, 20 s by default, under systemd's 30 s TimeoutStopSec). Past it the remaining
 * connections are closed, and jobs still running are left under their leases (their child processes killed):
 * nothing is marked failed, and the next process claims them once the lease has run out. Then counts kept in
 * memory are written (src/platform/db/before-close.ts) and the database closes.
 */
import type { Deps } from "../platform/deps";
import type { Workers } from "../platform/jobs/worker";
import type { Schedules } from "../platform/jobs/cron";
import { runBeforeClose } from "../platform/db/before-close";

/** What of Bun's server the shutdown uses. */
export interface StoppableServer {
  /** Without `true`, stops listening and resolves once the requests in flight have been answered. */
  stop(closeActiveConnections?: boolean): Promise<void>;
  readonly pendingRequests: number;
}

/** The running parts of `serve`. */
export interface Running {
  server: StoppableServer;
  workers: Workers | null;
  cron: Schedules | null;
  deps: Pick<Deps, "db" | "log" | "config" | "state">;
}

/** Resolves after `ms`, with a way to cancel the timer. */
function timer(ms: number) {
  let t: ReturnType<typeof setTimeout> | undefined;
  const done = new Promise<"timeout">((resolve) => (t = setTimeout(() => resolve("timeout"), ms)));
  return { done, cancel: () => clearTimeout(t) };
}

/** Stops listening and waits for requests in flight, at most `graceMs`; then closes what is left. */
async function drainHttp(server: StoppableServer, graceMs: number, log: Deps["log"]) {
  const grace = timer(graceMs);
  const outcome = await Promise.race([server.stop().then(() => "drained" as const), grace.done]);
  grace.cancel();
  if (outcome === "timeout") {
    log.warn("requests still in flight after the grace period are cut off", { requests: server.pendingRequests });
    await server.stop(true);
  }
}

/** Stops everything cleanly (see the file comment); resolves when the database is closed. */
export async function shutDown({ server, workers, cron, deps }: Running): Promise<void> {
  const started = performance.now();
  const graceMs = deps.config.shutdownGraceMs;
  deps.log.info("stopping: new connections refused; finishing requests in flight and running jobs", {
    requests: server.pendingRequests,
    grace_seconds: graceMs / 1000,
  });
  cron?.stop();
  await Promise.all([drainHttp(server, graceMs, deps.log), workers?.stop({ graceMs })]);
  // Writes kept in memory for a moment (analytics counts) reach the database before it closes.
  runBeforeClose(deps, (e) => deps.log.error("flush before close failed", { error: String(e) }));
  deps.db.$client.close();
  deps.log.info("stopped", { ms: Math.round(performance.now() - started) });
}
