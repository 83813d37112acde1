/**
 * The API's OpenAPI 3.1 document at `/v1/openapi.json`, generated from the routes' typebox schemas, and a
 * self-contained reference page at `/v1/reference` (no scripts from elsewhere).
 *
 * `@elysiajs/openapi` gives paths and schemas; `polish` then makes the document complete and lint clean
 * (`@redocly/cli` recommended rules): only the API's own paths, an operationId, summary and tag on every
 * operation, the routes' declared success answers tidied, and the shared error responses (one `Error` schema, the
 * body shape every error has) on every operation.
 */
import { Elysia } from "elysia";
import { toOpenAPISchema } from "@elysiajs/openapi/openapi";
import type { AnyElysia } from "elysia";
import type { Deps } from "../deps";
import { VERSION } from "../../version";
import { renderReference } from "./reference-page";
import { ACCESS_PROPERTY } from "../access/route-access";
import { QUERY_INTEGER_FORMAT } from "./strict-schema";

type Json = Record<string, any>;
/** One operation of the document. */
export type Operation = Json & {
  operationId: string;
  summary: string;
  tags: string[];
  responses: Record<string, Json>;
};
/** The OpenAPI document this module serves. */
export type OpenApiDocument = ReturnType<typeof openApiDocument>;

/** Path prefixes of the API: `/v1` needs credentials, `/public` does not (contract §1). */
export const API_PREFIXES = ["/v1/", "/public/"] as const;
/** Methods documented; OPTIONS (CORS preflight) and HEAD (implied by GET) are left out, as the generator does. */
const METHODS = ["get", "put", "post", "delete", "patch", "trace"];

const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });

/** The error body every failure answers with (see platform/errors). */
const errorSchema = {
  type: "object",
  description: "Every error has this shape; `code` is stable and meant for programs, `message` for people.",
  required: ["error"],
  properties: {
    error: {
      type: "object",
      required: ["code", "message", "request_id"],
      properties: {
        code: {
          type: "string",
          description: "Stable machine-readable code, e.g. `validation_failed`, `not_found`.",
          examples: ["validation_failed"],
        },
        message: { type: "string", description: "What went wrong and how to fix it." },
        details: { type: "object", additionalProperties: true, description: "More about the error, e.g. `field`." },
        request_id: { type: "string", description: "Quote this when asking for help; it is in the server log." },
        limit: {
          type: "object",
          description: "On 402 `plan_limit_exceeded`: the limit that was reached and the plan that raises it.",
          required: ["name", "plan", "upgrade_url"],
          properties: {
            name: { type: "string" },
            plan: { type: "string" },
            upgrade_plan: { type: ["string", "null"] },
            upgrade_url: { type: "string", format: "uri" },
          },
        },
      },
    },
  },
};

const errorResponse = (description: string, code: string, message: string) => ({
  description,
  content: {
    "application/json": {
      schema: { $ref: "#/components/schemas/Error" },
      example: { error: { code, message, request_id: "req_0123456789abcdef0123" } },
    },
  },
});

/** Shared responses; only the ones some operation refers to are kept. */
const RESPONSES: Record<string, Json> = {
  BadRequest: errorResponse(
    "The request is invalid (`validation_failed`, `invalid_cursor`, `invalid_body`…).",
    "validation_failed",
    "Invalid body: name expected string",
  ),
  Unauthorized: errorResponse("No valid API key or session.", "unauthorized", "Send Authorization: Bearer <API key>."),
  PaymentRequired: errorResponse(
    "The plan does not allow this (`plan_limit_exceeded`, or API access on a plan without it).",
    "plan_limit_exceeded",
    "Your plan allows 1 brand.",
  ),
  Forbidden: errorResponse(
    "The key lacks the scope, or the member the role.",
    "forbidden",
    "This key lacks the scope brands:write.",
  ),
  NotFound: errorResponse("No such resource in this organisation and mode.", "not_found", "No such brand."),
  Error: errorResponse(
    "Any other error, in the same shape (409 conflict, 413, 415, 429…).",
    "conflict",
    "That slug is taken.",
  ),
  ServerError: errorResponse(
    "Unexpected failure; logged with the request id.",
    "internal_error",
    "Something went wrong on our side.",
  ),
};

/** Words for a success status when the route's schema gives none. */
const SUCCESS: Record<string, string> = {
  "200": "Success.",
  "201": "Created.",
  "202": "Accepted: the work continues in the background.",
  "204": "Done; no body.",
};

/** A copy of a value without Elysia's `noValidate` marks (response-checks.ts), which are not JSON Schema. */
function withoutMarks(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutMarks);
  if (!value || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value as Json)
      .filter(([k]) => k !== "noValidate")
      .map(([k, v]) => [k, withoutMarks(v)]),
  );
}

