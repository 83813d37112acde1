/**
 * Request bodies are bounded before anything parses or validates them. One parse hook on the root app reads every
 * body itself, with a size cap per route class, and:
 * - JSON (`application/json`, `application/*+json`, or no Content-Type at all): a linear scan that respects
 *   strings refuses nesting deeper than `BODY_LIMITS.maxDepth`, then `JSON.parse`; bad JSON is `400 invalid_body`
 *   on every route, including routes whose body is optional (Elysia ignores bad JSON there);
 * - multipart forms: not read by the hook. A route that takes a form (the logo upload) reads it with
 *   `readForm` once it knows the caller may act, so a stranger's upload is never parsed; fields are never turned
 *   into JSON (Elysia would), so no field can smuggle a deep value past the scan;
 * - URL-encoded bodies: read within the cap, then given as Elysia would give them; text bodies are refused (415);
 * - a JSON body is an object or nothing: an array, a string, a number or null is `400 validation_failed` on
 *   every route (`objectBody`); the strings' line breaks are read as `\n`.
 * A body over its cap is `413 body_too_large` before it is read (Content-Length) or as soon as the bytes pass it.
 * Resumable upload chunks (`application/offset+octet-stream`) are not read here; the upload route bounds them.
 *
 * Why: a 100 KB `[[[[…` body overflowed the stack inside Elysia's validation error (it stringifies the value)
 * and blocked the event loop for seconds.
 */
import { Elysia } from "elysia";
import { parseQuery } from "elysia/parse-query";
import { AppError } from "../errors";
import { normaliseLineBreaksIn } from "../text";

/** The limits, in bytes and levels. */
export const BODY_LIMITS = {
  /** Deepest nesting of arrays and objects in a JSON body (the API's own bodies need 5). */
  maxDepth: 32,
  /** JSON bodies of ordinary routes; the largest legitimate one (20,000 characters of text) is far below. */
  jsonBytes: 256 * 1024,
  /** `POST /v1/imports`: up to 500 rows of up to 20,000 characters each. */
  importBytes: 16 * 1024 * 1024,
  /** Multipart forms (a logo is at most 5 MB). */
  multipartBytes: 8 * 1024 * 1024,
  /** URL-encoded and text bodies. */
  otherBytes: 256 * 1024,
} as const;

/** JSON routes with a cap of their own instead of `jsonBytes`, by method and path. */
const ROUTE_JSON_BYTES: Record<string, number> = {
  "POST /v1/imports": BODY_LIMITS.importBytes,
  // Analytics beacons (src/domains/analytics): 50 events take about 4 KB.
  "POST /public/beacons": 8 * 1024,
};

/**
 * Routes whose JSON may arrive as `text/plain`: `navigator.sendBeacon` sends a string that way, and only a
 * CORS-safelisted type spares the browser a preflight. The text is read and checked exactly like JSON.
 */
const TEXT_AS_JSON: ReadonlySet<string> = new Set(["POST /public/beacons"]);

/** The content types handled as JSON; a body with no Content-Type is read as JSON too (the API's only format). */
export function isJsonType(contentType: string): boolean {
  return (
    contentType === "" ||
    contentType === "application/json" ||
    (contentType.startsWith("application/") && contentType.endsWith("+json"))
  );
}

/** True when `text` (JSON) nests arrays/objects deeper than `max`; brackets inside strings do not count. Linear. */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > max) return true;
    } else if (c === 93 || c === 125) depth--;
  }
  return false;
}

function tooLarge(max: number): AppError {
  return new AppError("body_too_large", 413, `The request body is larger than this route accepts (${max} bytes).`, {
    max_bytes: max,
  });
}

/** Reads a body, refusing it as soon as it passes `max` bytes (or at once when Content-Length says it will). */
export async function readCapped(request: Request, max: number): Promise<Uint8Array> {
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > max) throw tooLarge(max);
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      throw tooLarge(max);
    }
    parts.push(value);
  }
  if (parts.length === 1) return parts[0]!;
  const all = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.byteLength;
  }
  return all;
}

