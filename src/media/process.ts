/**
 * Runs an external program (ffmpeg, ffprobe, pocketsphinx, whisper-cli) as a child process with a wall-clock
 * limit and abort support. The child is killed with SIGKILL on either, so a hostile file can never hang a job.
 */
import { MediaError } from "./errors";

/** How to run a child process. */
export interface RunOptions {
  /** Wall-clock limit; the child is killed when it passes. */
  timeoutMs: number;
  signal?: AbortSignal;
  /** Receives stdout line by line instead of collecting it (for `-progress pipe:1`). */
  onStdoutLine?: (line: string) => void;
  cwd?: string;
  /** Bytes of stderr kept (the tail: tools print their errors last). Default 64 KiB. */
  maxStderrBytes?: number;
  /** Bytes of stdout kept when collecting. Default 16 MiB. */
  maxStdoutBytes?: number;
}

/** What a finished child process left behind. */
export interface RunResult {
  code: number;
  stdout: string;
  /** The tail of stderr (see `maxStderrBytes`). */
  stderr: string;
  elapsedMs: number;
}

async function drain(
  stream: ReadableStream<Uint8Array>,
  keep: number,
  tail: boolean,
  onLine?: (l: string) => void,
): Promise<string> {
  const decoder = new TextDecoder();
  let text = "";
  let pending = "";
  for await (const chunk of stream) {
    const s = decoder.decode(chunk, { stream: true });
    if (onLine) {
      pending += s;
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const l of lines) onLine(l.replace(/\r$/, ""));
      continue;
    }
    text += s;
    if (text.length > keep * 2) text = tail ? text.slice(-keep) : text.slice(0, keep);
  }
  if (onLine && pending) onLine(pending);
  return text.length > keep ? (tail ? text.slice(-keep) : text.slice(0, keep)) : text;
}

/** Runs `cmd` and resolves with its exit code and output; rejects with MediaError `timeout`/`aborted`/`tool_missing`. */
export async function runProcess(cmd: string[], opts: RunOptions): Promise<RunResult> {
  if (opts.signal?.aborted) throw new MediaError("aborted", "Processing was cancelled.");
  const started = performance.now();
  let proc: ReturnType<typeof Bun.spawn<"ignore", "pipe", "pipe">>;
  try {
    proc = Bun.spawn(cmd, { stdin: "ignore", stdout: "pipe", stderr: "pipe", cwd: opts.cwd });
  } catch (e) {
    throw new MediaError("tool_missing", `The program ${cmd[0]} could not be started.`, String(e));
  }
  let why: "timeout" | "aborted" | null = null;
  const kill = (reason: "timeout" | "aborted") => {
    if (why) return;
    why = reason;
    proc.kill("SIGKILL");
  };
  const timer = setTimeout(() => kill("timeout"), opts.timeoutMs);
  const onAbort = () => kill("aborted");
  opts.signal?.addEventListener("abort", onAbort, { once: true });
  try {
    const [stdout, stderr, code] = await Promise.all([
      drain(proc.stdout, opts.maxStdoutBytes ?? 16 << 20, false, opts.onStdoutLine),
      drain(proc.stderr, opts.maxStderrBytes ?? 64 << 10, true),
      proc.exited,
    ]);
    const elapsedMs = performance.now() - started;
    if (why === "timeout") {
      throw new MediaError(
        "timeout",
        `Processing took longer than ${Math.round(opts.timeoutMs / 1000)} s and was stopped.`,
        clipOutput(stderr),
      );
    }
    if (why === "aborted") throw new MediaError("aborted", "Processing was cancelled.");
    return { code, stdout, stderr, elapsedMs };
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener("abort", onAbort);
  }
}

/** The last meaningful lines of a tool's output, short enough for a log line or an error detail. */
export function clipOutput(text: string, maxChars = 800): string {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trimEnd())
    .filter((l) => l && !/^\s*(built with|configuration:|lib\w+\s+\d|Copyright)/.test(l));
  let out = "";
  for (let i = lines.length - 1; i >= 0; i--) {
    const next = lines[i] + (out ? "\n" + out : "");
    if (next.length > maxChars) break;
    out = next;
  }
  return out || text.slice(-maxChars);
}
