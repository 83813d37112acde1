/**
 * The root error handler: turns every thrown error into the one body shape. AppError keeps its status and code;
 * Elysia's validation and parse errors become 400s naming the field; unknown errors are logged with a stack and
 * answered 500 `internal_error` with no internals. The same plugin puts the headers every answer carries (the
 * request id, `X-Content-Type-Options: nosniff`) on answers and errors alike.
 */
import { Elysia, ValidationError } from "elysia";
import { AppError } from "../errors";
import type { Logger } from "../log";
import { QUERY_INTEGER_FORMAT } from "./strict-schema";
import { textKindOf } from "./text-schema";
import { describeTextProblem, textProblem, type TextProblem } from "../text";
import { EVERY_ANSWER_HEADERS, requestIdFor } from "./request-id";

export { EVERY_ANSWER_HEADERS, requestIdFor };

/** A query integer's own words ("expected a whole number from 1 to 100") instead of the union's. */
function queryIntegerMessage(schema: unknown): string | null {
  const branches = (schema as { anyOf?: { format?: string }[] } | undefined)?.anyOf;
  const format = branches?.find(
    (b) => typeof b.format === "string" && b.format.startsWith(`${QUERY_INTEGER_FORMAT}:`),
  )?.format;
  if (!format) return null;
  const [, min, max] = format.split(":");
  return `Expected a whole number from ${min} to ${max}, written in digits`;
}

/** For a choice among fixed values (a union of literals), the values themselves ("expected one of: wall, carousel"). */
function choiceMessage(schema: unknown): string | null {
  const branches = (schema as { anyOf?: { const?: unknown }[] } | undefined)?.anyOf;
  if (!branches?.length || !branches.every((b) => b.const !== undefined)) return null;
  return `Expected one of: ${branches.map((b) => String(b.const)).join(", ")}`;
}

/** For display text holding a refused character, which one and why (a nullable field's text branch counts too). */
function textFailure(schema: unknown, value: unknown): TextProblem | null {
  if (typeof value !== "string") return null;
  const branches = (schema as { anyOf?: unknown[] } | undefined)?.anyOf ?? [schema];
  for (const branch of branches) {
    const kind = textKindOf(branch);
    const problem = kind && textProblem(value, kind);
    if (problem) return problem;
  }
  return null;
}

/** One failure as typebox reports it; a union's carries each branch's own failures. */
type Failure = { path?: string; schema?: unknown; value?: unknown; errors?: Iterable<Failure>[] };

/**
 * A refused character inside a union's branch (a nullable object: `call_to_action.label`, a list or null:
 * `options[1]`), which typebox reports only as "expected union value" at the union's path: the branch's own failure,
 * with its path and the character, or null when the union failed for another reason.
 */
function textFailureWithin(e: Failure, depth = 0): { path: string; problem: TextProblem } | null {
  const own = textFailure(e.schema, e.value);
  if (own) return { path: e.path ?? "", problem: own };
  if (depth > 8 || !Array.isArray(e.errors)) return null;
  for (const branch of e.errors) {
    for (const inner of branch) {
      const found = textFailureWithin(inner, depth + 1);
      if (found) return found;
    }
  }
  return null;
}

/** Converts a JSON pointer like `/rows/3/rating` into `rows[3].rating`. */
export function pointerToField(pointer: string): string {
  return pointer
    .split("/")
    .filter(Boolean)
    .map((part, i) => (/^\d+$/.test(part) ? `[${part}]` : i === 0 ? part : `.${part}`))
    .join("");
}

function validationBody(error: ValidationError) {
  const where =
    error.type === "query" ? "query" : error.type === "params" ? "path" : error.type === "headers" ? "header" : "body";
  const seen = new Set<string>();
  const errors: { field: string; message: string; reason?: string; character?: string }[] = [];
  for (const e of error.all) {
    // Refused characters are named ("contains a right-to-left override (U+202E), …"), not "should match format",
    // at the text's own path even inside a union.
    const text = textFailureWithin(e as Failure);
    const path = text ? text.path : "path" in e && typeof e.path === "string" ? e.path : "";
    const field = pointerToField(path);
    const key = field || where;
    if (seen.has(key)) continue;
    seen.add(key);
    if (text) {
      const { problem } = text;
      errors.push({
        field: key,
        message: describeTextProblem(problem),
        reason: problem.reason,
        character: problem.character,
      });
      continue;
    }
    const schema = "schema" in e ? e.schema : undefined;
    errors.push({
      field: key,
      message: queryIntegerMessage(schema) ?? choiceMessage(schema) ?? (("summary" in e && e.summary) || e.message),
    });
  }
  const first = errors[0];
  // A refused character is something to take out, and the message says so.
  const fix = first?.reason ? ". Remove it and send again." : "";
  const message = first
    ? `Invalid ${where}: ${first.field} ${first.message.replace(/^Expected/, "expected")}${fix}`.trim()
    : `Invalid ${where}.`;
  const why = first?.reason ? { reason: first.reason, character: first.character } : {};
  return { code: "validation_failed", message, details: { location: where, field: first?.field, ...why, errors } };
}

