/**
 * Hostile requests generated from the OpenAPI document, for test/integration/fuzz.test.ts: for every operation,
 * wrong types, numbers sent as strings, values just outside the schema's minimum/maximum/maxLength/maxItems/enum,
 * NUL bytes and bad percent-encoding in paths and queries, hidden characters in display text, and bodies that are
 * bad JSON, not an object, 50,000 levels deep, or carry a 1 MB string. Nothing here names a route: a new route in
 * the document is covered as it appears.
 */

type Json = Record<string, any>;

/** One request to send. */
export interface FuzzCase {
  /** Short label for reports: `POST /v1/brands body.name: string over maxLength`. */
  label: string;
  method: string;
  /** Path and query, already encoded. */
  target: string;
  body?: string;
  contentType?: string;
  /** The whole-body attacks that must be answered in milliseconds, not seconds. */
  fast?: boolean;
  /** A value the schema cannot accept (out of range, a number as text…): any 2xx is a hole in validation. */
  mustRefuse?: boolean;
  /** Send with the owner API key. */
  auth: boolean;
}

/** An operation of the document with its path and method. */
export interface Operation {
  path: string;
  method: string;
  op: Json;
}

/** Deterministic pseudo-random numbers (mulberry32), so a failing run can be repeated exactly. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Every operation of the document. */
export function operations(doc: Json): Operation[] {
  const out: Operation[] = [];
  for (const [path, ops] of Object.entries<Json>(doc.paths)) {
    for (const [method, op] of Object.entries<Json>(ops))
      if (["get", "post", "put", "patch", "delete"].includes(method))
        out.push({ path, method: method.toUpperCase(), op });
  }
  return out;
}

/** Resolves `$ref`s against the document's components. */
export function resolveSchema(doc: Json, schema: Json | undefined): Json {
  let s = schema ?? {};
  for (let i = 0; i < 10 && typeof s.$ref === "string"; i++)
    s =
      s.$ref
        .split("/")
        .slice(1)
        .reduce((o: Json, k: string) => o?.[k], doc) ?? {};
  return s;
}

/** The schema without its null branch (`anyOf: [X, {type: null}]` → X). */
function nonNull(doc: Json, schema: Json): Json {
  const s = resolveSchema(doc, schema);
  const any = (s.anyOf ?? s.oneOf) as Json[] | undefined;
  if (!any) return s;
  const real = any.map((x) => resolveSchema(doc, x)).filter((x) => x.type !== "null");
  return real.length === 1 ? { ...real[0], description: s.description } : s;
}

function typeOf(s: Json): string | undefined {
  if (Array.isArray(s.type)) return s.type.find((x: string) => x !== "null");
  if (s.type) return s.type;
  if (s.const !== undefined) return typeof s.const;
  if (s.enum) return typeof s.enum[0];
  if (s.anyOf?.every((x: Json) => x.const !== undefined)) return typeof s.anyOf[0].const;
  return undefined;
}

function enumOf(s: Json): unknown[] | null {
  if (s.enum) return s.enum;
  if (s.const !== undefined) return [s.const];
  if (s.anyOf?.length && s.anyOf.every((x: Json) => x.const !== undefined)) return s.anyOf.map((x: Json) => x.const);
  return null;
}

/** A plausible valid value for a schema (minimal: required properties only). */
export function sample(doc: Json, schema: Json | undefined, depth = 0): unknown {
  const s = nonNull(doc, schema ?? {});
  const choices = enumOf(s);
  if (choices) return choices[0];
  switch (typeOf(s)) {
    case "object": {
      const out: Json = {};
      if (depth > 6) return out;
      for (const key of s.required ?? []) out[key] = sample(doc, s.properties?.[key], depth + 1);
      return out;
    }
    case "array":
      return Array.from({ length: Math.max(0, s.minItems ?? 0) }, () => sample(doc, s.items, depth + 1));
    case "integer":
    case "number":
      return typeof s.minimum === "number" ? s.minimum : typeof s.maximum === "number" ? Math.min(s.maximum, 1) : 1;
    case "boolean":
      return true;
    case "string": {
      if (s.format === "email") return "fuzz@example.com";
      if (s.format === "uri") return "https://example.com/";
      if (s.pattern === "^#[0-9a-fA-F]{6}$") return "#123456";
      return "x".repeat(Math.max(1, s.minLength ?? 1));
    }
    default:
      return "x";
  }
}

/** Kinds of hostile value no schema may accept, whatever the route. */
const NEVER_VALID =
  /^(number as a string|below minimum|above maximum|fraction|over maxLength|over maxItems|not in enum|exponent|hex|plus sign|leading zero|word|huge$|display text)/;

