/**
 * Building blocks of schemas, mostly for answers. Each domain's `model.ts` writes its answers once from these and from its
 * request fields; routes declare them as `response`, presenters return `Static<typeof …>`, and the OpenAPI document
 * shows them. Numbers in answers are plain typebox numbers (Elysia's `t.Integer` coerces text, meant for input).
 */
import { t, type TSchema } from "elysia";
import { Type, type TInteger, type TLiteral, type TNull, type TString, type TUnion } from "@sinclair/typebox";

/** `schema` or `null` (an OpenAPI 3.1 `anyOf`, not 3.0's `nullable`). */
export const nullable = <T extends TSchema>(schema: T, description?: string): TUnion<[T, TNull]> =>
  t.Union([schema, t.Null()], description ? { description } : {});

/** The literal schemas of some words, as a tuple. */
type Literals<T extends readonly string[]> = Extract<{ -readonly [K in keyof T]: TLiteral<T[K]> }, TSchema[]>;

/** One of some fixed words (a union of literals, typed as the union of the words). */
export function oneOf<const T extends readonly [string, ...string[]]>(
  values: T,
  description?: string,
): TUnion<Literals<T>> {
  const literals = values.map((v) => t.Literal(v));
  return t.Union(literals, description ? { description } : {}) as unknown as TUnion<Literals<T>>;
}

/** An RFC 3339 time in UTC, like `2026-11-22T12:00:00.000Z`. */
export const timestamp = (description?: string): TString =>
  t.String({ format: "date-time", ...(description ? { description } : {}) });

/** A time, or null when it has not happened. */
export const maybeTimestamp = (description?: string) => nullable(timestamp(), description);

/** A whole number, zero or more. */
export const count = (description?: string): TInteger =>
  Type.Integer({ minimum: 0, ...(description ? { description } : {}) });

/** An absolute address. */
export const address = (description?: string): TString =>
  t.String({ format: "uri", ...(description ? { description } : {}) });

/** `live` or `test`: which side of the organisation a record belongs to. */
export const modeField = oneOf(["live", "test"], "live, or test (the sandbox).");

/** The answer of a delete that has nothing more to say than what it removed. */
export const deletedSchema = (what: string) =>
  t.Object({ id: t.String(), deleted: t.Literal(true) }, { description: `The ${what} was deleted.` });
