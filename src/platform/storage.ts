/**
 * Files under the data directory: `media/` (private originals and processed files) and `public/` (what the CDN
 * address serves). Writes go to a temporary name and are renamed into place, so nobody reads a half-written file.
 */
import { mkdirSync, renameSync, rmSync, existsSync, statSync, writeFileSync, readdirSync } from "node:fs";
import { dirname, join, normalize, sep } from "node:path";
import { randomToken } from "./crypto";

/** The two areas files live in. */
export type Area = "media" | "public";

/** File storage rooted at the data directory. */
export class Storage {
  constructor(public readonly root: string) {
    // The data directory holds the database and the secret: the owner's alone when Plaudit makes it.
    mkdirSync(root, { recursive: true, mode: 0o700 });
    mkdirSync(join(root, "media"), { recursive: true });
    mkdirSync(join(root, "public"), { recursive: true });
    mkdirSync(join(root, "tmp"), { recursive: true });
  }

  /** Absolute path of `key` inside `area`; refuses keys that climb out of it. */
  path(area: Area, key: string): string {
    const base = join(this.root, area);
    const full = normalize(join(base, key));
    if (!full.startsWith(base + sep)) throw new Error(`storage key escapes its area: ${key}`);
    return full;
  }

  /** A fresh path under `tmp/` for work files; callers rename or delete it. */
  tempPath(suffix = ""): string {
    return join(this.root, "tmp", `${Date.now()}-${randomToken(9)}${suffix}`);
  }

  /** Writes bytes atomically (temp name, then rename). */
  async write(area: Area, key: string, data: string | Uint8Array | Blob): Promise<string> {
    const full = this.path(area, key);
    mkdirSync(dirname(full), { recursive: true });
    const tmp = `${full}.${randomToken(6)}.part`;
    await Bun.write(tmp, data);
    renameSync(tmp, full);
    return full;
  }

  /** Writes a string synchronously and atomically. */
  writeSync(area: Area, key: string, data: string | Uint8Array): string {
    const full = this.path(area, key);
    mkdirSync(dirname(full), { recursive: true });
    const tmp = `${full}.${randomToken(6)}.part`;
    writeFileSync(tmp, data);
    renameSync(tmp, full);
    return full;
  }

  /** Moves a finished temp file into place. */
  adopt(tempFile: string, area: Area, key: string): string {
    const full = this.path(area, key);
    mkdirSync(dirname(full), { recursive: true });
    renameSync(tempFile, full);
    return full;
  }

  /** True when the file exists. */
  exists(area: Area, key: string): boolean {
    return existsSync(this.path(area, key));
  }

  /** Size in bytes, or null when missing. */
  size(area: Area, key: string): number | null {
    try {
      return statSync(this.path(area, key)).size;
    } catch {
      return null;
    }
  }

  /** Deletes a file or a folder; missing is fine. */
  remove(area: Area, key: string): void {
    rmSync(this.path(area, key), { recursive: true, force: true });
  }

  /** Names directly inside a folder of an area (empty when missing). */
  list(area: Area, key: string): string[] {
    try {
      return readdirSync(this.path(area, key));
    } catch {
      return [];
    }
  }
}
