/**
 * Numbers at the boundary, strictly. Every route schema takes its numbers from here, never from Elysia's
 * `t.Integer`/`t.Number`/`t.Numeric`:
 *
 * - Elysia's `t.Integer` (and `t.Number` in a query) is a transform that also accepts a numeric string and checks
 *   the bounds in its decode step. In the minified executable Elysia swallows a failing decode (it recognises the
 *   error by its class name, which minifying renames), so `"rating":"-7"` or `?limit=1e9` went through unchecked.
 * - In a JSON body a number is a JSON number: `bodyInteger`/`bodyNumber` are plain typebox types (no string branch,
 *   no transform), so the validator checks type and bounds on the value the handler gets.
 * - A query value is text by nature: `queryInteger` accepts only a plain decimal integer (`0`, `42`, `-3`; never
 *   `1e9`, `1.5`, `0x10`, `+1`, `01`, or empty) inside its bounds, checked by a string format when the request is
 *   validated (not in the decode step), then hands the handler a number.
 *
 * Every integer has explicit bounds; the guard test (test/api/boundary-schemas.test.ts) walks every route's
 * schemas and fails on a coercing number or a number without bounds.
 */
import { FormatRegistry, Type, type TInteger, type TNumber } from "@sinclair/typebox";

/** Bounds every integer must state. */
export interface IntegerBounds {
  minimum: number;
  maximum: number;
  description?: string;
  default?: number;
}

/** Marks a number whose range a service checks itself (to name the failure its own way); see `bodyNumber`. */
export const CHECKED_BY = "x-range-checked-by";

/** Format names of query integers start with this; the OpenAPI document drops the string branch that carries it. */
export const QUERY_INTEGER_FORMAT = "plaudit-query-integer";

const DECIMAL = /^-?(0|[1-9][0-9]{0,15})$/;

/** Parses a query value as a plain decimal integer within bounds; null when it is anything else. */
export function parseQueryInteger(value: string, bounds: { minimum: number; maximum: number }): number | null {
  if (!DECIMAL.test(value)) return null;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < bounds.minimum || n > bounds.maximum) return null;
  return n;
}

function checkBounds(b: IntegerBounds) {
  if (!Number.isSafeInteger(b.minimum) || !Number.isSafeInteger(b.maximum) || b.minimum > b.maximum) {
    throw new Error(`integer bounds must be safe integers with minimum <= maximum (got ${b.minimum}..${b.maximum})`);
  }
}

/** An integer in a JSON body: a JSON number (a string is refused), whole, within `minimum`..`maximum`. */
export function bodyInteger(bounds: IntegerBounds): TInteger {
  checkBounds(bounds);
  return Type.Integer(bounds);
}

/**
 * A number in a JSON body: a JSON number (never a string). Give bounds, or name where the range is checked
 * (`checkedBy`) when a service reports an out-of-range value in its own words (imports report per row).
 */
export function bodyNumber(
  opts: ({ minimum: number; maximum: number } | { checkedBy: string }) & { description?: string },
): TNumber {
  const { checkedBy, ...rest } = opts as {
    checkedBy?: string;
    minimum?: number;
    maximum?: number;
    description?: string;
  };
  return checkedBy ? Type.Number({ ...rest, [CHECKED_BY]: checkedBy }) : Type.Number(rest);
}

/**
 * An integer in a query string: plain decimal text within `minimum`..`maximum` (so `1e9`, `-1` below a minimum of
 * 1, `1.5`, `0x10` and empty are 400s), decoded to a number. The documented type is the integer with its bounds.
 * Typed as the integer handlers receive (Elysia infers a route's query from the schema's static type, which for a
 * transform would be the text).
 */
export function queryInteger(bounds: IntegerBounds): TInteger {
  checkBounds(bounds);
  const format = `${QUERY_INTEGER_FORMAT}:${bounds.minimum}:${bounds.maximum}`;
  if (!FormatRegistry.Has(format)) FormatRegistry.Set(format, (value) => parseQueryInteger(value, bounds) !== null);
  const { description, ...range } = bounds;
  return Type.Transform(Type.Union([Type.String({ format }), Type.Integer(range)], description ? { description } : {}))
    .Decode((value) => (typeof value === "string" ? Number(value) : value))
    .Encode((value) => value) as unknown as TInteger;
}
