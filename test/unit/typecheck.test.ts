/** The whole project (server, web bundles, tests, benches) type-checks with the TypeScript compiler. */
import { expect, test } from "bun:test";
import { join } from "node:path";

test("tsc --noEmit reports no errors", () => {
  const root = join(import.meta.dir, "..", "..");
  const tsc = join(root, "node_modules", ".bin", "tsc");
  const r = Bun.spawnSync([tsc, "--noEmit", "-p", root], { cwd: root, stdout: "pipe", stderr: "pipe" });
  const out = r.stdout.toString() + r.stderr.toString();
  expect(out.trim()).toBe("");
  expect(r.exitCode).toBe(0);
}, 120_000);