/** Builds the body for an error, and its status. */
export function errorResponse(
  error: unknown,
  code: string | number,
  requestId: string,
  log: Logger,
): { status: number; body: unknown } {
  // A limit refused while the body was parsed reaches us wrapped in Elysia's ParseError.
  if (code === "PARSE" && (error as Error)?.cause instanceof AppError) error = (error as Error).cause;
  if (error instanceof AppError) {
    const body: Record<string, unknown> = { code: error.code, message: error.message };
    if (error.details) body.details = error.details;
    if (error.limit) body.limit = error.limit;
    body.request_id = requestId;
    return { status: error.status, body: { error: body } };
  }
  // An answer that does not match its route's response schema (checked under test only, response-checks.ts): our
  // fault, loudly, naming the field, never blamed on the caller's body.
  if (error instanceof ValidationError && error.type === "response") {
    const { details } = validationBody(error);
    const message = `The answer does not match its documented schema: ${details.field || "root"} ${
      details.errors[0]?.message ?? ""
    }`.trim();
    log.error("response does not match its schema", { request_id: requestId, ...details, message });
    return {
      status: 500,
      body: { error: { code: "response_invalid", message, details: { field: details.field }, request_id: requestId } },
    };
  }
  if (error instanceof ValidationError) {
    return { status: 400, body: { error: { ...validationBody(error), request_id: requestId } } };
  }
  if (code === "NOT_FOUND") {
    return { status: 404, body: { error: { code: "not_found", message: "No such route.", request_id: requestId } } };
  }
  if (code === "PARSE") {
    return {
      status: 400,
      body: {
        error: {
          code: "invalid_body",
          message: "The request body could not be read: send valid JSON with Content-Type: application/json.",
          request_id: requestId,
        },
      },
    };
  }
  if (code === "INVALID_FILE_TYPE") {
    return {
      status: 415,
      body: {
        error: {
          code: "unsupported_media_type",
          message: "That file type is not accepted here.",
          request_id: requestId,
        },
      },
    };
  }
  const status =
    typeof (error as { status?: unknown })?.status === "number" ? (error as { status: number }).status : 500;
  if (status >= 400 && status < 500) {
    return {
      status,
      body: {
        error: { code: "bad_request", message: (error as Error)?.message || "Bad request.", request_id: requestId },
      },
    };
  }
  log.error("unhandled error", { request_id: requestId, error: String(error), stack: (error as Error)?.stack });
  return {
    status: 500,
    body: {
      error: {
        code: "internal_error",
        message: "Something went wrong on our side. The error was logged with this request id.",
        request_id: requestId,
      },
    },
  };
}

/** Plugin registering request ids and the error handler; must be used on the root app so unknown routes are covered. */
export function errorHandling(log: Logger) {
  return (
    new Elysia({ name: "error-handling" })
      .derive({ as: "global" }, ({ request }) => ({ requestId: requestIdFor(request) }))
      // A handler's own Response (kept documents, files) gets the header on itself: a header left in `set.headers`
      // makes Elysia rebuild that Response around a stream of its body on every request.
      // (Destructured: Elysia reads which context fields a hook uses from its parameters, and a hook taking the whole
      // context makes every request parse its cookies and query.)
      .onAfterHandle({ as: "global" }, ({ responseValue, set, requestId }) => {
        if (responseValue instanceof Response) {
          try {
            responseValue.headers.set("x-request-id", requestId);
            for (const [name, value] of Object.entries(EVERY_ANSWER_HEADERS)) responseValue.headers.set(name, value);
            return;
          } catch {
            // Immutable headers (a redirect made by Response.redirect): Elysia merges the headers below.
          }
        }
        set.headers["x-request-id"] = requestId;
        Object.assign(set.headers, EVERY_ANSWER_HEADERS);
      })
      .onError({ as: "global" }, ({ error, code, set, request, ...rest }) => {
        const requestId = (rest as { requestId?: string }).requestId ?? requestIdFor(request);
        const { status, body } = errorResponse(error, code, requestId, log);
        const headers: Record<string, string> = {
          "content-type": "application/json; charset=utf-8",
          "x-request-id": requestId,
          "cache-control": "no-store",
          ...EVERY_ANSWER_HEADERS,
        };
        // Public routes are called from other origins (capture pages, widgets): let them read the error too.
        if (new URL(request.url).pathname.startsWith("/public/")) headers["access-control-allow-origin"] = "*";
        return new Response(JSON.stringify(body), { status, headers });
      })
  );
}
