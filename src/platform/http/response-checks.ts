/**
 * Whether Elysia checks answers against the routes' `response` schemas at run time (docs/design-decisions.md,
 * "Schemas once"). Under test (`Config.validateResponses`) every answer is checked and a mismatch answers 500
 * `response_invalid` naming the field, so the API suite proves each route keeps its documented shape. In production
 * the schemas still type the handlers and fill the OpenAPI document, but are not checked: a mismatch can never turn
 * a good answer into a 500, and no field is ever removed (the root app runs with `normalize: false`, so Elysia never
 * strips properties a schema does not list).
 */
import type { AnyElysia } from "elysia";

type Schemas = Record<string, unknown>;

const isSchema = (v: unknown): v is Schemas =>
  !!v && typeof v === "object" && ("type" in v || "anyOf" in v || "$ref" in v || Symbol.for("TypeBox.Kind") in v);

/** A copy of a schema that Elysia documents but does not check (its own `noValidate` flag; the original is kept). */
const unchecked = (schema: Schemas) => ({ ...schema, noValidate: true });

/**
 * Turns off the answer checks of every route `app` holds, before the root app takes them in (`root.use(app)`):
 * each route's response schemas are replaced by unchecked copies, so routes of other apps built in the same process
 * (tests build many) keep theirs.
 */
export function skipResponseChecks(app: AnyElysia): void {
  for (const route of app.routes) {
    const hooks = route.hooks as { response?: unknown } | undefined;
    const response = hooks?.response;
    if (!hooks || !response || typeof response !== "object") continue;
    hooks.response = isSchema(response)
      ? unchecked(response)
      : Object.fromEntries(
          Object.entries(response as Schemas).map(([status, s]) => [status, isSchema(s) ? unchecked(s) : s]),
        );
  }
}