/**
 * A route's declared answers as the document shows them: the generator names a schema-less status "Response for
 * status N" and gives a body-less one (`t.Void()`, for 204) a content entry that is not a media type.
 */
function polishResponses(responses: Json): Json {
  const out: Json = {};
  for (const [status, response] of Object.entries(responses)) {
    const r: Json = { ...response };
    if (typeof r.description !== "string" || r.description.startsWith("Response for status"))
      r.description = SUCCESS[status] ?? "Success.";
    if (r.content && Object.keys(r.content).some((k) => !k.includes("/"))) delete r.content;
    if (r.content) r.content = withoutMarks(r.content);
    out[status] = r;
  }
  return out;
}

/** `get /v1/brands/{brand_id}/links` → `getBrandsByBrandIdLinks` (the `/v1` prefix is left out). */
export function operationIdOf(method: string, path: string): string {
  const camel = (s: string) =>
    s
      .split(/[^A-Za-z0-9]+/)
      .filter(Boolean)
      .map((w) => w[0]!.toUpperCase() + w.slice(1))
      .join("");
  const parts = path
    .replace(/^\/v1(?=\/)/, "")
    .split("/")
    .filter(Boolean);
  return (
    method.toLowerCase() + (parts.map((p) => (p.startsWith("{") ? `By${camel(p)}` : camel(p))).join("") || "Index")
  );
}

/** A query integer is validated as text (strict-schema.ts); the document shows the integer and its bounds. */
function cleanParameter(p: Json): Json {
  const any = p.schema?.anyOf as Json[] | undefined;
  if (!any) return p;
  const text = (s: Json) =>
    s.type === "string" &&
    typeof s.format === "string" &&
    (s.format === "integer" || s.format === "numeric" || s.format.startsWith(`${QUERY_INTEGER_FORMAT}:`));
  const real = any.filter((s) => !text(s));
  if (real.length !== 1 || real.length === any.length) return p;
  const description = p.schema.description ?? real[0]!.description;
  return { ...p, schema: description ? { ...real[0], description } : real[0] };
}

/**
 * The app's routes as the generator should see them. Every route carries the root's parse hook (body-limits.ts), a
 * function, and the generator lists no body content for a route whose parsers are all functions: leave them out.
 */
function documentedView(api: AnyElysia): AnyElysia {
  type Routes = { getGlobalRoutes(): AnyElysia["routes"] };
  const view = Object.create(api) as AnyElysia & Routes;
  view.getGlobalRoutes = () =>
    (api as unknown as Routes).getGlobalRoutes().map((route) => {
      const parse = (route.hooks as { parse?: { fn: unknown }[] } | undefined)?.parse;
      if (!Array.isArray(parse)) return route;
      const named = parse.filter((p) => typeof p.fn === "string");
      return { ...route, hooks: { ...route.hooks, parse: named.length ? named : undefined } } as typeof route;
    });
  return view;
}

/** Completes one operation; `explicitId` is a route's own `detail.operationId`. */
function polishOperation(method: string, path: string, op: Json, explicitId: string | undefined): Operation {
  const out: Json = { ...op };
  out.operationId = explicitId ?? operationIdOf(method, path);
  const seg = path.split("/").filter(Boolean);
  if (!out.tags?.length) out.tags = [seg[1] ? seg[1][0]!.toUpperCase() + seg[1].slice(1) : "Other"];
  if (!out.summary) out.summary = `${method.toUpperCase()} ${path}`;
  if (out.parameters) out.parameters = out.parameters.map(cleanParameter);
  // A JSON body is what the contract accepts; Elysia lists form encodings for every object body.
  const content = out.requestBody?.content as Json | undefined;
  if (content?.["application/json"])
    out.requestBody = { ...out.requestBody, content: { "application/json": content["application/json"] } };
  if (out.requestBody && !out.requestBody.description) delete out.requestBody.description;
  if (path.startsWith("/public/") && !out.security) out.security = [];

  // Every route declares its answer (`response`, or `detail.responses` when it answers a file or a redirect).
  const responses: Json = polishResponses(out.responses ?? {});
  const secured = !(Array.isArray(out.security) && out.security.length === 0);
  if (out.parameters?.length || out.requestBody) responses["400"] ??= ref("BadRequest");
  if (secured) {
    responses["401"] ??= ref("Unauthorized");
    responses["402"] ??= ref("PaymentRequired");
    responses["403"] ??= ref("Forbidden");
  }
  if (path.includes("{")) responses["404"] ??= ref("NotFound");
  responses["4XX"] ??= ref("Error");
  responses["5XX"] ??= ref("ServerError");
  out.responses = responses;
  return out as Operation;
}