/** True when a field takes more than one type (a union): a "wrong type" may then be right. */
function isUnion(doc: Json, schema: Json): boolean {
  const s = nonNull(doc, schema);
  return (
    Array.isArray(s.anyOf ?? s.oneOf) ||
    (Array.isArray(s.type) && s.type.filter((x: string) => x !== "null").length > 1)
  );
}

/** Wrong or edge values for one schema: [why, value]. */
export function hostileValues(doc: Json, schema: Json): [string, unknown][] {
  const s = nonNull(doc, schema);
  const type = typeOf(s);
  const out: [string, unknown][] = [
    ["wrong type: object", { a: 1 }],
    ["wrong type: array", [1]],
  ];
  if (type !== "boolean") out.push(["wrong type: boolean", true]);
  if (type !== "string") out.push(["wrong type: string", "text"]);
  if (type !== "integer" && type !== "number") out.push(["wrong type: number", 7]);
  out.push(["null", null]);
  if (type === "integer" || type === "number") {
    const valid = sample(doc, s) as number;
    out.push(
      ["number as a string", String(valid)],
      ["number as a string, negative", "-7"],
      ["number as a string, huge", "1e9"],
    );
    if (typeof s.minimum === "number") out.push(["below minimum", s.minimum - 1]);
    if (typeof s.maximum === "number") out.push(["above maximum", s.maximum + 1]);
    if (type === "integer") out.push(["fraction", valid + 0.5]);
    out.push(["huge", 1e308], ["negative huge", -1e308]);
  }
  if (type === "string") {
    if (typeof s.maxLength === "number") out.push(["over maxLength", "y".repeat(s.maxLength + 1)]);
    if (enumOf(s)) out.push(["not in enum", "zz-not-a-choice"]);
    out.push(["NUL byte", "a\u0000b"], ["empty", ""], ["lone surrogate", "\ud800"]);
    // Display text (issue 30): what its format refuses, whatever else the field takes.
    if (s.format === "plaudit-line" || s.format === "plaudit-text")
      out.push(
        ["display text: escape character", "a\u001b[2Jb"],
        ["display text: right-to-left override", "ab\u202ecd"],
        ["display text: isolate", "a\u2066b"],
      );
    if (s.format === "plaudit-line")
      out.push(["display text: zero-width space", "a\u200bb"], ["display text: line break", "a\nb"]);
  }
  if (enumOf(s) && type !== "string") out.push(["not in enum", "zz-not-a-choice"]);
  if (type === "array" && typeof s.maxItems === "number")
    out.push(["over maxItems", Array.from({ length: s.maxItems + 1 }, () => sample(doc, s.items))]);
  return out;
}

/** Property paths of a body schema, to depth 3: [["rows"], ["rows", 0, "rating"], …] with their schemas. */
export function fields(
  doc: Json,
  schema: Json,
  prefix: (string | number)[] = [],
  depth = 0,
): [(string | number)[], Json][] {
  const s = nonNull(doc, schema);
  const out: [(string | number)[], Json][] = [];
  if (depth > 3) return out;
  if (typeOf(s) === "object" && s.properties) {
    for (const [key, sub] of Object.entries<Json>(s.properties)) {
      out.push([[...prefix, key], sub]);
      out.push(...fields(doc, sub, [...prefix, key], depth + 1));
    }
  } else if (typeOf(s) === "array" && s.items) {
    out.push(...fields(doc, s.items, [...prefix, 0], depth + 1));
  }
  return out;
}

/** A copy of `base` with the value at `path` replaced (creating objects/arrays along the way). */
export function withValue(base: unknown, path: (string | number)[], value: unknown): unknown {
  const root = structuredClone(base ?? {}) as Json;
  let node: Json = root;
  path.forEach((key, i) => {
    if (i === path.length - 1) node[key] = value;
    else {
      if (node[key] === null || typeof node[key] !== "object") node[key] = typeof path[i + 1] === "number" ? [] : {};
      node = node[key];
    }
  });
  return root;
}

const DEEP_ARRAY = "[".repeat(50_000) + "]".repeat(50_000);
const DEEP_OBJECT = '{"a":'.repeat(50_000) + "1" + "}".repeat(50_000);
const MEGABYTE = "m".repeat(1024 * 1024);

