/**
 * The browser code has no hand-copied API type: the shapes the server answers with are its response schemas (each
 * domain's `model.ts`), read through `web/dashboard/types.ts`. Fails when a file under `web/` declares a type named
 * like one of those, or an interface whose id and `created_at` fields are exactly those of an answer. The request
 * shapes both sides write (a new brand, an export's filters, a capture, the list's filters) are one type each, the
 * route schema's: checked by the type checker below (test/unit/typecheck.test.ts runs it).
 */
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import type { NewBrand as ServerNewBrand } from "../../src/domains/brands/brand-service";
import type { StartInput } from "../../src/domains/capture/start";
import type { ExportFilters as ServerExportFilters } from "../../src/domains/exports/tables";
import type { SubmissionFilters } from "../../src/domains/submissions/list";
import type { StartBody } from "../../web/capture/types";
import type { InboxFilters } from "../../web/dashboard/inbox/filters";
import type { ExportFilters, NewBrand } from "../../web/dashboard/types";

const root = join(import.meta.dir, "../..");
const web = join(root, "web");
const typesFile = join(web, "dashboard/types.ts");

/** Source files under `web/` (not the built `web/dist`). */
function webFiles(dir = web): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return path === join(web, "dist") ? [] : webFiles(path);
    return /\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** Names the dashboard's types file exports (every one derived from a response schema). */
function schemaTypeNames(): Set<string> {
  const src = readFileSync(typesFile, "utf8");
  return new Set([...src.matchAll(/^export type (\w+)/gm)].map((m) => m[1]!));
}

