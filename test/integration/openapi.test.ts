/**
 * The OpenAPI document at /v1/openapi.json: it lints clean with @redocly/cli (the repo's redocly.yaml:
 * recommended rules, warnings as errors), it lists every /v1 and /public route the app registers, every
 * operation's success answer has its real schema (not a generic object), and /v1/reference renders every operation
 * as HTML.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { makeTestApp, type TestApp } from "../helpers/app";
import { API_PREFIXES } from "../../src/platform/http/reference";

const ROOT = resolve(import.meta.dir, "../..");
const CLI = join(ROOT, "node_modules/@redocly/cli/bin/cli.js");
/** Operations we document: OPTIONS (CORS preflight) and HEAD are answered by the server but are not API operations. */
const METHODS = ["get", "put", "post", "delete", "patch", "trace"];

let t: TestApp;
let doc: any;
let tmp: string;

beforeAll(async () => {
  t = await makeTestApp();
  const r = await t.call("GET", "/v1/openapi.json");
  expect(r.status).toBe(200);
  doc = r.body;
  tmp = mkdtempSync(join(tmpdir(), "plaudit-openapi-"));
});
afterAll(() => {
  t.close();
  rmSync(tmp, { recursive: true, force: true });
});

/** Every (method, path) of the document, in OpenAPI path syntax. */
const documented = () =>
  Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) =>
    Object.keys(ops)
      .filter((m) => METHODS.includes(m))
      .map((m) => `${m.toUpperCase()} ${path}`),
  );

