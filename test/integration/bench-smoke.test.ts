/**
 * Benchmarks do not rot: every benchmark in bench/ runs in smoke mode (`--smoke`: the same code paths on tiny
 * sizes, no ratio asserted) as its own process, and must exit 0 having printed a ratio line. The benchmarks are
 * found by listing bench/ (every `*.ts` except helpers, whose names start with `_`), so a new one is covered
 * without touching this file. Load comes from the Bun fetch loop (smoke mode does not use wrk).
 */
import { beforeAll, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { ensureMediaFixtures } from "../fixtures/media/make-fixtures";

const root = join(import.meta.dir, "..", "..");
const benchDir = join(root, "bench");
const benchmarks = readdirSync(benchDir)
  .filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts") && !f.startsWith("_"))
  .sort();

/** Time allowed per benchmark: about a second each, more for the ones that run ffmpeg and speech recognition. */
const DEFAULT_MS = 30_000;
const LONGER_MS: Record<string, number> = {
  "media-process.ts": 90_000,
  "reels-render.ts": 90_000,
  "speech-wer.ts": 90_000,
};

// The media benchmarks use the shared media fixtures; make them once here, not inside a benchmark's time.
beforeAll(() => {
  ensureMediaFixtures();
}, 240_000);

test("bench/ holds benchmarks", () => {
  expect(benchmarks.length).toBeGreaterThan(0);
});

for (const file of benchmarks) {
  const ms = LONGER_MS[file] ?? DEFAULT_MS;
  test(
    `bench/${file} --smoke exits 0 and prints its ratio`,
    async () => {
      const proc = Bun.spawn([process.execPath, join(benchDir, file), "--smoke"], {
        cwd: root,
        stdout: "pipe",
        stderr: "pipe",
        timeout: ms - 2_000,
        killSignal: "SIGKILL",
      });
      const [out, err, code] = await Promise.all([
        new Response(proc.stdout).text(),
        new Response(proc.stderr).text(),
        proc.exited,
      ]);
      if (code !== 0)
        throw new Error(
          `bench/${file} --smoke exited ${code}${proc.signalCode ? ` (${proc.signalCode})` : ""}\n--- stdout\n${out.slice(-3000)}\n--- stderr\n${err.slice(-3000)}`,
        );
      const ratios = out.split("\n").filter((line) => /\bratio\b/i.test(line));
      expect(ratios.some((line) => /\bratio\b.*\d\.\d/i.test(line))).toBe(true);
      expect(ratios.filter((line) => /NaN|Infinity/.test(line))).toEqual([]);
    },
    ms,
  );
}
