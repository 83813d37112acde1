/**
 * Files embedded in the compiled binary (music tracks, the default logo) live in Bun's own virtual file system
 * (`/$bunfs/…`), which ffmpeg, a separate program, cannot open. Before a render hands one to ffmpeg it is copied
 * once to a real file under the data directory; when running from source the file is used where it is.
 */
import { existsSync, mkdirSync, renameSync, statSync } from "node:fs";
import { basename, join } from "node:path";

/** True for a path inside the binary's embedded files. */
export const isEmbedded = (path: string) => path.startsWith("/$bunfs/") || /^[A-Z]:[\\/]~BUN[\\/]/.test(path);

/** A path ffmpeg can read: `path` itself, or its copy under `dir` (made once; the same size means done). */
export async function onDisk(path: string, dir: string): Promise<string> {
  if (!isEmbedded(path)) return path;
  const file = Bun.file(path);
  const out = join(dir, basename(path));
  if (existsSync(out) && statSync(out).size === file.size) return out;
  mkdirSync(dir, { recursive: true });
  const tmp = `${out}.${process.pid}.part`;
  await Bun.write(tmp, file);
  renameSync(tmp, out);
  return out;
}
