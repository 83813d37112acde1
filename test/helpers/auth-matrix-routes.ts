/**
 * The route side of the auth matrix (test/integration/auth-matrix.test.ts): every operation of the served OpenAPI
 * document, what it needs (its `x-access`: public, the signed-in person, or a permission with the scope, roles and
 * brand finder that come with it; src/platform/access/route-access.ts), and a request for it that passes
 * validation, with the ids it names filled from fixtures.
 */
import { buildApp } from "../../src/composition";
import type { Deps } from "../../src/platform/deps";
import { ACCESS_PROPERTY, PERMISSIONS, type RouteAccess } from "../../src/platform/access";

type Json = Record<string, any>;

/** Kinds of object a route can name by id; each has a fixture (see auth-matrix-fixtures.ts). */
export type RefKind =
  | "brand"
  | "link"
  | "submission"
  | "video"
  | "tag"
  | "widget"
  | "webhook"
  | "delivery"
  | "export"
  | "reel"
  | "apiKey"
  | "member"
  | "invitation"
  | "campaign";

/** Kinds that belong to the organisation rather than to one mode (the same member in live and test). */
export const MODELESS: ReadonlySet<RefKind> = new Set(["member", "invitation"]);

/** What the caller of a route must be: the route's own declaration, as the document's `x-access` carries it. */
export type Access = RouteAccess;

/** One method on one path of the document. */
export interface Operation {
  method: string;
  path: string;
  op: Json;
  /** Declared `public`: the route takes no credential (sign-in, invitations, the reference). */
  anonymous: boolean;
  access: Access;
  /** The route's own body schema (typebox, i.e. JSON Schema), used where the document lacks one. */
  routeBody?: Json;
}

const METHODS = ["get", "put", "post", "patch", "delete"];

/** Method + OpenAPI path → the route's own body schema, from the app's routes built from source. */
export async function routeBodies(deps: Deps): Promise<Map<string, Json>> {
  const app = await buildApp(deps, { web: false });
  const out = new Map<string, Json>();
  for (const r of app.routes) {
    const key = `${r.method.toLowerCase()} ${r.path.replace(/:([^/]+)/g, "{$1}")}`;
    const body = (r.hooks as { body?: Json } | undefined)?.body;
    if (body && typeof body === "object") out.set(key, JSON.parse(JSON.stringify(body)) as Json);
  }
  return out;
}

/**
 * Every `/v1` operation of the document, with the access it declares (`x-access`). An operation without one fails
 * here (the app itself refuses to start with such a route; the document must show every declaration).
 */
export function operationsOf(doc: Json, bodies: Map<string, Json>): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries<Json>(doc.paths)) {
    if (!path.startsWith("/v1/")) continue;
    for (const method of METHODS) {
      const op = methods[method];
      if (!op) continue;
      const key = `${method} ${path}`;
      const access = op[ACCESS_PROPERTY] as Access | undefined;
      if (!access) throw new Error(`${key}: the document carries no ${ACCESS_PROPERTY}`);
      if (access.kind === "permission" && !PERMISSIONS[access.permission])
        throw new Error(`${key} declares unknown permission ${access.permission}`);
      ops.push({ method, path, op, anonymous: access.kind === "public", access, routeBody: bodies.get(key) });
    }
  }
  // Deletions last, so that a refusal that wrongly goes through cannot take other routes' fixtures with it.
  return ops.sort((x, y) => Number(x.method === "delete") - Number(y.method === "delete"));
}

