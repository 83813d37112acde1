/**
 * The import graph of src/ keeps the boundaries of issue 14 ("Deps is the only seam"): a domain uses another domain
 * only through that domain's index.ts (its public surface), except a tables.ts naming another domain's table for a
 * foreign key (drizzle-kit reads the schema file by file); src/platform and src/media import no domain; nothing in src/
 * imports browser code from web/ (issue 27: what both need lives in src/, which web/ may import); no domain
 * reaches the disk (`node:fs`) or the network (`fetch`) itself, since storage and outbound HTTP are fields of `Deps`;
 * and nothing registers itself when a file is loaded: the composition root (src/composition.ts) assembles what the
 * modules declare, and no side map keyed by `Deps` stands in for a field of it. Between domains there is no cycle
 * (the access kernel, src/platform/access, is what every domain shares).
 */
import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const SRC = resolve(import.meta.dir, "../../src");

/** Every TypeScript file under a folder, as paths relative to src/. */
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.tsx?$/.test(name) && !name.endsWith(".d.ts") ? [relative(SRC, path)] : [];
  });
const ALL = files(SRC);

/** A file's text (without a `#!` line, which the transpiler refuses). */
const source = (file: string) => readFileSync(join(SRC, file), "utf8").replace(/^#!.*\n/, "");
/** Source without comments (good enough for import statements, which always start a line). */
const uncommented = (file: string) =>
  source(file)
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "");
const transpiler = new Bun.Transpiler({ loader: "tsx" });
/** The file as JavaScript: no types, no comments, one top-level statement per unindented line. */
const javascript = (file: string) => transpiler.transformSync(source(file));

/** Every module a file names: static imports and re-exports (type-only ones too) and dynamic imports. */
function specifiers(file: string): string[] {
  const code = uncommented(file);
  const statics = [...code.matchAll(/^\s*(?:import|export)\s[^;]*?\bfrom\s*["']([^"']+)["']/gm)].map((m) => m[1]!);
  const bare = [...code.matchAll(/^\s*import\s*["']([^"']+)["']/gm)].map((m) => m[1]!);
  const dynamic = transpiler
    .scanImports(source(file))
    .filter((i) => i.kind === "dynamic-import")
    .map((i) => i.path);
  return [...new Set([...statics, ...bare, ...dynamic])];
}

/** Where a relative specifier points, relative to src/ without extension (`domains/brands/index`). */
function target(file: string, spec: string): string {
  const abs = resolve(SRC, dirname(file), spec);
  const asIndex = existsSync(abs) && statSync(abs).isDirectory();
  return relative(SRC, asIndex ? join(abs, "index") : abs).replace(/\.tsx?$/, "");
}

const domainOf = (path: string) => /^domains\/([^/]+)\//.exec(path)?.[1] ?? null;

/** Each relative import of every file: [importing file, specifier, target]. */
const EDGES = ALL.flatMap((file) =>
  specifiers(file)
    .filter((spec) => spec.startsWith("."))
    .map((spec) => [file, spec, target(file, spec)] as const),
);

describe("import graph", () => {
  test("the scan sees the graph (sanity: known edges are found)", () => {
    const has = (from: string, to: string) => EDGES.some(([f, , t]) => f === from && t === to);
    expect(has("modules.ts", "domains/brands/index")).toBe(true);
    expect(has("domains/brands/logo.ts", "platform/deps")).toBe(true);
    expect(EDGES.length).toBeGreaterThan(1000);
  }, 30_000);

  test("a domain imports another domain only through its index.ts (a tables.ts may name another's table)", () => {
    const bad = EDGES.filter(([file, , to]) => {
      const from = domainOf(file);
      const into = domainOf(to);
      if (!from || !into || from === into) return false;
      if (to === `domains/${into}/index`) return false;
      return !(file.endsWith("/tables.ts") && to.endsWith("/tables"));
    }).map(([file, spec]) => `${file} imports ${spec}`);
    expect(bad).toEqual([]);
  }, 30_000);

  test("src/platform and src/media import no domain", () => {
    const bad = EDGES.filter(([file, , to]) => /^(platform|media)\//.test(file) && to.startsWith("domains/")).map(
      ([file, spec]) => `${file} imports ${spec}`,
    );
    expect(bad).toEqual([]);
  }, 30_000);

  test("nothing in src imports from web/ (type-only imports too); only the built bundles' manifest is loaded", () => {
    const bad = EDGES.filter(([, , to]) => to === "../web" || to.startsWith("../web/"))
      .filter(([, , to]) => to !== "../web/dist/manifest")
      .map(([file, spec]) => `${file} imports ${spec}`);
    expect(bad).toEqual([]);
    // The scan sees an import of web/: the manifest is found.
    expect(EDGES.some(([file, , to]) => file === "platform/http/web-assets.ts" && to === "../web/dist/manifest")).toBe(
      true,
    );
  }, 30_000);

  test("no domain imports node:fs: files go through deps.storage", () => {
    const bad = ALL.filter((f) => f.startsWith("domains/")).flatMap((file) =>
      specifiers(file)
        .filter((spec) => /^(node:)?fs(\/promises)?$/.test(spec))
        .map((spec) => `${file} imports ${spec}`),
    );
    expect(bad).toEqual([]);
  }, 30_000);

  test("no domain calls fetch itself: outbound HTTP goes through deps.http (webhooks through deps.webhooks)", () => {
    const bad = ALL.filter((f) => f.startsWith("domains/")).flatMap((file) =>
      javascript(file)
        .split("\n")
        // `fetch` as a name (called or passed on), not a property (`deps.http.fetch`, `{ fetch: … }`, `sec-fetch-site`).
        .filter((line) => /(?:^|[^\w$.-])fetch\b(?!\s*:)|\b(?:globalThis|window|self)\.fetch\b/.test(line))
        .map((line) => `${file}: ${line.trim()}`),
    );
    expect(bad).toEqual([]);
  }, 30_000);
});

