/** A small leveled logger writing JSON lines to stderr (stdout stays for CLI output). */

/** Log sink used everywhere. */
export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

const ORDER = { debug: 0, info: 1, warn: 2, error: 3 } as const;

/** A logger printing at `level` and above; `silent` drops everything (tests). */
export function createLogger(level: keyof typeof ORDER | "silent" = "info"): Logger {
  const min = level === "silent" ? 99 : ORDER[level];
  const write = (lvl: keyof typeof ORDER) => (msg: string, fields?: Record<string, unknown>) => {
    if (ORDER[lvl] < min) return;
    process.stderr.write(JSON.stringify({ t: new Date().toISOString(), level: lvl, msg, ...fields }) + "\n");
  };
  return { debug: write("debug"), info: write("info"), warn: write("warn"), error: write("error") };
}
