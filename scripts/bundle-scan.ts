/**
 * `bun scripts/bundle-scan.ts`: finds what the compiled executable would try to load at run time that it does not
 * contain. A compiled Bun binary holds only what the bundler saw; a package that loads another one with a run-time
 * `import(specifier)` or `require(name)` works from source and fails inside `dist/plaudit` with `Cannot find
 * package …` (file-type's `fileTypeFromFile` → `importAtRuntime('strtok3')` did, on a user's first video).
 *
 * It bundles `src/main.ts` the way scripts/build.ts does (target bun, ESM, the same plugin and define) but neither
 * compiled nor minified, in memory, and reads the JavaScript for `import(…)`, `require(…)`, `require.resolve(…)`,
 * `import.meta.require(…)`, calls of functions made by `createRequire(…)`, and the bundler's own stubs for a
 * `require` it could not resolve. A finding is any such site whose argument is a bare package name (not `node:*`,
 * `bun:*`, a Node builtin, or a relative or absolute path) or is not a string literal at all; each names the
 * module it came from (the bundler's `// node_modules/…` markers). Reviewed sites are in ALLOWLIST with a reason.
 * Prints the findings; exits 1 when any is not allowlisted. scripts/build.ts runs it before compiling.
 */
import type { BunPlugin } from "bun";
import { isBuiltin } from "node:module";
import { join, relative, resolve } from "node:path";

/** How a site loads code. */
export type SiteKind =
  | "import()"
  | "require()"
  | "require.resolve()"
  | "import.meta.require()"
  | "createRequire()()"
  | "unresolved require";

/** One run-time load that the bundle does not satisfy by itself. */
export interface Finding {
  kind: SiteKind;
  /** The string literal's value, or null when the argument is computed at run time. */
  specifier: string | null;
  /** The argument's source text (shortened). */
  argument: string;
  /** The module the site is in, from the bundler's markers (e.g. `node_modules/file-type/source/index.js`). */
  module: string;
  /** Line in the unminified bundle. */
  line: number;
  /** A few characters around the site, on one line. */
  context: string;
  /** When the site is a wrapper's parameter (file-type's `importAtRuntime(specifier)`): the wrapper's calls' arguments. */
  calls?: string[];
  /** The allowlist's reason, when the site was reviewed and accepted. */
  allowed?: string;
}

/** A reviewed site: which module, which argument (exact text or pattern), and why it may stay. */
export interface Allowed {
  module: string;
  argument: string | RegExp;
  reason: string;
  /** The allowance lapses when the bundle matches this: a call that would make the site reachable. */
  lapsesIf?: RegExp;
}

/**
 * Reviewed and accepted. A site reachable from the product that would fail in the executable is a bug to fix, not
 * an entry here; the entries are build-time code, guarded fallbacks whose failure is the designed outcome, or code
 * the product never calls.
 */
