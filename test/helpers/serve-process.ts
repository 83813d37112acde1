/**
 * `dist/plaudit serve` as a child process on a data directory the test keeps across restarts (test/helpers/server.ts
 * makes a fresh one per server and deletes it on stop): start it, wait for it to answer, read its log, and stop it
 * with a signal, answering the exit code. For tests of stopping, restarting and restoring.
 */
import { openSync, closeSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { binaryEnv, ensureBinary } from "./binary";
import { freePort } from "./ports";

/** A running `plaudit serve`. */
export interface ServeProcess {
  proc: ReturnType<typeof Bun.spawn>;
  url: string;
  /** What it printed (stdout and stderr). */
  log(): string;
  /**
   * Sends `signal` (default SIGTERM; null: none, the test sent one) and waits for the exit, at most `ms`; answers
   * the exit code. (A second signal makes `serve` exit at once with 1.)
   */
  stop(signal?: NodeJS.Signals | null, ms?: number): Promise<number>;
}

const started = new Set<ReturnType<typeof Bun.spawn>>();
process.on("exit", () => {
  for (const p of started) if (p.exitCode === null) p.kill(9);
});

/** A free port no other test process is handed (test/helpers/ports.ts). */
export { freePort };

/** The settings every test server gets: its port and address, quiet logs, no background self-test. */
export function serveEnv(port: number, extra: Record<string, string> = {}): Record<string, string> {
  return binaryEnv({
    PLAUDIT_PORT: String(port),
    PLAUDIT_HOST: "127.0.0.1",
    PLAUDIT_BASE_URL: `http://127.0.0.1:${port}`,
    PLAUDIT_LOG_LEVEL: "warn",
    PLAUDIT_SELF_TEST: "0",
    ...extra,
  });
}

/** Runs a `plaudit` command in `cwd` with `env`; its exit code and output. */
export async function plaudit(cwd: string, env: Record<string, string>, args: string[]) {
  const p = Bun.spawn([await ensureBinary(), ...args], { cwd, env, stdout: "pipe", stderr: "pipe" });
  const [out, err, code] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text(), p.exited]);
  return { code, out, err };
}

/** Starts `plaudit serve` in `cwd` (its log in `cwd/serve-N.log`) and waits until it answers /healthz. */
export async function startServe(cwd: string, port: number, env: Record<string, string>): Promise<ServeProcess> {
  const bin = await ensureBinary();
  const url = `http://127.0.0.1:${port}`;
  const logPath = join(cwd, `serve-${Date.now()}-${started.size}.log`);
  const fd = openSync(logPath, "a");
  const proc = Bun.spawn([bin, "serve"], { cwd, env, stdin: "ignore", stdout: fd, stderr: fd });
  closeSync(fd);
  started.add(proc);
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
  return {
    proc,
    url,
    log,
    async stop(signal: NodeJS.Signals | null = "SIGTERM", ms = 40_000) {
      if (signal && proc.exitCode === null) proc.kill(signal);
      const exited = await Promise.race([proc.exited, Bun.sleep(ms).then(() => null)]);
      if (exited === null) {
        proc.kill(9);
        await proc.exited;
        throw new Error(`plaudit serve did not stop within ${ms} ms of ${signal}:\n${log()}`);
      }
      started.delete(proc);
      return exited;
    },
  };
}