describe("/v1/openapi.json", () => {
  test("is an OpenAPI 3.1 document with servers, license and security schemes", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.license.name).toBeTruthy();
    expect(doc.servers[0].url).toBe("http://plaudit.test");
    expect(Object.keys(doc.components.securitySchemes)).toEqual(["bearer", "session"]);
    expect(doc.components.schemas.Error.properties.error.required).toEqual(["code", "message", "request_id"]);
  });

  test("lints clean with @redocly/cli", async () => {
    const file = join(tmp, "openapi.json");
    await Bun.write(file, JSON.stringify(doc, null, 2));
    // --bun runs the CLI on Bun's runtime, so the test needs no Node.js.
    const proc = Bun.spawn(
      [process.execPath, "--bun", CLI, "lint", file, "--config", join(ROOT, "redocly.yaml"), "--format=json"],
      {
        cwd: ROOT,
        env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_COLOR: "1" },
        stdout: "pipe",
        stderr: "pipe",
      },
    );
    const [out, err, code] = await Promise.all([
      new Response(proc.stdout).text(),
      new Response(proc.stderr).text(),
      proc.exited,
    ]);
    let report: {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
    };
    try {
      report = JSON.parse(out);
    } catch {
      throw new Error(`redocly printed no JSON report (exit ${code}):\n${out}\n${err}`);
    }
    const problems = report.problems.map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`);
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    expect(code).toBe(0);
  }, 60_000);

  test("every API route the app registers is in the document", () => {
    const registered = t.app.routes
      // Wildcard routes (catch-alls) have no OpenAPI path template and are not operations; a route marked
      // `detail.hide` (the OAuth callback, a browser redirect target) is not one either.
      .filter(
        (r) =>
          API_PREFIXES.some((p) => r.path.startsWith(p)) &&
          !r.path.includes("*") &&
          !(r.hooks as { detail?: { hide?: boolean } } | undefined)?.detail?.hide &&
          METHODS.includes(r.method.toLowerCase()),
      )
      .map((r) => `${r.method.toUpperCase()} ${r.path.replace(/:([^/]+)/g, "{$1}")}`);
    expect(registered.length).toBeGreaterThan(10);
    expect(registered).toContain("GET /v1/brands");
    const docs = new Set(documented());
    expect(registered.filter((r) => !docs.has(r))).toEqual([]);
    // …and the document has nothing the app does not serve.
    expect(documented().filter((d) => !registered.includes(d))).toEqual([]);
  });

  test("every operation has a unique operationId, a summary, a tag, a success and an error response", () => {
    const ids = new Set<string>();
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      for (const [method, op] of Object.entries(ops)) {
        const where = `${method} ${path}`;
        expect({ where, id: typeof op.operationId }).toEqual({ where, id: "string" });
        expect(ids.has(op.operationId)).toBe(false);
        ids.add(op.operationId);
        expect({ where, summary: !!op.summary, tags: op.tags?.length > 0 }).toEqual({
          where,
          summary: true,
          tags: true,
        });
        const codes = Object.keys(op.responses);
        expect({ where, ok: codes.some((c) => c.startsWith("2")), err: codes.includes("4XX") }).toEqual({
          where,
          ok: true,
          err: true,
        });
      }
    }
    expect(doc.paths["/v1/brands"].get.operationId).toBe("getBrands");
    expect(doc.paths["/v1/brands/{brand_id}/links"].post.responses["404"]).toEqual({
      $ref: "#/components/responses/NotFound",
    });
  });

  test("every operation's success answer has a schema with properties, not a generic object", () => {
    type Schema = Record<string, any>;
    const deref = (s: Schema): Schema =>
      typeof s?.$ref === "string" ? deref(doc.components.schemas[s.$ref.split("/").pop()!]) : s;
    // Objects must name their properties; unions need it of every branch, arrays of their items.
    const described = (raw: Schema | undefined): boolean => {
      const s = raw && deref(raw);
      if (!s) return false;
      if (Array.isArray(s.anyOf ?? s.oneOf)) return (s.anyOf ?? s.oneOf).every(described);
      if (Array.isArray(s.allOf)) return s.allOf.some(described);
      if (s.type === "array") return described(s.items);
      if (s.type === "object" || s.properties) return Object.keys(s.properties ?? {}).length > 0;
      return typeof s.type === "string";
    };
    const bad: string[] = [];
    let bodies = 0;
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      for (const [method, op] of Object.entries(ops)) {
        const successes = Object.entries(op.responses as Record<string, Schema>).filter(([code]) => /^2/.test(code));
        if (!successes.length) bad.push(`${method} ${path}: no success answer`);
        for (const [code, response] of successes) {
          const where = `${method} ${path} ${code}`;
          // Only 204 and HEAD answer without a body.
          if (!response.content) {
            if (code !== "204" && method !== "head") bad.push(`${where}: no body documented`);
            continue;
          }
          for (const [type, media] of Object.entries(response.content as Record<string, Schema>)) {
            bodies++;
            const json = type === "application/json";
            if (json ? !described(media.schema) : typeof deref(media.schema ?? {}).type !== "string")
              bad.push(`${where} ${type}: ${JSON.stringify(media.schema).slice(0, 120)}`);
          }
        }
      }
    }
    expect(bad).toEqual([]);
    expect(bodies).toBeGreaterThan(90);
    // The generic envelope and Elysia's own validation marks are gone from the document.
    expect(doc.components.schemas.Page).toBeUndefined();
    expect(JSON.stringify(doc)).not.toContain("noValidate");
    const brands = doc.paths["/v1/brands"].get.responses["200"].content["application/json"].schema;
    expect(Object.keys(brands.properties)).toEqual(["data", "next_cursor"]);
    expect(brands.properties.data.items.required).toContain("public_wall_url");
  });

  test("query integers are documented as integers, not as Elysia's string-or-integer", () => {
    const limit = doc.paths["/v1/brands"].get.parameters.find((p: any) => p.name === "limit");
    expect(limit.schema).toMatchObject({ type: "integer", minimum: 1, maximum: 100 });
    expect(limit.schema.anyOf).toBeUndefined();
  });
});

describe("/v1/reference", () => {
  test("renders self-contained HTML listing every operation", async () => {
    const res = await t.app.handle(new Request(`${t.base}/v1/reference`));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toStartWith("text/html");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
    const html = await res.text();
    expect(html).toStartWith("<!doctype html>");
    expect(html).not.toContain("<script");
    const esc = (s: string) =>
      s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
    const missing = documented().filter((entry) => {
      const [method, path] = entry.split(" ") as [string, string];
      return !html.includes(`<span class="m ${method.toLowerCase()}">${method}</span> <code>${esc(path)}</code>`);
    });
    expect(missing).toEqual([]);
    for (const ops of Object.values(doc.paths as Record<string, Record<string, any>>)) {
      for (const op of Object.values(ops)) expect(html).toContain(`id="${esc(op.operationId)}"`);
    }
  });
});