export const ALLOWLIST: Allowed[] = [
  {
    module: "node_modules/satori/dist/index.js",
    argument: /^s$/,
    reason:
      "satori's SSRF guard for images given by URL imports the runtime's own `node:dns/promises` (always in the executable) through `new Function`, inside try/catch; share images embed their images as data URIs, so it is never reached.",
  },
  {
    module: "node_modules/@peculiar/x509/build/x509.cjs.js",
    argument: /^data$/,
    reason:
      "Not a load: a class method named `import(data)` (PKCS#7 parsing) in the X.509 library acme-client builds certificate requests with.",
  },
  {
    module: "node_modules/sharp/dist/sharp.mjs",
    argument: /^place\(/,
    reason:
      "Plaudit's generated sharp loader (scripts/build.ts): requires the addon from the real file it copied out of the binary.",
  },
  {
    module: "node_modules/sharp/dist/utility.mjs",
    argument: /^(`@img\/sharp-(libvips-)?\$\{runtimePlatform\}\/versions`|"@img\/sharp-wasm32\/versions")$/,
    reason:
      "Runs when sharp loads, inside try/catch: only fills sharp.versions (component versions), which Plaudit never reads.",
  },
  {
    module: "node_modules/sharp/dist/libvips.mjs",
    argument:
      /^(`@img\/sharp-libvips-(dev-)?\$\{buildPlatformArch\(\)\}\/(include|lib)`|"@img\/sharp-libvips-dev\/(include|cplusplus)")$/,
    reason:
      "buildSharpLibvips*Dir(): called only by sharp's binding.gyp when compiling sharp from source, never at run time.",
  },
  {
    module: "node_modules/sentiment/lib/language-processor.js",
    argument: /^"\.\.\/languages\/" \+ languageCode\d* \+ "\/index"$/,
    reason: "Loads a language other than the built-in English; src/media/sentiment.ts never passes a language.",
  },
  {
    module: "node_modules/file-type/source/index.js",
    argument: "specifier",
    reason:
      "FileTypeParser#fromFile's importAtRuntime('strtok3'): nothing calls fromFile (src uses fileTypeFromBuffer); a call voids this.",
    lapsesIf: /\bfileTypeFromFile\b|\.fromFile\s*\(/,
  },
  {
    module: "src/media/binaries.ts",
    argument: /^`\$\{pkg\d*\}\/package\.json`$/,
    reason:
      "fromNpm(): the last fallback for running from source, in try/catch; in the binary it finds nothing and the program counts as missing.",
  },
];

const ROOT = join(import.meta.dir, "..");

/** The first argument of the call whose `(` is just before `open`: its text, and the index where it ends. */
function firstArgument(js: string, open: number): { text: string; end: number } {
  let depth = 0;
  let i = open;
  for (; i < js.length; i++) {
    const c = js[i]!;
    if (c === '"' || c === "'" || c === "`") {
      // Skip a string; a template's `${…}` may hold quotes of its own, so track its braces.
      let braces = 0;
      for (i++; i < js.length; i++) {
        const d = js[i]!;
        if (d === "\\") i++;
        else if (c === "`" && d === "$" && js[i + 1] === "{") braces++, i++;
        else if (c === "`" && braces > 0 && d === "}") braces--;
        else if (d === c && braces === 0) break;
      }
    } else if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") {
      if (depth === 0) break;
      depth--;
    } else if (c === "," && depth === 0) break;
  }
  return { text: js.slice(open, i).trim(), end: i };
}

/** The value of a plain string literal (no `${}`), or null. */
function literal(arg: string): string | null {
  const m = /^(["'`])((?:\\.|(?!\1)[^\\])*)\1$/s.exec(arg);
  if (!m || (m[1] === "`" && m[2]!.includes("${"))) return null;
  return m[2]!.replace(/\\(.)/g, "$1");
}

/** True for what the executable resolves by itself: builtins, `node:`/`bun:` names, relative and absolute paths. */
function selfContained(spec: string): boolean {
  return /^(node|bun):/.test(spec) || spec === "bun" || isBuiltin(spec) || /^\.{0,2}\//.test(spec);
}

/**
 * For a site whose argument is a parameter of the function around it (`function load(name) { return import(name) }`
 * or `load = (name) => import(name)`), the first argument of every call of that function.
 */
function wrapperCalls(js: string, at: number, argument: string): string[] | undefined {
  if (!/^[\w$]+$/.test(argument)) return undefined;
  const before = js.slice(Math.max(0, at - 300), at);
  const p = argument.replace(/\$/g, "\\$");
  const def = new RegExp(
    `(?:function\\s+([\\w$]+)\\s*\\(\\s*${p}\\s*\\)|([\\w$]+)\\s*=\\s*(?:async\\s*)?\\(?\\s*${p}\\s*\\)?\\s*=>)[^]*$`,
  ).exec(before);
  const name = def?.[1] ?? def?.[2];
  if (!name) return undefined;
  const calls: string[] = [];
  for (const m of js.matchAll(new RegExp(`(?<![\\w$.]|function\\s)${name.replace(/\$/g, "\\$")}\\s*\\(`, "g"))) {
    const arg = firstArgument(js, m.index! + m[0].length).text;
    if (arg !== argument) calls.push(arg);
  }
  return calls;
}

/** Finds the run-time loads in bundled JavaScript (exported for tests; `scanBundle` bundles first). */
export function scanJavaScript(js: string, markersFrom = process.cwd()): Finding[] {
  // The bundler names each module relative to the working directory; name them relative to the checkout.
  const markers: { at: number; module: string }[] = [];
  for (const m of js.matchAll(/^\/\/ (\S+\.\w+)$/gm))
    markers.push({ at: m.index!, module: relative(ROOT, resolve(markersFrom, m[1]!)) });
  const lineStarts: number[] = [0];
  for (let i = js.indexOf("\n"); i >= 0; i = js.indexOf("\n", i + 1)) lineStarts.push(i + 1);
  const lineOf = (at: number) => {
    let lo = 0,
      hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid]! <= at) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const moduleAt = (at: number) => {
    let found = "(bundle)";
    for (const m of markers)
      if (m.at <= at) found = m.module;
      else break;
    return found;
  };

  // createRequire under any local name, and the require functions made with it (e.g. sharp's `require2`).
  const makers = new Set(["createRequire"]);
  for (const m of js.matchAll(/\bcreateRequire\s+as\s+([\w$]+)/g)) makers.add(m[1]!);
  for (const m of js.matchAll(/([\w$]+)\s*=\s*(?:[\w$]+\.)*createRequire\b(?!\s*\()/g)) makers.add(m[1]!);
  const alt = (names: Iterable<string>) => [...names].map((n) => n.replace(/\$/g, "\\$")).join("|");
  const made = new Set<string>();
  for (const m of js.matchAll(new RegExp(`([\\w$]+)\\s*=\\s*(?:[\\w$]+\\.)*(?:${alt(makers)})\\s*\\(`, "g"))) {
    // `x = createRequire(base)` makes a require function; `x = createRequire(base)(path)` is a value.
    const open = m.index! + m[0].length;
    if (!/^\s*\)\s*\(/.test(js.slice(firstArgument(js, open).end))) made.add(m[1]!);
  }
  made.delete("require");

  const patterns: [SiteKind, RegExp][] = [
    ["import()", /(?<![\w$.])import\s*\(/g],
    ["require()", /(?<![\w$.])(?:__)?require\s*\(/g],
    ["require.resolve()", /(?<![\w$.])(?:__)?require\.resolve\s*\(/g],
    ["import.meta.require()", /(?<![\w$])import\.meta\.require(?:\.resolve)?\s*\(/g],
    ["createRequire()()", new RegExp(`(?<![\\w$.])(?:${alt(makers)})\\s*\\(`, "g")],
  ];
  if (made.size) {
    patterns.push(["require()", new RegExp(`(?<![\\w$.])(?:${alt(made)})\\s*\\(`, "g")]);
    patterns.push(["require.resolve()", new RegExp(`(?<![\\w$.])(?:${alt(made)})\\.resolve\\s*\\(`, "g")]);
  }

  const findings: Finding[] = [];
  const add = (kind: SiteKind, at: number, argument: string) => {
    const spec = literal(argument);
    if (spec !== null && selfContained(spec)) return;
    const line = lineOf(at);
    const lineText = js.slice(lineStarts[line], lineStarts[line + 1] ?? js.length);
    if (/^\s*\/\//.test(lineText)) return;
    const col = at - lineStarts[line]!;
    const context = lineText
      .slice(Math.max(0, col - 50), col + 90)
      .replace(/\s+/g, " ")
      .trim();
    const calls = spec === null ? wrapperCalls(js, at, argument) : undefined;
    findings.push({
      kind,
      specifier: spec,
      argument: argument.length > 160 ? `${argument.slice(0, 157)}...` : argument,
      module: moduleAt(at),
      line: line + 1,
      context,
      ...(calls ? { calls } : {}),
    });
  };

  for (const [kind, re] of patterns) {
    for (const m of js.matchAll(re)) {
      const open = m.index! + m[0].length;
      if (kind !== "createRequire()()") {
        add(kind, m.index!, firstArgument(js, open).text);
        continue;
      }
      // createRequire(base) itself is harmless; calling its result at once is a require.
      const base = firstArgument(js, open);
      const after = js.slice(base.end).match(/^\s*\)\s*\(/);
      if (after) add(kind, m.index!, firstArgument(js, base.end + after[0].length).text);
    }
  }
  // Bun replaces a `require` it could not resolve at build time with a stub that throws this.
  for (const m of js.matchAll(/throw new Error\("Cannot require module "\s*\+\s*("(?:\\.|[^"\\])*")\)/g))
    add("unresolved require", m.index!, m[1]!);

  const seen = new Set<string>();
  return findings
    .filter((f) => {
      const key = `${f.line}:${f.context}:${f.argument}`;
      return !seen.has(key) && !!seen.add(key);
    })
    .sort((a, b) => a.line - b.line);
}

/** Marks each finding the allowlist accepts (sets `allowed` to its reason); `js` is the bundle, for `lapsesIf`. */
export function applyAllowlist(findings: Finding[], js: string, allowlist: Allowed[] = ALLOWLIST): Finding[] {
  const standing = allowlist.filter((a) => !a.lapsesIf || !a.lapsesIf.test(js));
  return findings.map((f) => {
    const hit = standing.find(
      (a) =>
        a.module === f.module &&
        (typeof a.argument === "string" ? a.argument === f.argument : a.argument.test(f.argument)),
    );
    return hit ? { ...f, allowed: hit.reason } : f;
  });
}

/** What to bundle and how; the defaults are scripts/build.ts's. */
export interface ScanOptions {
  /** Entry file (default `src/main.ts`). */
  entry?: string;
  /** Bundler plugins (default: the build's embedded-sharp plugin, when this machine has sharp's natives). */
  plugins?: BunPlugin[];
  /** Replacements (default: NODE_ENV=production, as the build). */
  define?: Record<string, string>;
  allowlist?: Allowed[];
}

/** The scan's answer: every finding (allowlisted ones carry `allowed`), the unexpected ones, and the time taken. */
export interface ScanResult {
  findings: Finding[];
  unexpected: Finding[];
  bytes: number;
  ms: number;
}

/** Bundles the entry as the build does (not compiled, not minified, in memory) and scans the output. */
export async function scanBundle(opts: ScanOptions = {}): Promise<ScanResult> {
  const started = performance.now();
  let plugins = opts.plugins;
  if (!plugins) {
    const { embeddedSharpPlugin } = await import("./build.ts");
    const p = embeddedSharpPlugin();
    plugins = p ? [p] : [];
  }
  const result = await Bun.build({
    entrypoints: [opts.entry ?? join(ROOT, "src", "main.ts")],
    target: "bun",
    format: "esm",
    minify: false,
    sourcemap: "none",
    define: opts.define ?? { "process.env.NODE_ENV": JSON.stringify("production") },
    plugins,
    throw: false,
  });
  if (!result.success) throw new Error(`bundling for the scan failed:\n${result.logs.map(String).join("\n")}`);
  let bytes = 0;
  const findings: Finding[] = [];
  for (const out of result.outputs) {
    if (out.kind !== "entry-point" && out.kind !== "chunk") continue;
    const js = await out.text();
    bytes += js.length;
    findings.push(...applyAllowlist(scanJavaScript(js), js, opts.allowlist));
  }
  return {
    findings,
    unexpected: findings.filter((f) => !f.allowed),
    bytes,
    ms: Math.round(performance.now() - started),
  };
}

/** One finding as a line or two of text. */
export function formatFinding(f: Finding): string {
  const what = f.specifier !== null ? `bare package "${f.specifier}"` : `computed argument ${f.argument}`;
  const calls = f.calls?.length ? `\n    its function is called with: ${f.calls.join(", ")}` : "";
  const head = `${f.allowed ? "allowed   " : "UNEXPECTED"} ${f.kind} of ${what}\n    in ${f.module} (bundle line ${f.line}): ${f.context}${calls}`;
  return f.allowed ? `${head}\n    reason: ${f.allowed}` : head;
}

/** Prints the findings; true when there are no unexpected ones. */
export function report(r: ScanResult, log: (s: string) => void = console.log): boolean {
  for (const f of r.unexpected) log(formatFinding(f));
  if (r.unexpected.length) {
    log(
      `bundle scan: ${r.unexpected.length} run-time load(s) the executable cannot satisfy (${r.findings.length - r.unexpected.length} allowlisted, ${r.ms} ms).`,
    );
    log(
      "Import the package statically, use an API that needs no run-time import, or review it and add it to ALLOWLIST in scripts/bundle-scan.ts.",
    );
  }
  return r.unexpected.length === 0;
}

if (import.meta.main) {
  const entry = process.argv.slice(2).find((a) => !a.startsWith("--"));
  const r = await scanBundle(entry ? { entry: resolve(entry) } : {});
  if (process.argv.includes("--all"))
    for (const f of r.findings.filter((x) => x.allowed)) console.log(formatFinding(f));
  const ok = report(r);
  if (ok)
    console.log(
      `bundle scan: no unexpected run-time loads (${r.findings.length} allowlisted, ${(r.bytes / 1e6).toFixed(1)} MB scanned, ${r.ms} ms; --all lists them).`,
    );
  process.exit(ok ? 0 : 1);
}
