/**
 * Ports for test servers that no other process on this machine is handed at the same time, so test files can run
 * in parallel (`bun test --parallel`, or two people's runs on one machine).
 *
 * Asking the kernel for a free port (bind to port 0, close, hand the number to a server started later) leaves a
 * window in which the kernel can give the same number to another test process, or to an outgoing connection. So
 * ports come from below the kernel's ephemeral range (32768–60999 on Linux: what port 0 and outgoing connections
 * get), and each one is claimed with a file created exclusively in a folder every test process shares
 * (`$TMPDIR/plaudit-test-ports/<port>`, holding the claimer's process id), kept until that process exits. A port is
 * handed out only when its claim was made here and nothing listens on it.
 */
import { mkdirSync, readFileSync, readdirSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const DIR = join(tmpdir(), "plaudit-test-ports");
/** The range ports are drawn from: below the ephemeral range, above the usual fixed service ports. */
const LOW = 20_000;
const HIGH = 32_000;
/** A claim whose process has ended is cleared once it is this old (a run killed with SIGKILL leaves its claims). */
const STALE_MS = 10 * 60_000;

const claimed: string[] = [];
let swept = false;
process.on("exit", () => {
  for (const file of claimed) {
    try {
      unlinkSync(file);
    } catch {}
  }
});

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Clears claims left by processes that have ended (once per process). */
function sweep() {
  swept = true;
  for (const name of readdirSync(DIR)) {
    const file = join(DIR, name);
    try {
      const pid = Number(readFileSync(file, "utf8"));
      if (pid > 0 && running(pid)) continue;
      if (Date.now() - statSync(file).mtimeMs > STALE_MS) unlinkSync(file);
    } catch {}
  }
}

/** Whether something can listen on `port` now (on every address: a listener on any of them would clash). */
function bindable(port: number): boolean {
  try {
    Bun.serve({ port, hostname: "0.0.0.0", reusePort: false, fetch: () => new Response() }).stop(true);
    return true;
  } catch {
    return false;
  }
}

/** A port on which nothing listens and that no other test process was handed; it stays this process's until exit. */
export function freePort(): number {
  mkdirSync(DIR, { recursive: true });
  if (!swept) sweep();
  for (let i = 0; i < 1000; i++) {
    const port = LOW + Math.floor(Math.random() * (HIGH - LOW));
    const file = join(DIR, String(port));
    try {
      writeFileSync(file, String(process.pid), { flag: "wx" });
    } catch {
      continue; // another process holds it
    }
    claimed.push(file);
    if (bindable(port)) return port;
  }
  throw new Error(`no free port found between ${LOW} and ${HIGH} (claims in ${DIR})`);
}
