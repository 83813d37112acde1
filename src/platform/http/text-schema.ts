/**
 * Display text at the boundary (issue 30). Every string a person types that is shown elsewhere (a name, a title, a
 * label, a subject, a testimonial, a message) is declared with `lineText` or `multiLineText` instead of
 * `t.String`, so the request's validation refuses what src/platform/text.ts refuses, with a 400
 * `validation_failed` naming the field (src/platform/http/errors.ts words it from the same rule). Line breaks
 * already arrive as `\n` (the body parser normalises them, src/platform/http/body-limits.ts).
 *
 * The guard test (test/api/text-input.test.ts) walks every route's body and fails on a string that is neither
 * display text declared here nor a known kind of non-display value (ids, addresses, tokens, passwords, choices).
 */
import { FormatRegistry, Type, type StringOptions, type TString } from "@sinclair/typebox";
import { isCleanText, type TextKind } from "../text";

/** The string formats of the two kinds of display text. */
export const TEXT_FORMATS: Record<TextKind, string> = { line: "plaudit-line", text: "plaudit-text" };

/** The kind of display text a schema declares, or null for any other schema. */
export function textKindOf(schema: unknown): TextKind | null {
  const format = (schema as { format?: unknown } | null)?.format;
  if (format === TEXT_FORMATS.line) return "line";
  if (format === TEXT_FORMATS.text) return "text";
  return null;
}

function declared(kind: TextKind, opts: Omit<StringOptions, "format">): TString {
  const format = TEXT_FORMATS[kind];
  // Registered when first used (by a model's schema), not when this file loads: nothing registers at import time.
  if (!FormatRegistry.Has(format)) FormatRegistry.Set(format, (value) => isCleanText(value, kind));
  return Type.String({ ...opts, format });
}

/** One line of display text: no control characters, no direction or zero-width characters (src/platform/text.ts). */
export const lineText = (opts: Omit<StringOptions, "format"> = {}): TString => declared("line", opts);

/** Display text that may span lines: `\n` and `\t` allowed; no other control characters, no direction overrides. */
export const multiLineText = (opts: Omit<StringOptions, "format"> = {}): TString => declared("text", opts);