/** Parses a JSON body within the depth limit; `undefined` for an empty body (the route then decides). */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === "") return undefined;
  if (jsonDepthExceeds(text, BODY_LIMITS.maxDepth)) {
    throw new AppError("invalid_body", 400, `The JSON body nests deeper than ${BODY_LIMITS.maxDepth} levels.`, {
      reason: "too_deep",
      max_depth: BODY_LIMITS.maxDepth,
    });
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError(
      "invalid_body",
      400,
      "The request body is not valid JSON: send valid JSON with Content-Type: application/json.",
      { reason: "invalid_json" },
    );
  }
}

async function formBody(request: Request, bytes: Uint8Array): Promise<Record<string, unknown>> {
  let form: FormData;
  try {
    form = await new Response(bytes as Uint8Array<ArrayBuffer>, {
      headers: { "content-type": request.headers.get("content-type") ?? "" },
    }).formData();
  } catch {
    throw new AppError("invalid_body", 400, "The multipart form could not be read.", { reason: "invalid_form" });
  }
  const out: Record<string, unknown> = Object.create(null);
  for (const [key, value] of form) {
    const prev = out[key];
    out[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return { ...out };
}

/** Reads a multipart form within `BODY_LIMITS.multipartBytes` (for routes that take one, after authorising). */
export async function readForm(request: Request): Promise<Record<string, unknown>> {
  return formBody(request, await readCapped(request, BODY_LIMITS.multipartBytes));
}

/** The body cap of a request: its route class. */
export function bodyCap(method: string, path: string, contentType: string): number {
  if (contentType === "multipart/form-data") return BODY_LIMITS.multipartBytes;
  if (isJsonType(contentType) || TEXT_AS_JSON.has(`${method} ${path}`))
    return ROUTE_JSON_BYTES[`${method} ${path}`] ?? BODY_LIMITS.jsonBytes;
  return BODY_LIMITS.otherBytes;
}

/** The parse hook: reads and parses every body within its limits (see the file comment). */
export async function parseBoundedBody(request: Request, path: string, contentType: string): Promise<unknown> {
  if (!request.body || contentType === "application/offset+octet-stream") return undefined;
  // An empty stand-in (not undefined, which would let Elysia read the form itself); the route calls `readForm`.
  if (contentType === "multipart/form-data") return {};
  if (request.headers.get("content-length") === "0") return undefined;
  const bytes = await readCapped(request, bodyCap(request.method, path, contentType));
  if (contentType === "multipart/form-data") return formBody(request, bytes);
  const text = new TextDecoder().decode(bytes);
  if (isJsonType(contentType) || (contentType === "text/plain" && TEXT_AS_JSON.has(`${request.method} ${path}`)))
    return objectBody(parseJsonBody(text));
  if (contentType === "application/x-www-form-urlencoded") return normaliseLineBreaksIn(parseQuery(text));
  // No route takes text: Elysia would read `"x"` as `{}` for an object body, so text is refused like other types.
  if (contentType.startsWith("text/") && text.trim() === "") return undefined;
  throw new AppError("unsupported_media_type", 415, "Send the body as JSON with Content-Type: application/json.", {
    content_type: contentType,
  });
}

/** What a body that is not an object is called in the refusal. */
function shapeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "string" ? "a string" : typeof value === "number" ? "a number" : `a ${typeof value}`;
}

/**
 * Every JSON body the API takes is an object (fields by name), or nothing. Anything else (an array, a string, a
 * number, null, `true`) is refused here, once for every route: Elysia otherwise reads `[]`, `"x"` or `1` as `{}`
 * for a route whose body is optional or has no required field, and the request went through.
 * Line breaks in the object's strings are read as `\n` (src/platform/text.ts).
 */
function objectBody(value: unknown): unknown {
  if (value === undefined) return undefined;
  if (value !== null && typeof value === "object" && !Array.isArray(value)) return normaliseLineBreaksIn(value);
  throw new AppError(
    "validation_failed",
    400,
    `Invalid body: expected a JSON object ({"field": value}), not ${shapeOf(value)}.`,
    { location: "body", field: "body", reason: "not_an_object" },
  );
}

/** Plugin for the root app: the bounded parse hook on every route. */
export function bodyLimits() {
  return (
    new Elysia({ name: "body-limits" })
      // Routes declaring `parse: "none"` read the raw stream themselves; with a global parse hook Elysia looks the
      // name up among named parsers, so it must exist (and take nothing).
      .parser("none", () => undefined)
      .onParse({ as: "global" }, ({ request, path }, contentType) => parseBoundedBody(request, path, contentType))
  );
}