/** Every hostile request for one operation; `fill` turns a path template into a path with the given values. */
export function casesFor(
  doc: Json,
  o: Operation,
  fill: (overrides?: Record<string, string>) => string,
  auth: boolean,
): FuzzCase[] {
  const name = `${o.method} ${o.path}`;
  const out: FuzzCase[] = [];
  const add = (label: string, c: Omit<FuzzCase, "label" | "method" | "auth">) =>
    out.push({ label: `${name} ${label}${auth ? "" : " (no credentials)"}`, method: o.method, auth, ...c });
  const refuse = (why: string, schema: Json) => NEVER_VALID.test(why) && !isUnion(doc, schema);
  const params = (o.op.parameters ?? []) as Json[];
  const base = fill();

  for (const p of params.filter((x) => x.in === "path")) {
    const s = resolveSchema(doc, p.schema);
    const values: [string, string][] = [
      ["NUL byte", "a%00b"],
      ["bad percent-encoding", "%FF%FE"],
      ["dot segments", "..%2F..%2Fetc"],
      ["long", "x".repeat(3000)],
      ["emoji", "%F0%9F%92%A9"],
    ];
    if (typeof s.maxLength === "number") values.push(["over maxLength", "z".repeat(s.maxLength + 1)]);
    for (const [why, v] of values) add(`path ${p.name}: ${why}`, { target: fill({ [p.name]: v }) });
  }

  const query = params.filter((x) => x.in === "query");
  const sep = base.includes("?") ? "&" : "?";
  for (const p of query) {
    const s = nonNull(doc, p.schema);
    const type = typeOf(s);
    const values: [string, string][] = [
      ["NUL byte", "a%00b"],
      ["bad percent-encoding", "%FF"],
      ["empty", ""],
      ["repeated", `1&${p.name}=2`],
    ];
    if (type === "integer" || type === "number") {
      values.push(
        ["exponent", "1e9"],
        ["negative", "-1"],
        ["fraction", "1.5"],
        ["hex", "0x10"],
        ["plus sign", "+5"],
        ["leading zero", "05"],
        ["word", "ten"],
        ["huge", "9".repeat(40)],
      );
      if (typeof s.minimum === "number") values.push(["below minimum", String(s.minimum - 1)]);
      if (typeof s.maximum === "number") values.push(["above maximum", String(s.maximum + 1)]);
    }
    if (enumOf(s)) values.push(["not in enum", "zz-not-a-choice"]);
    if (typeof s.maxLength === "number") values.push(["over maxLength", "q".repeat(s.maxLength + 1)]);
    values.push(["100 KB", "k".repeat(100_000)]);
    for (const [why, v] of values)
      add(`query ${p.name}: ${why}`, { target: `${base}${sep}${p.name}=${v}`, mustRefuse: refuse(why, p.schema) });
  }

  if (o.method === "GET") return out;
  const json = o.op.requestBody?.content?.["application/json"]?.schema as Json | undefined;
  const raw = (why: string, body: string, contentType = "application/json", fast = false, mustRefuse = false) =>
    add(`body: ${why}`, { target: base, body, contentType, fast, mustRefuse });
  raw("bad JSON", "{bad");
  raw("truncated JSON", '{"a":');
  raw("trailing garbage", '{"a":1}garbage');
  raw("raw NUL byte", "\u0000");
  raw("50,000-deep array", DEEP_ARRAY, "application/json", true);
  raw("50,000-deep object", DEEP_OBJECT, "application/json", true);
  raw("50,000-deep array without Content-Type", DEEP_ARRAY, "", true);
  if (!json) return out;

  const schema = resolveSchema(doc, json);
  const valid = sample(doc, schema);
  // A JSON body is an object or nothing, on every route (issue 30).
  for (const [why, body] of [
    ["top-level null", "null"],
    ["top-level array", "[]"],
    ["top-level string", '"text"'],
    ["top-level number", "1"],
  ])
    raw(why!, body!, "application/json", false, true);
  raw("JSON sent as text/plain", JSON.stringify(valid), "text/plain");
  raw("JSON sent as a form", JSON.stringify(valid), "application/x-www-form-urlencoded");
  const firstString = fields(doc, schema).find(([, s]) => typeOf(nonNull(doc, s)) === "string")?.[0] ?? ["x"];
  raw("1 MB string", JSON.stringify(withValue(valid, firstString, MEGABYTE)), "application/json", true);
  for (const [path, s] of fields(doc, schema)) {
    for (const [why, v] of hostileValues(doc, s))
      raw(
        `${path.join(".")}: ${why}`,
        JSON.stringify(withValue(valid, path, v)),
        "application/json",
        false,
        refuse(why, s),
      );
  }
  return out;
}
