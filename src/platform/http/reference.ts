/**
 * The API's OpenAPI 3.1 document at `/v1/openapi.json`, generated from the routes' typebox schemas, and a
 * self-contained reference page at `/v1/reference` (no scripts from elsewhere).
 */
import { Elysia } from "elysia";
import { toOpenAPISchema } from "@elysiajs/openapi/openapi";
import type { AnyElysia } from "elysia";
import type { Deps } from "../deps";
import { VERSION } from "../../version";
import { renderReference } from "./reference-page";

/** Builds the OpenAPI document of the routes mounted on `api`. */
export function openApiDocument(deps: Deps, api: AnyElysia) {
  const { paths, components } = toOpenAPISchema(api, { staticFile: true }, undefined, undefined, "3.1.0") as { paths: Record<string, unknown>; components: { schemas?: Record<string, unknown> } };
  return {
    openapi: "3.1.0",
    info: {
      title: "Plaudit API",
      version: VERSION,
      description: "Collect, moderate and publish testimonials. Authenticate with `Authorization: Bearer <API key>`; test keys (`rk_test_`) reach only the sandbox.",
      license: { name: "Proprietary", identifier: "LicenseRef-Plaudit" },
    },
    servers: [{ url: deps.config.baseUrl }],
    security: [{ bearer: [] }, { session: [] }],
    tags: [...new Set(Object.values(paths).flatMap((ops) => Object.values(ops as Record<string, { tags?: string[] }>).flatMap((op) => op.tags ?? [])))].map((name) => ({ name, description: `${name} routes.` })),
    paths,
    components: {
      ...components,
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", description: "An API key: rk_test_… (sandbox) or rk_live_…" },
        session: { type: "apiKey", in: "cookie", name: "plaudit_session", description: "The dashboard's session cookie." },
      },
    },
  };
}

/** Serves the document and the reference page. */
export function apiReference(deps: Deps, api: AnyElysia) {
  let doc: ReturnType<typeof openApiDocument> | null = null;
  const get = () => (doc ??= openApiDocument(deps, api));
  return new Elysia()
    .get("/v1/openapi.json", () => get())
    .get("/v1/reference", () => new Response(renderReference(get()), {
      headers: { "content-type": "text/html; charset=utf-8", "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'" },
    }));
}
