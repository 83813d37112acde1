/**
 * The media self-test of `plaudit serve`, run in a child process of the same program (`plaudit self-test`, the
 * same flags and environment), so what it loads never stays in the server's memory: sharp and libvips (about 15 MiB
 * mapped, and the embedded copy read once), the speech engine's tables, ffmpeg's output buffers. Run in the server
 * itself it left ~70 MiB more resident for the life of the process (issue 28, docs/performance.md). The child
 * prints its result as JSON on its last line; the parent parses it, or reports the child's failure as a failed step.
 */
import type { SelfTestResult } from "./self-test";

/** The hidden command the child runs. */
export const SELF_TEST_COMMAND = "self-test";

/** The limit for the child (the self-test's own is 2 minutes). */
const CHILD_TIMEOUT_MS = 150_000;

/** How to start this program again: the executable alone, or Bun with the entry file when running from source. */
export function selfCommand(): string[] {
  return Bun.main.startsWith("/$bunfs/") ? [process.execPath] : [process.execPath, Bun.main];
}

/** The arguments of the child: this process's own, with the command word made `self-test`. */
export function childArguments(argv: readonly string[]): string[] {
  const rest = [...argv];
  const at = rest.findIndex((a) => a === "serve");
  if (at >= 0) rest[at] = SELF_TEST_COMMAND;
  else rest.unshift(SELF_TEST_COMMAND);
  return rest;
}

/** Runs the self-test in a child process and returns its result. */
export async function runSelfTestInChild(): Promise<SelfTestResult> {
  const child = Bun.spawn([...selfCommand(), ...childArguments(process.argv.slice(2))], {
    env: process.env,
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
    timeout: CHILD_TIMEOUT_MS,
  });
  const [out, err, code] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  const last = out.trim().split("\n").pop() ?? "";
  try {
    return JSON.parse(last) as SelfTestResult;
  } catch {
    throw new Error(`the self-test process ended (${code}) without a result: ${(err || out).trim().slice(-500)}`);
  }
}
