/**
 * Lists words written straight into the dashboard's JSX instead of through its catalog (web/dashboard/i18n.ts):
 * text between tags, and the text attributes a person reads (placeholder, aria-label, title, alt, label). Used by
 * test/unit/i18n-dashboard-literals.test.ts; run it to see what is left:
 *
 *   bun scripts/dashboard-literals.ts [file-or-folder…]
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

const ROOT = join(import.meta.dir, "..");

/** A word of two letters or more (what a person reads; punctuation, symbols and numbers alone are not). */
const WORDY = /\p{L}{2,}/u;
/** Text between a tag's end and the next tag or expression. */
const JSX_TEXT = />([^<>{}]+)</g;
/** A text attribute with a literal value. */
const TEXT_ATTRIBUTE = /\b(placeholder|aria-label|title|alt|label)="([^"]*)"/g;

/** An example value in a placeholder (an address, a domain), not words to translate. */
const EXAMPLE_VALUE = /^(https?:\/\/\S*|[\w.+-]+@[\w.-]+|[\w-]+(\.[\w-]+)+)$/;

/**
 * Whether a `>…<` match is code rather than JSX text: an arrow's `=>` before it, a type argument after it
 * (`Promise<…>`, `api.get<…>`), or the inside of a string with `\n` in it.
 */
function looksLikeCode(line: string, at: number, text: string): boolean {
  if (line[at - 1] === "=") return true;
  if (/(?:^|[\s(!])(?:Promise|[\w$]+\.[\w$]+)$/.test(text)) return true;
  return text.startsWith("\\n");
}

/** One literal: where, and what. */
export interface Literal {
  file: string;
  line: number;
  text: string;
}

function files(path: string): string[] {
  if (!statSync(path).isDirectory()) return path.endsWith(".tsx") ? [path] : [];
  return readdirSync(path).flatMap((n) => files(join(path, n)));
}

/** Literal words in the dashboard's JSX under `paths` (default: all of web/dashboard). */
export function dashboardLiterals(paths: string[] = [join(ROOT, "web/dashboard")]): Literal[] {
  const out: Literal[] = [];
  for (const file of paths.flatMap(files)) {
    const lines = readFileSync(file, "utf8").split("\n");
    lines.forEach((line, i) => {
      const code = line.trimStart();
      if (code.startsWith("//") || code.startsWith("*") || code.startsWith("/*")) return;
      for (const m of line.matchAll(JSX_TEXT))
        if (WORDY.test(m[1]!) && !/=>|&&|\|\||[;=]\s*$/.test(m[1]!) && !looksLikeCode(line, m.index!, m[1]!))
          out.push({ file: relative(ROOT, file), line: i + 1, text: m[1]!.trim() });
      for (const m of line.matchAll(TEXT_ATTRIBUTE))
        if (WORDY.test(m[2]!) && !EXAMPLE_VALUE.test(m[2]!))
          out.push({ file: relative(ROOT, file), line: i + 1, text: `${m[1]}="${m[2]}"` });
    });
    // Text on lines of its own inside JSX (a line that is only words, between a tag above and below).
    lines.forEach((line, i) => {
      const text = line.trim();
      if (
        !text ||
        !WORDY.test(text) ||
        /[<>{}();=]|^\/\/|^\*|^\/\*|^["'`]|["'`],?$|^[\w.]+:|^import\b|^export\b/.test(text)
      )
        return;
      const before = lines[i - 1]?.trim() ?? "";
      const after = lines[i + 1]?.trim() ?? "";
      if ((before.endsWith(">") || before.endsWith("}")) && (after.startsWith("<") || after.startsWith("{")))
        out.push({ file: relative(ROOT, file), line: i + 1, text });
    });
  }
  return out;
}

if (import.meta.main) {
  const args = process.argv.slice(2).map((p) => join(process.cwd(), p));
  const found = dashboardLiterals(args.length ? args : undefined);
  const byFile = new Map<string, number>();
  for (const l of found) {
    console.log(`${l.file}:${l.line}: ${l.text}`);
    byFile.set(l.file, (byFile.get(l.file) ?? 0) + 1);
  }
  console.log(`\n${found.length} literal(s) in ${byFile.size} file(s)`);
}
