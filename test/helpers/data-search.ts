/**
 * Searches every file under a folder (a data directory) for byte strings: how erasure and removal tests prove that
 * nothing of a person, or no removal token, is left in the database, its WAL, media, public files or work files.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

/** `path: label` for every file under `dir` holding a needle (paths relative to `dir`). */
export function findInFiles(dir: string, needles: Record<string, string | Uint8Array>): string[] {
  const wanted = Object.entries(needles).map(
    ([label, n]) => [label, typeof n === "string" ? Buffer.from(n) : n] as const,
  );
  const hits: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else {
        const bytes = readFileSync(path);
        for (const [label, needle] of wanted) if (bytes.includes(needle)) hits.push(`${relative(dir, path)}: ${label}`);
      }
    }
  };
  walk(dir);
  return hits;
}

/** The needles for words as written and in lower case (labelled by the words themselves). */
export const asWrittenAndLower = (words: string[]): Record<string, string> =>
  Object.fromEntries(
    words.flatMap((w) => [
      [w, w],
      [w.toLowerCase(), w.toLowerCase()],
    ]),
  );
