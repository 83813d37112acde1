/**
 * scripts/bundle-scan.ts, the build's check that nothing is loaded at run time from outside the executable: the
 * product's bundle has no unexpected run-time loads and every allowlist entry still names a real site; a bundle
 * that calls file-type's `fileTypeFromFile` (the strtok3 bug of the first release) is caught; and the scanner's
 * reading of bundled JavaScript, case by case.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ALLOWLIST, applyAllowlist, formatFinding, scanBundle, scanJavaScript } from "../../scripts/bundle-scan.ts";
import { ROOT, embeddedSharpPlugin } from "../../scripts/build.ts";

const scratch = mkdtempSync(join(tmpdir(), "plaudit-bundle-scan-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("the product's bundle", () => {
  test("src/main.ts has no run-time load outside the allowlist, and every allowlist entry still matches a site", async () => {
    const r = await scanBundle();
    expect(r.unexpected.map(formatFinding)).toEqual([]);
    const used = new Set(r.findings.map((f) => ALLOWLIST.find((a) => f.allowed === a.reason)));
    // The generated sharp loader exists only where the build can embed sharp (Linux x64).
    const expected = ALLOWLIST.filter((a) => embeddedSharpPlugin() || a.module !== "node_modules/sharp/dist/sharp.mjs");
    expect(expected.filter((a) => !used.has(a)).map((a) => `${a.module}: ${a.reason}`)).toEqual([]);
    expect(r.bytes).toBeGreaterThan(1_000_000);
  }, 60_000);
});

describe("a lazily imported bare package is caught", () => {
  test("file-type's fileTypeFromFile (importAtRuntime('strtok3')) is reported, and its allowance lapses", async () => {
    const fileType = Bun.resolveSync("file-type", ROOT);
    const entry = join(scratch, "sniff-from-file.ts");
    writeFileSync(
      entry,
      `import { fileTypeFromFile } from ${JSON.stringify(fileType)};\nconsole.log(await fileTypeFromFile(process.argv[2]!));\n`,
    );
    const r = await scanBundle({ entry, plugins: [] });
    expect(r.unexpected).toHaveLength(1);
    expect(r.unexpected[0]).toMatchObject({
      kind: "import()",
      specifier: null,
      argument: "specifier",
      module: "node_modules/file-type/source/index.js",
      calls: ['"strtok3"'],
    });
    expect(formatFinding(r.unexpected[0]!)).toContain('called with: "strtok3"');
  }, 60_000);

  test("the buffer API alone leaves the site allowlisted", async () => {
    const entry = join(scratch, "sniff-from-buffer.ts");
    writeFileSync(
      entry,
      `import { fileTypeFromBuffer } from ${JSON.stringify(Bun.resolveSync("file-type", ROOT))};\nconsole.log(await fileTypeFromBuffer(new Uint8Array(8)));\n`,
    );
    const r = await scanBundle({ entry, plugins: [] });
    expect(r.unexpected).toEqual([]);
    expect(r.findings.map((f) => f.module)).toEqual(["node_modules/file-type/source/index.js"]);
  }, 60_000);
});

describe("reading bundled JavaScript", () => {
  const scan = (js: string) => scanJavaScript(js, ROOT).map((f) => [f.kind, f.specifier ?? f.argument]);

  test("bare package names are findings; builtins, node:, bun: and paths are not", () => {
    const js = [
      `// node_modules/a/index.js`,
      `await import("left-pad"); await import('@scope/pkg/sub'); __require("chalk"); require(\`lodash\`);`,
      `await import("node:fs"); __require("fs"); require("bun:sqlite"); import("bun"); __require("./local.js"); import("/abs/file.js");`,
      `__require.resolve("some-pkg/package.json"); import.meta.require("native-thing");`,
    ].join("\n");
    expect(scan(js)).toEqual([
      ["import()", "left-pad"],
      ["import()", "@scope/pkg/sub"],
      ["require()", "chalk"],
      ["require()", "lodash"],
      ["require.resolve()", "some-pkg/package.json"],
      ["import.meta.require()", "native-thing"],
    ]);
  });

  test("computed arguments are findings, with the module they are in and the wrapper's call arguments", () => {
    const js = [
      `// node_modules/x/lib.js`,
      `function loadIt(name) {\n  return import(name);\n}`,
      `const mod = await loadIt("strtok3");`,
      `// src/lang.ts`,
      `var lang = __require("../languages/" + code + "/index");`,
      `const t = await import(\`./\${file}.js\`);`,
    ].join("\n");
    const found = scanJavaScript(js, ROOT);
    expect(found.map((f) => [f.module, f.kind, f.argument, f.calls ?? null])).toEqual([
      ["node_modules/x/lib.js", "import()", "name", ['"strtok3"']],
      ["src/lang.ts", "require()", '"../languages/" + code + "/index"', null],
      ["src/lang.ts", "import()", "`./${file}.js`", null],
    ]);
    expect(found[0]!.context).toContain("return import(name)");
    expect(found[0]!.line).toBe(3);
  });

  test("createRequire under any name: immediate calls and the functions it makes", () => {
    const js = [
      `import { createRequire as createRequire2 } from "module";`,
      `var require2 = createRequire2(import.meta.url);`,
      `var v = require2(\`@img/sharp-\${platform}/versions\`); require2("node:path"); require2.resolve("pkg-a");`,
      `const addon = createRequire2(import.meta.url)(join(dir, "x.node"));`,
      `const value = createRequire2(import.meta.url)("pkg-b");`,
    ].join("\n");
    expect(scan(js)).toEqual([
      ["require()", "`@img/sharp-${platform}/versions`"],
      ["require.resolve()", "pkg-a"],
      ["createRequire()()", 'join(dir, "x.node")'],
      ["createRequire()()", "pkg-b"],
    ]);
  });

  test("Bun's stub for a require it could not resolve is a finding", () => {
    const js = `try { return (()=>{throw new Error("Cannot require module "+"@img/sharp-libvips-dev/include");})(); } catch {}`;
    expect(scan(js)).toEqual([["unresolved require", "@img/sharp-libvips-dev/include"]]);
  });

  test("identifiers that only contain the words are not sites", () => {
    const js = `var require_foo = __commonJS(() => {}); const x = require_foo(); obj.import(a); myrequire(b); this.require(c); importAtRuntime2; reimport(d);`;
    expect(scan(js)).toEqual([]);
  });

  test("allowlist entries match by module and argument, and lapse when the bundle shows a use", () => {
    const js = `// node_modules/x/lib.js\nfunction load(name) { return import(name); }\n`;
    const allow = [{ module: "node_modules/x/lib.js", argument: "name", reason: "unused", lapsesIf: /\bfromFile\(/ }];
    expect(applyAllowlist(scanJavaScript(js, ROOT), js, allow)[0]!.allowed).toBe("unused");
    const used = `${js}load("y"); parser.fromFile(p);\n`;
    expect(applyAllowlist(scanJavaScript(used, ROOT), used, allow)[0]!.allowed).toBeUndefined();
    expect(
      applyAllowlist(scanJavaScript(js, ROOT), js, [{ ...allow[0]!, module: "node_modules/y/lib.js" }])[0]!.allowed,
    ).toBeUndefined();
  });
});
