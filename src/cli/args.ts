/** Minimal argument parsing for the CLI: words, `--flag value`, `--flag=value` and boolean flags. */

/** Parsed command line. */
export interface Args {
  words: string[];
  flags: Record<string, string>;
  bools: Set<string>;
}

const BOOLEAN = new Set(["--json", "--help", "-h", "--force", "--dry-run", "--operator", "--on", "--off"]);

/** Splits argv (without the program name) into words and flags. */
export function parseArgs(argv: string[]): Args {
  const out: Args = { words: [], flags: {}, bools: new Set() };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a.startsWith("-")) {
      const eq = a.indexOf("=");
      if (eq > 0) out.flags[a.slice(0, eq)] = a.slice(eq + 1);
      else if (BOOLEAN.has(a)) out.bools.add(a);
      else if (i + 1 < argv.length && !argv[i + 1]!.startsWith("--")) out.flags[a] = argv[++i]!;
      else out.bools.add(a);
    } else out.words.push(a);
  }
  return out;
}

/** A required flag's value, or a usage error. */
export function need(args: Args, flag: string, usage: string): string {
  const v = args.flags[flag];
  if (v === undefined || v === "") throw new UsageError(`${flag} is required.\nUsage: ${usage}`);
  return v;
}

/** A mistake in how the command was called; printed without a stack, exit code 2. */
export class UsageError extends Error {}