/** Shapes a file writes out itself (`interface X`, `type X = {`): not aliases of other types, not re-exports. */
function declaredTypes(src: string): string[] {
  return [...src.matchAll(/^\s*(?:export\s+)?(?:interface\s+(\w+)|type\s+(\w+)\s*(?:<[^>{=]*>)?\s*=\s*\{)/gm)].map(
    (m) => (m[1] ?? m[2])!,
  );
}

/** The id (`id`, `*_id`) and `created_at` fields of a field list, sorted and joined: an answer's fingerprint. */
const fingerprint = (keys: Iterable<string>) =>
  [...keys]
    .filter((k) => k === "id" || k.endsWith("_id") || k === "created_at")
    .sort()
    .join(",");

/** Each interface a file declares, with its own top-level field names. */
function interfaces(src: string): { name: string; fields: string[] }[] {
  const found: { name: string; fields: string[] }[] = [];
  for (const m of src.matchAll(/^\s*(?:export\s+)?interface\s+(\w+)[^{]*\{/gm)) {
    let depth = 1;
    let i = m.index! + m[0].length;
    const start = i;
    while (depth > 0 && i < src.length) {
      if (src[i] === "{") depth++;
      else if (src[i] === "}") depth--;
      i++;
    }
    const body = src.slice(start, i - 1);
    // Only fields at the interface's own level: drop nested object bodies and comments first.
    let flat = body.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "");
    while (/\{[^{}]*\}/.test(flat)) flat = flat.replace(/\{[^{}]*\}/g, "");
    const fields = [...flat.matchAll(/(?:^|[;,])\s*(?:readonly\s+)?(\w+)\??\s*:/gm)].map((f) => f[1]!);
    found.push({ name: m[1]!, fields });
  }
  return found;
}

/** Fingerprints of every object inside every response schema (`*Schema` exports of each domain's `model.ts`). */
async function answerFingerprints(): Promise<Map<string, string>> {
  const prints = new Map<string, string>();
  const visit = (schema: unknown, name: string) => {
    if (!schema || typeof schema !== "object") return;
    const s = schema as Record<string, unknown>;
    if (s.type === "object" && s.properties && typeof s.properties === "object") {
      const print = fingerprint(Object.keys(s.properties));
      // A bare `id` is any UI thing's too; an answer also has a `created_at` or a reference (`*_id`).
      if (print.includes("_") && !prints.has(print)) prints.set(print, name);
      for (const p of Object.values(s.properties)) visit(p, name);
    }
    for (const key of ["items", "anyOf", "allOf", "oneOf", "additionalProperties", "patternProperties"]) {
      const v = s[key];
      if (Array.isArray(v)) for (const x of v) visit(x, name);
      else if (v && typeof v === "object")
        for (const x of key === "patternProperties" ? Object.values(v) : [v]) visit(x, name);
    }
  };
  const domains = join(root, "src/domains");
  for (const domain of readdirSync(domains)) {
    const file = join(domains, domain, "model.ts");
    let mod: Record<string, unknown>;
    try {
      readFileSync(file);
    } catch {
      continue;
    }
    mod = await import(file);
    for (const [name, value] of Object.entries(mod)) if (name.endsWith("Schema")) visit(value, `${domain}/${name}`);
  }
  return prints;
}

/** True when `A` and `B` are the same type (each assignable to the other, with no `any` hiding a difference). */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/** Compiles only for `true`. */
const same = <T extends true>(ok: T) => ok;

/** The request shapes the dashboard and the capture page send are the server's own types (issue 27). */
const REQUEST_SHAPES = [
  same<Same<NewBrand, ServerNewBrand>>(true),
  same<Same<ExportFilters, ServerExportFilters>>(true),
  same<Same<StartBody, StartInput>>(true),
  // The inbox's filters are the list route's query text: the same names as the typed filters, less the brand.
  same<Same<keyof InboxFilters, Exclude<keyof SubmissionFilters, "brand_id">>>(true),
];

/** Hand copies left (issue 14): none. A new copy of an API answer under web/ fails the test below. */
const NOT_YET_REPLACED: string[] = [];

describe("web types", () => {
  test("no file under web/ declares a type named like one derived from a response schema", () => {
    const names = schemaTypeNames();
    expect(names.size).toBeGreaterThan(30);
    const copies = webFiles()
      .filter((f) => f !== typesFile)
      .flatMap((f) =>
        declaredTypes(readFileSync(f, "utf8"))
          .filter((n) => names.has(n))
          .map((n) => `${relative(root, f)}: ${n}`),
      );
    expect(copies).toEqual([]);
  }, 30_000);

  test("no interface under web/ carries exactly the id and created_at fields of an API answer", async () => {
    const prints = await answerFingerprints();
    // The fingerprints are the answers' own: a testimonial, a reel clip, a webhook delivery.
    expect(prints.has("brand_id,collect_link_id,created_at,id,link_id")).toBe(true);
    expect(prints.has("submission_id")).toBe(true);
    expect(prints.has("created_at,endpoint_id,event_id,id")).toBe(true);
    const copies = webFiles().flatMap((f) =>
      interfaces(readFileSync(f, "utf8"))
        .filter((i) => prints.has(fingerprint(i.fields)))
        .map((i) => `${relative(root, f)}: ${i.name}`),
    );
    expect(copies.sort()).toEqual([...NOT_YET_REPLACED].sort());
  }, 60_000);

  test("request shapes are the route schemas' types on both sides (checked when the project type-checks)", () => {
    expect(REQUEST_SHAPES.every(Boolean)).toBe(true);
  });

  test("the checks see a copy: a hand-written testimonial and a clip are caught, a form's values are not", async () => {
    const prints = await answerFingerprints();
    const src = `
        export interface Submission { id: string; brand_id: string; link_id: string | null;
          collect_link_id: string | null; created_at: string; source: { name: string } | null }
        interface ClipCopy {
          submission_id: string; // the clip's testimonial
          start_ms: number;
        }
        export interface FilterForm { tag_id: string; q: string }
        export type Prompt = LinkView["prompts"][number];`;
    expect(declaredTypes(src)).toEqual(["Submission", "ClipCopy", "FilterForm"]);
    expect(schemaTypeNames().has("Submission")).toBe(true);
    const caught = interfaces(src).filter((i) => prints.has(fingerprint(i.fields)));
    expect(caught.map((i) => i.name)).toEqual(["Submission", "ClipCopy"]);
  }, 60_000);
});
