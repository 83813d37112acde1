/**
 * Temporary output names beside the final place, so the caller's rename stays on one filesystem and is atomic.
 */
import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { basename, dirname, extname, join } from "node:path";

/** A fresh hidden name in `dir` (default: the input's folder) ending in `.part<ext>`, e.g. `.clip-1a2b.part.mp4`. */
export function tempOutput(input: string, ext: string, dir?: string): string {
  const folder = dir ?? dirname(input);
  mkdirSync(folder, { recursive: true });
  const stem =
    basename(input, extname(input))
      .replace(/[^\w-]/g, "")
      .slice(0, 40) || "media";
  return join(folder, `.${stem}-${randomUUID().slice(0, 8)}.part${ext}`);
}