/** The documented paths: the API's prefixes only, every operation completed, sorted by path. */
function polishPaths(
  raw: Record<string, Json>,
  explicitIds: Map<string, string>,
): Record<string, Record<string, Operation>> {
  const paths: Record<string, Record<string, Operation>> = {};
  for (const path of Object.keys(raw).sort()) {
    // Wildcard routes (catch-alls, CORS preflights) have no OpenAPI path template; they are not operations.
    if (!API_PREFIXES.some((p) => path.startsWith(p)) || path.includes("*")) continue;
    const ops: Record<string, Operation> = {};
    for (const method of METHODS) {
      if (raw[path]![method])
        ops[method] = polishOperation(method, path, raw[path]![method], explicitIds.get(`${method} ${path}`));
    }
    if (Object.keys(ops).length) paths[path] = ops;
  }
  return paths;
}

/** Keeps only the shared responses that some operation refers to. */
function usedResponses(paths: Record<string, Record<string, Operation>>): Record<string, Json> {
  const used = new Set<string>();
  for (const ops of Object.values(paths))
    for (const op of Object.values(ops))
      for (const r of Object.values(op.responses)) if (typeof r.$ref === "string") used.add(r.$ref.split("/").pop()!);
  return Object.fromEntries(Object.entries(RESPONSES).filter(([name]) => used.has(name)));
}

/** Builds the OpenAPI document of the API routes registered in the app `api` belongs to. */
export function openApiDocument(deps: Deps, api: AnyElysia) {
  const generated = toOpenAPISchema(documentedView(api), { staticFile: false }, undefined, undefined, "3.1.0") as {
    paths: Record<string, Json>;
    components: { schemas?: Record<string, unknown> };
  };
  const explicitIds = new Map<string, string>();
  for (const r of api.routes) {
    const id = (r.hooks as { detail?: { operationId?: string } } | undefined)?.detail?.operationId;
    if (id) explicitIds.set(`${r.method.toLowerCase()} ${r.path.replace(/:([^/]+)/g, "{$1}")}`, id);
  }
  const paths = polishPaths(generated.paths, explicitIds);
  const tags = [...new Set(Object.values(paths).flatMap((ops) => Object.values(ops).flatMap((op) => op.tags)))].sort();
  return {
    openapi: "3.1.0",
    info: {
      title: "Plaudit API",
      version: VERSION,
      description:
        'Collect, moderate and publish testimonials. Authenticate with `Authorization: Bearer <API key>`; test keys (`rk_test_`) reach only the sandbox, live keys only live data. `/public` routes need no credentials. Every error answers `{"error": {"code", "message", "details"?, "request_id"}}`.',
      license: { name: "Proprietary", identifier: "LicenseRef-Plaudit" },
    },
    servers: [{ url: deps.config.baseUrl, description: "This appliance." }],
    security: [{ bearer: [] }, { session: [] }],
    tags: tags.map((name) => ({ name, description: `${name} routes.` })),
    paths,
    components: {
      schemas: {
        ...(generated.components.schemas ?? {}),
        Error: errorSchema,
      },
      responses: usedResponses(paths),
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", description: "An API key: rk_test_… (sandbox) or rk_live_…" },
        session: {
          type: "apiKey",
          in: "cookie",
          name: "plaudit_session",
          description: "The dashboard's session cookie.",
        },
      },
    },
  };
}

const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** Serves the document and the reference page (built once, on first request, when every route is registered). */
export function apiReference(deps: Deps, api: AnyElysia) {
  let doc: OpenApiDocument | null = null;
  let page: string | null = null;
  const get = () => (doc ??= openApiDocument(deps, api));
  // Anyone may read the reference: declared as the access kernel declares public routes (no `access` macro here).
  const reference = { tags: ["Reference"], security: [], [ACCESS_PROPERTY]: { kind: "public" } };
  return new Elysia()
    .get("/v1/openapi.json", () => get(), {
      detail: {
        ...reference,
        summary: "This OpenAPI 3.1 document",
        responses: {
          200: {
            description: "The document.",
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: ["openapi", "info", "paths", "components"],
                  properties: {
                    openapi: { type: "string", enum: ["3.1.0"] },
                    info: { type: "object", description: "Title, version and licence." },
                    servers: { type: "array", items: { type: "object" } },
                    paths: { type: "object", description: "Every operation, by path and method." },
                    components: { type: "object", description: "Shared schemas, responses and security schemes." },
                  },
                },
              },
            },
          },
        },
      },
    })
    .get(
      "/v1/reference",
      () =>
        new Response((page ??= renderReference(get())), {
          headers: { "content-type": "text/html; charset=utf-8", "content-security-policy": PAGE_CSP },
        }),
      {
        detail: {
          ...reference,
          summary: "Readable API reference (HTML)",
          responses: {
            200: { description: "The reference page.", content: { "text/html": { schema: { type: "string" } } } },
          },
        },
      },
    );
}
