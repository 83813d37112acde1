/**
 * Guard: no route schema may use a coercing number, and every number states its bounds. Elysia's `t.Integer`,
 * `t.Number` in a query, and `t.Numeric` accept numeric text and check bounds in a decode step that the minified
 * executable skips on failure; src/platform/http/strict-schema.ts is the only way numbers enter a schema.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Glob } from "bun";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { TransformKind } from "@sinclair/typebox";
import { makeTestApp, type TestApp } from "../helpers/app";
import {
  CHECKED_BY,
  QUERY_INTEGER_FORMAT,
  bodyInteger,
  parseQueryInteger,
  queryInteger,
} from "../../src/platform/http/strict-schema";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

type Node = Record<string | symbol, any>;

const isQueryInteger = (s: Node) =>
  Array.isArray(s.anyOf) &&
  s.anyOf.some((b: Node) => typeof b.format === "string" && b.format.startsWith(`${QUERY_INTEGER_FORMAT}:`));

/** Problems of one schema: coercing numbers, numbers without bounds, numbers in text locations not from queryInteger. */
function problems(schema: Node | undefined, where: "body" | "query" | "params" | "headers", path = ""): string[] {
  if (!schema || typeof schema !== "object") return [];
  const out: string[] = [];
  if (isQueryInteger(schema)) {
    if (where !== "query") out.push(`${path}: queryInteger outside a query`);
    return out;
  }
  if (
    TransformKind in schema &&
    (schema.anyOf ?? []).some((b: Node) => b.type === "string" && (b.format === "integer" || b.format === "numeric"))
  ) {
    out.push(`${path}: Elysia's coercing t.Integer/t.Numeric`);
  }
  if (schema.type === "string" && (schema.format === "integer" || schema.format === "numeric"))
    out.push(`${path}: a numeric-text string`);
  if (schema.type === "integer" || schema.type === "number") {
    if (where !== "body") out.push(`${path}: a number in the ${where} (use queryInteger)`);
    if ((typeof schema.minimum !== "number" || typeof schema.maximum !== "number") && !schema[CHECKED_BY])
      out.push(`${path}: a number without minimum and maximum`);
  }
  for (const [k, v] of Object.entries<Node>(schema.properties ?? {})) out.push(...problems(v, where, `${path}.${k}`));
  for (const key of ["anyOf", "oneOf", "allOf"])
    for (const v of (schema[key] as Node[] | undefined) ?? []) out.push(...problems(v, where, path));
  if (schema.items) out.push(...problems(schema.items, where, `${path}[]`));
  if (schema.not) out.push(...problems(schema.not, where, path));
  if (schema.additionalProperties && typeof schema.additionalProperties === "object")
    out.push(...problems(schema.additionalProperties, where, `${path}.*`));
  return out;
}

describe("route schemas", () => {
  test("have no coercing number and every number has bounds (every route the app registers)", () => {
    const found: string[] = [];
    let numbers = 0;
    for (const route of t.app.routes) {
      const hooks = (route.hooks ?? {}) as Record<string, Node | undefined>;
      for (const where of ["body", "query", "params", "headers"] as const) {
        const schema = hooks[where];
        if (JSON.stringify(schema ?? {}).match(/"type":"(integer|number)"/)) numbers++;
        for (const p of problems(schema, where)) found.push(`${route.method} ${route.path} ${where}${p}`);
      }
    }
    expect(numbers).toBeGreaterThan(10);
    expect(found).toEqual([]);
  });

  test("the guard itself spots Elysia's t.Integer and an unbounded number", async () => {
    const { t: et } = await import("elysia");
    expect(problems(et.Object({ n: et.Integer({ minimum: 1, maximum: 5 }) }), "body").join()).toContain("coercing");
    expect(problems(et.Object({ n: bodyInteger({ minimum: 1, maximum: 5 }) }), "query").join()).toContain(
      "use queryInteger",
    );
    expect(problems(et.Object({ n: { type: "integer" } as never }), "body").join()).toContain("without minimum");
    expect(problems(et.Object({ n: queryInteger({ minimum: 1, maximum: 5 }) }), "query")).toEqual([]);
  });

  test("no source file builds a number with Elysia's t.Integer, t.Number or t.Numeric", () => {
    const root = resolve(import.meta.dir, "../../src");
    const offenders: string[] = [];
    for (const file of new Glob("**/*.ts").scanSync(root)) {
      if (file.endsWith("strict-schema.ts")) continue;
      const text = readFileSync(join(root, file), "utf8");
      if (/\bt\.(Integer|Number|Numeric|NumericEnum)\s*\(/.test(text)) offenders.push(file);
    }
    expect(offenders).toEqual([]);
  });
});

describe("parseQueryInteger", () => {
  test("takes plain decimal digits within bounds and nothing else", () => {
    const b = { minimum: 1, maximum: 100 };
    expect(parseQueryInteger("1", b)).toBe(1);
    expect(parseQueryInteger("100", b)).toBe(100);
    for (const bad of [
      "",
      "0",
      "101",
      "1e9",
      "-1",
      "1.5",
      "0x10",
      "+5",
      "05",
      " 5",
      "5 ",
      "ten",
      "9".repeat(40),
      "1_0",
    ])
      expect(parseQueryInteger(bad, b)).toBeNull();
    expect(parseQueryInteger("-3", { minimum: -5, maximum: 5 })).toBe(-3);
  });
});