/** The object a path parameter names: by its name, or for `{id}` by the collection before it. */
export function pathParamKind(path: string, name: string): RefKind | { literal: string } {
  const byName: Record<string, RefKind | { literal: string }> = {
    brand_id: "brand",
    link_id: "link",
    tag_id: "tag",
    variant: { literal: "poster" },
    // A filmstrip frame's number (0 to 11).
    index: { literal: "0" },
    provider: { literal: "google" },
    // A brand's or link's former slug: any well-formed one (the route answers 404 for a slug it does not hold).
    slug: { literal: "matrix-former" },
  };
  if (byName[name]) return byName[name]!;
  if (name === "id") {
    const segs = path.split("/");
    const before = segs[segs.indexOf("{id}") - 1];
    const byCollection: Record<string, RefKind> = {
      submissions: "submission",
      reels: "reel",
      webhooks: "webhook",
      deliveries: "delivery",
      widgets: "widget",
      exports: "export",
      "api-keys": "apiKey",
      members: "member",
      invitations: "invitation",
      tags: "tag",
      brands: "brand",
      links: "link",
      campaigns: "campaign",
    };
    if (before && byCollection[before]) return byCollection[before]!;
  }
  throw new Error(`${path}: no fixture for path parameter {${name}}; add its kind to pathParamKind and a fixture`);
}

/** Body and query fields that name objects, and the kind they name (arrays name several). */
const REF_FIELDS: Record<string, RefKind> = {
  brand_id: "brand",
  tag_id: "tag",
  tag_ids: "tag",
  submission_id: "video",
  submission_ids: "video",
  ids: "submission",
  link_id: "link",
};

/** A placeholder in a request template, replaced by a real or a made-up id when the request is sent. */
const ref = (kind: RefKind) => `\u0000ref:${kind}\u0000`;
const REF_RE = /\u0000ref:([a-zA-Z]+)\u0000/g;

/** Plain values for fields whose schema alone does not make a request that the service accepts. */
const FIELD_VALUES: Record<string, unknown> = {
  email: "matrix.person@example.com",
  role: "member",
  plan: "core",
  provider: "google",
  reason: "Checked by the auth matrix.",
  token: "matrix-token-that-does-not-exist",
  password: "matrix-password-1",
  current_password: "matrix-password-1",
  text: "The auth matrix wrote this testimonial to check who may change it.",
  q: "matrix",
  slug: "matrix-brand",
  color: "#4f46e5",
  accent_color: "#4f46e5",
  format: "csv",
  action: "approve",
  consent_version: "2026-11-01",
  grace_hours: 1,
};

function resolve(doc: Json, s: Json | undefined): Json | undefined {
  if (s?.$ref) return resolve(doc, doc.components.schemas[String(s.$ref).split("/").pop()!]);
  return s;
}

/** A value that satisfies the schema: required fields, and optional ones that name objects. */
export function synth(doc: Json, schema: Json | undefined, field = ""): unknown {
  const s = resolve(doc, schema);
  if (!s) return undefined;
  if (field in REF_FIELDS) {
    const kind = REF_FIELDS[field]!;
    return s.type === "array" ? [ref(kind)] : ref(kind);
  }
  if (field in FIELD_VALUES && s.type !== "object" && s.type !== "array") return FIELD_VALUES[field];
  const branches = (s.anyOf ?? s.oneOf) as Json[] | undefined;
  if (branches) {
    const real = branches.filter((b) => !(b.type === "string" && (b.format === "integer" || b.format === "numeric")));
    return synth(
      doc,
      { ...(real[0] ?? branches[0]), minimum: s.minimum ?? real[0]?.minimum, maximum: s.maximum ?? real[0]?.maximum },
      field,
    );
  }
  if (s.enum) return s.enum[0];
  if (s.const !== undefined) return s.const;
  const type = Array.isArray(s.type) ? s.type.find((t: string) => t !== "null") : s.type;
  switch (type) {
    case "object": {
      const out: Json = {};
      for (const [name, sub] of Object.entries<Json>(s.properties ?? {})) {
        if ((s.required ?? []).includes(name) || name in REF_FIELDS) out[name] = synth(doc, sub, name);
      }
      // A body of optional fields that needs some (`minProperties`, e.g. a correction): the first ones, in order.
      for (const [name, sub] of Object.entries<Json>(s.properties ?? {})) {
        if (Object.keys(out).length >= (s.minProperties ?? 0)) break;
        if (!(name in out)) out[name] = synth(doc, sub, name);
      }
      return out;
    }
    case "array": {
      const n = Math.max(s.minItems ?? 0, 0);
      return Array.from({ length: n }, (_, i) => {
        const v = synth(doc, s.items, field);
        return s.uniqueItems && typeof v === "string" && i > 0 ? `${v}-${i}` : v;
      });
    }
    case "integer":
    case "number":
      return Math.min(Math.max(s.minimum ?? 1, 1), s.maximum ?? Number.MAX_SAFE_INTEGER);
    case "boolean":
      return true;
    case "string": {
      if (s.pattern === "^#[0-9a-fA-F]{6}$") return "#4f46e5";
      if (s.format === "uri" || /url$/.test(field)) return "https://example.com/matrix";
      const base = "matrix";
      return base.padEnd(s.minLength ?? 0, "x").slice(0, s.maxLength ?? 1000);
    }
    default:
      return undefined;
  }
}

