/**
 * The formatter is part of the build: every source file is as Biome (biome.json, 120 columns) would write it.
 * Run `bun run format` to fix a failure.
 */
import { expect, test } from "bun:test";
import { join } from "node:path";

const ROOT = join(import.meta.dir, "..", "..");

test("every source file is formatted (bun run format)", async () => {
  const run = Bun.spawn([join(ROOT, "node_modules", ".bin", "biome"), "format", "--max-diagnostics=20", "."], {
    cwd: ROOT,
    stdout: "pipe",
    stderr: "pipe",
  });
  const [out, err, code] = await Promise.all([
    new Response(run.stdout).text(),
    new Response(run.stderr).text(),
    run.exited,
  ]);
  expect({ code, report: code === 0 ? "" : `${out}${err}`.slice(0, 4000) }).toEqual({ code: 0, report: "" });
}, 60_000);
