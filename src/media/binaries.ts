/**
 * Finds the external programs media work needs, at run time (never baked in at build time): the configured path,
 * then PATH, then a copy `install.sh` placed beside the executable, then the npm package when running from source.
 */
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Config } from "../config";

/** A program's location and where it was found. */
export interface Found {
  path: string;
  via: "config" | "PATH" | "beside executable" | "npm package";
}

function besideExecutable(name: string): string | null {
  const dirs = [dirname(process.execPath), join(dirname(process.execPath), "bin")];
  for (const d of dirs) if (existsSync(join(d, name))) return join(d, name);
  return null;
}

function fromNpm(pkg: string, file: string): string | null {
  try {
    const p = join(dirname(require.resolve(`${pkg}/package.json`)), file);
    return existsSync(p) ? p : null;
  } catch {
    return null;
  }
}

function find(configured: string | null, name: string, npm?: [string, string]): Found | null {
  if (configured) return existsSync(configured) ? { path: configured, via: "config" } : null;
  const onPath = Bun.which(name);
  if (onPath) return { path: onPath, via: "PATH" };
  const beside = besideExecutable(name);
  if (beside) return { path: beside, via: "beside executable" };
  const pkg = npm ? fromNpm(npm[0], npm[1]) : null;
  return pkg ? { path: pkg, via: "npm package" } : null;
}

/** ffmpeg: config, PATH, beside the executable, then @ffmpeg-installer's static build. */
export const findFfmpeg = (config: Config) =>
  find(config.ffmpegPath, "ffmpeg", ["@ffmpeg-installer/linux-x64", "ffmpeg"]);
/** ffprobe: config, PATH, beside the executable. */
export const findFfprobe = (config: Config) => find(config.ffprobePath, "ffprobe");
/** whisper.cpp's command-line program. */
export const findWhisper = (config: Config) => find(config.whisperBin, "whisper-cli");
/** pocketsphinx's command-line program (Debian package `pocketsphinx`: pocketsphinx_continuous). */
export const findPocketsphinx = () => find(null, "pocketsphinx_continuous");