describe("no registration at import time", () => {
  test("no top-level statement in src calls a function, except the entry point", () => {
    const calls = ALL.flatMap((file) =>
      javascript(file)
        .split("\n")
        .map((line) => /^(?:await\s+)?([A-Za-z_$][\w$.]*)\s*\(/.exec(line)?.[1])
        .filter((name): name is string => !!name)
        .map((name) => `${file}: ${name}(`),
    );
    expect(calls.filter((c) => c !== "main.ts: main(")).toEqual([]);
  }, 30_000);

  test("the former registrations are gone: brand counts and list filters are declared, not registered", () => {
    const named = ALL.filter((file) => /\b(setBrandSubmissionCount|addSubmissionFilter)\b/.test(source(file)));
    expect(named).toEqual([]);
  }, 30_000);

  test("no side map keyed by Deps stands in for a field of it (configureWebhooks, useReelRenderer were such)", () => {
    const maps = ALL.filter((file) => /new\s+WeakMap\s*<\s*Deps\b/.test(source(file)));
    const seams = ALL.filter((file) =>
      /\b(configureWebhooks|transportFor|useReelRenderer|reelRendererFor)\b/.test(source(file)),
    );
    expect([...maps, ...seams]).toEqual([]);
  }, 30_000);
});

describe("layers", () => {
  /** Which domains each domain imports (through its index, or a tables.ts naming another's table). */
  const domainEdges = () => {
    const out = new Map<string, Set<string>>();
    for (const [file, , to] of EDGES) {
      const from = domainOf(file);
      const into = domainOf(to);
      if (!from || !into || from === into) continue;
      if (!out.has(from)) out.set(from, new Set());
      out.get(from)!.add(into);
    }
    return out;
  };

  test("no cycle between domains (each names the files that close it)", () => {
    const edges = domainEdges();
    const cycles: string[] = [];
    const seen = new Set<string>();
    const walk = (node: string, path: string[]) => {
      if (path.includes(node)) {
        const cycle = [...path.slice(path.indexOf(node)), node];
        const key = [...cycle.slice(0, -1)].sort().join(",");
        if (!seen.has(key)) {
          seen.add(key);
          const files = cycle.slice(0, -1).map((d, i) => {
            const next = cycle[i + 1]!;
            const by = EDGES.filter(([f, , t]) => domainOf(f) === d && domainOf(t) === next).map(([f]) => f);
            return `${d} → ${next} (${[...new Set(by)].join(", ")})`;
          });
          cycles.push(files.join("; "));
        }
        return;
      }
      for (const next of edges.get(node) ?? []) walk(next, [...path, node]);
    };
    for (const d of edges.keys()) walk(d, []);
    expect(cycles).toEqual([]);
  }, 30_000);

  test("one composition file: src/app.ts (the HTTP app) imports neither the composition root nor the module list", () => {
    const top = EDGES.filter(([file, , to]) => file === "app.ts" && (to === "composition" || to === "modules"));
    expect(top.map(([file, spec]) => `${file} imports ${spec}`)).toEqual([]);
    expect(existsSync(join(SRC, "jobs.ts"))).toBe(false);
  }, 30_000);

  test("serve's first stage (src/cli/serve.ts) loads neither the HTTP framework nor the app nor a domain's code", () => {
    // What `serve` needs before its port opens (docs/performance.md "Start"); the rest is imported after.
    const loaded = new Set<string>();
    const packages = new Set<string>();
    const visit = (file: string) => {
      if (loaded.has(file)) return;
      loaded.add(file);
      // Value imports only: the transpiler drops type-only ones, and dynamic imports load later.
      for (const i of transpiler.scanImports(source(file))) {
        if (i.kind !== "import-statement") continue;
        if (!i.path.startsWith(".")) packages.add(i.path);
        else {
          const to = target(file, i.path);
          if (existsSync(join(SRC, `${to}.ts`))) visit(`${to}.ts`);
          else if (existsSync(join(SRC, `${to}.tsx`))) visit(`${to}.tsx`);
        }
      }
    };
    visit("cli/serve.ts");
    expect([...packages].filter((p) => /^(elysia|@sinclair\/typebox|@elysiajs\/|preact)/.test(p))).toEqual([]);
    const heavy = [...loaded].filter(
      (f) =>
        ["app.ts", "composition.ts", "modules.ts", "bootstrap.ts", "cli/serve-app.ts"].includes(f) ||
        (f.startsWith("domains/") && f !== "domains/brands/domain-proof.ts"),
    );
    expect(heavy).toEqual([]);
    expect(loaded.has("platform/http/server-options.ts")).toBe(true);
  }, 30_000);
});