/** A request with placeholders for the ids it names. */
export interface RequestTemplate {
  method: string;
  /** Path with query, placeholders in place of ids. */
  url: string;
  body?: string;
  /** The kinds of object the request names (path, query or body). */
  refs: RefKind[];
  /** True when a path parameter names an object (so a stranger must get 404). */
  pathRefs: boolean;
}

/** Builds a request for the operation that passes the route's validation. */
export function templateFor(doc: Json, o: Operation, webhookUrl: string): RequestTemplate {
  const refs = new Set<RefKind>();
  let pathRefs = false;
  let url = o.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const kind = pathParamKind(o.path, name);
    if (typeof kind === "object") return kind.literal;
    refs.add(kind);
    pathRefs = true;
    return ref(kind);
  });
  const query = new URLSearchParams();
  for (const p of (o.op.parameters ?? []) as Json[]) {
    if (p.in !== "query") continue;
    if (REF_FIELDS[p.name]) {
      query.set(p.name, ref(REF_FIELDS[p.name]!));
      refs.add(REF_FIELDS[p.name]!);
    } else if (p.required) query.set(p.name, String(synth(doc, p.schema, p.name)));
  }
  if ([...query.keys()].length)
    url += `?${query.toString().replace(/%00ref%3A([a-zA-Z]+)%00/g, (_, k) => ref(k as RefKind))}`;
  const schema = o.op.requestBody?.content?.["application/json"]?.schema ?? o.routeBody;
  let body: string | undefined;
  if (schema) {
    const value = synth(doc, schema) as Json;
    if (o.path.startsWith("/v1/webhooks") && value && typeof value === "object" && "url" in value)
      value.url = webhookUrl;
    // JSON.stringify writes the placeholders' NUL characters as \u0000 escapes: put them back so they are found.
    body = JSON.stringify(value).replace(/\\u0000ref:([a-zA-Z]+)\\u0000/g, (_, k: string) => ref(k as RefKind));
    for (const m of body.matchAll(REF_RE)) refs.add(m[1] as RefKind);
  }
  return { method: o.method.toUpperCase(), url, body, refs: [...refs], pathRefs };
}

/** Fills a template's placeholders from `ids`. */
export function fill(text: string, ids: Record<RefKind, string>): string {
  return text.replace(REF_RE, (_, k: RefKind) => {
    if (!ids[k]) throw new Error(`no fixture id for ${k}`);
    return ids[k];
  });
}

/** Made-up ids of the same kinds and shape as `ids` that name nothing. */
export function missingIds(ids: Record<RefKind, string>): Record<RefKind, string> {
  const alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
  const out = {} as Record<RefKind, string>;
  for (const [k, id] of Object.entries(ids) as [RefKind, string][]) {
    const cut = id.indexOf("_") + 11;
    let tail = "";
    for (let i = cut; i < id.length; i++) tail += alphabet[Math.floor(Math.random() * 32)];
    out[k] = id.slice(0, cut) + tail;
  }
  return out;
}
