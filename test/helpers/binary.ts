/**
 * The executable users run, for tests: `dist/plaudit`, built from the checkout when it is missing or older than
 * any source file (`bun run test:all` builds it fresh before the run, so CI always tests a new build), and the
 * choice between testing it and testing the source.
 *
 * Integration and browser tests start the executable by default. `PLAUDIT_TEST_TARGET=source` starts the server
 * from source in the test process instead (quicker for local runs; CI never sets it).
 */
import { join } from "node:path";
import { BINARY, ROOT, binaryIsStale } from "../../scripts/build.ts";

/** What integration and browser tests run against. */
export const TEST_TARGET: "binary" | "source" = process.env.PLAUDIT_TEST_TARGET === "source" ? "source" : "binary";

let building: Promise<string> | null = null;

/** The absolute path of an up-to-date `dist/plaudit`, building it first when it is stale (once per test process). */
export function ensureBinary(): Promise<string> {
  building ??= (async () => {
    if (!binaryIsStale()) return BINARY;
    const started = performance.now();
    const b = Bun.spawn([process.execPath, join(ROOT, "scripts", "build.ts")], {
      cwd: ROOT,
      stdout: "pipe",
      stderr: "pipe",
    });
    const [out, err, code] = await Promise.all([
      new Response(b.stdout).text(),
      new Response(b.stderr).text(),
      b.exited,
    ]);
    if (code !== 0) throw new Error(`building dist/plaudit failed (exit ${code}):\n${err}${out}`);
    console.error(`test: built dist/plaudit in ${Math.round(performance.now() - started)} ms`);
    return BINARY;
  })();
  return building;
}

/** The environment a test gives the executable: this process's, less every PLAUDIT_* variable, plus `extra`. */
export function binaryEnv(extra: Record<string, string> = {}): Record<string, string> {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([k, v]) => !k.startsWith("PLAUDIT_") && v !== undefined),
  ) as Record<string, string>;
  return { ...inherited, ...extra };
}
